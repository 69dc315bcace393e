import type { ConfigCell } from "@/lib/config-explorer/config-cell";

import styles from "./config.module.css";

/** Lists longer than this show their first entries and a count of the rest (the CSV has them all). */
const LIST_PREVIEW = 6;

/** One explorer cell: text, a reference that points nowhere, a list, a nested table or fields. */
export function ConfigCellView({ cell }: { cell: ConfigCell | undefined }) {
  if (cell == null) return <span className={styles.none}>—</span>;
  if (typeof cell === "string") return <>{cell}</>;
  if (cell.table) {
    return (
      <table className={styles.nested}>
        <thead>
          <tr>
            {cell.table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cell.table.rows.map((row, i) => (
            <tr key={i}>
              {row.map((v, j) => (
                <td key={j}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (cell.fields) {
    return (
      <dl className={styles.fields}>
        {cell.fields.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  if (cell.list) {
    const shown = cell.list.slice(0, LIST_PREVIEW);
    const rest = cell.list.length - shown.length;
    return (
      <ul className={styles.cellList}>
        {shown.map((entry, i) => (
          <li key={i} className={entry.missing ? styles.missing : undefined}>
            {entry.href ? (
              <a href={entry.href} target="_blank" rel="noreferrer noopener">
                {entry.text}
              </a>
            ) : (
              entry.text
            )}
          </li>
        ))}
        {rest > 0 ? <li className={styles.none}>and {rest.toLocaleString("en-US")} more</li> : null}
      </ul>
    );
  }
  if (cell.missing) return <span className={styles.missing}>{cell.text}</span>;
  if (cell.mono) return <span className="mono">{cell.text}</span>;
  return <>{cell.text}</>;
}
