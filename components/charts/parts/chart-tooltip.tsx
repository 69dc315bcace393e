import type { ReactNode } from "react";

import styles from "./chart-tooltip.module.css";

export interface TooltipRow {
  label: string;
  value: string;
  color?: string;
}

/** The one tooltip look of every chart: a title, label/value rows with colour swatches, a note. */
export function ChartTooltipBox({
  title,
  rows,
  note,
}: {
  title: ReactNode;
  rows: TooltipRow[];
  note?: ReactNode;
}) {
  return (
    <div className={styles.tooltip}>
      <p className={styles.title}>{title}</p>
      <div className={styles.rows}>
        {rows.map((row) => (
          <div key={row.label} style={{ display: "contents" }}>
            <span
              className={styles.swatch}
              style={{ background: row.color ?? "transparent" }}
              aria-hidden="true"
            />
            <span className={styles.label}>{row.label}</span>
            <span className={styles.value}>{row.value}</span>
          </div>
        ))}
      </div>
      {note ? <p className={styles.note}>{note}</p> : null}
    </div>
  );
}
