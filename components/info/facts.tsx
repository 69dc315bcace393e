import type { ReactNode } from "react";

import styles from "./info.module.css";

/** A card of label/value pairs (a <dl>), the Info page's basic unit. */
export function Facts({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId} data-testid={id}>
      <h2 id={headingId}>{title}</h2>
      <dl className={styles.facts}>{children}</dl>
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === "" ? "—" : children}</dd>
    </div>
  );
}

export function YesNo({ value }: { value: boolean | null | undefined }) {
  if (value === null || value === undefined) return <>—</>;
  return <span className={value ? styles.yes : styles.no}>{value ? "Yes" : "No"}</span>;
}
