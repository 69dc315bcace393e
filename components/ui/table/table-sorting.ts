import {
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type SortingState,
} from "@tanstack/react-table";

/**
 * Sorting on TanStack Table, shared by every sortable table (components/ui/data-table.tsx, the
 * Overview's kitchen table): the engine orders the rows; our own markup draws them.
 */
export const sortingFeatures = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
export type SortingFeatures = typeof sortingFeatures;

export type SortDirection = "ascending" | "descending";

/**
 * A value as the engine sorts it. A missing value (null, undefined, "") becomes undefined, which
 * `sortUndefined: "last"` keeps last in both directions, so "slowest first" never starts with a blank.
 */
export function sortKey(value: unknown): number | string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  return typeof value === "number" ? value : String(value);
}

/**
 * Numbers by size, text in the reader's order: "natural" reads numbers inside text ("Grill 2"
 * before "Grill 10") and ignores case; "plain" is the locale's own order.
 */
export function compareSortKeys(a: unknown, b: unknown, text: "natural" | "plain" = "natural"): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collators[text]().compare(String(a), String(b));
}

/**
 * One collator per order, built on first use: `localeCompare` with options builds a new one on every
 * call, which a sort of a few hundred rows makes thousands of times.
 */
const collators = (() => {
  let natural: Intl.Collator | undefined;
  let plain: Intl.Collator | undefined;
  return {
    natural: () => (natural ??= new Intl.Collator(undefined, { numeric: true, sensitivity: "base" })),
    plain: () => (plain ??= new Intl.Collator()),
  };
})();

/** One sorted column, in our words. */
export function toSortingState(sort: { key: string; direction: SortDirection } | null): SortingState {
  return sort ? [{ id: sort.key, desc: sort.direction === "descending" }] : [];
}

/** aria-sort of a sortable header: which way the table is sorted by it, or "none". */
export function ariaSort(column: { getIsSorted: () => false | "asc" | "desc" }): SortDirection | "none" {
  const sorted = column.getIsSorted();
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}

/** The arrow beside a header's label (hidden from screen readers, which read aria-sort). */
export function sortArrow(direction: SortDirection | "none"): string {
  return direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕";
}
