import { useId, type ReactNode } from "react";

import styles from "@/components/kitchen/kitchen-view.module.css";
import { CardHeading } from "@/components/ui/card/card-heading";

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
      <div className={styles.tableCardHeader}>
        <div>
          <CardHeading id={headingId} className={styles.tableCardTitle}>
            {title}
          </CardHeading>
          {description ? <div className={styles.tableCardDescription}>{description}</div> : null}
        </div>
        {actions ? <div className={styles.tableCardActions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
