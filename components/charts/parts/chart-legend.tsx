import styles from "./chart-legend.module.css";

export interface LegendEntry {
  label: string;
  color: string;
  /** "bar": filled swatch (faded when `faded`); "line": dashed line, for reference marks. */
  shape?: "bar" | "line";
  faded?: boolean;
}

/** An HTML legend above the chart: it wraps on phones, where recharts' SVG legend overflows. */
export function ChartLegend({ entries }: { entries: LegendEntry[] }) {
  return (
    <ul className={styles.legend} aria-label="Legend">
      {entries.map((entry) => (
        <li key={entry.label} className={styles.item}>
          {entry.shape === "line" ? (
            <span className={styles.line} style={{ color: entry.color }} aria-hidden="true" />
          ) : (
            <span
              className={styles.swatch}
              style={{ color: entry.color, background: entry.color, opacity: entry.faded ? 0.45 : 1 }}
              aria-hidden="true"
            />
          )}
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
