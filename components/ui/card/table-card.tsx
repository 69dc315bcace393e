import { useId, type ReactNode } from "react";

import { CardHeading } from "./card-heading";
import styles from "./table-card.module.css";

/** A titled card holding a table (lists that are read, not charted: slowest items, tickets). */
export function TableCard({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section className={`card ${styles.tableCard}`} aria-labelledby={headingId} data-testid={testId}>
      <div className={styles.header}>
        <div>
          <CardHeading id={headingId} className={styles.title}>
            {title}
          </CardHeading>
          {description ? <div className={styles.description}>{description}</div> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
