import type { ReactNode } from "react";

import styles from "./sort-header.module.css";
import { ariaSort, sortArrow } from "./table-sorting";

/**
 * A sortable column's header in a table drawn with our own markup (the Overview's kitchen table,
 * the items matrix): a button that toggles the engine's sorting, the arrow, and `aria-sort` on
 * the cell. A missing column (not built yet) draws the header without sorting.
 */
export function SortHeader({
  column,
  label,
  className,
  children,
}: {
  column: { getIsSorted: () => false | "asc" | "desc"; toggleSorting: () => void } | undefined;
  label: string;
  className?: string;
  children?: ReactNode;
}) {
  const direction = ariaSort(column ?? { getIsSorted: () => false });
  return (
    <th scope="col" className={className} aria-sort={direction}>
      <button type="button" className={styles.sort} onClick={() => column?.toggleSorting()}>
        {label}
        <span aria-hidden="true">{sortArrow(direction)}</span>
      </button>
      {children}
    </th>
  );
}
