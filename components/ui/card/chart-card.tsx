"use client";

import { useId, useState, type ReactNode } from "react";

import { CardHeading } from "./card-heading";
import styles from "./chart-card.module.css";

/**
 * A chart with its table one keyboard press away, and whatever downloads belong to it. The table
 * is the accessible equivalent of the chart, so it is a real <table>, not a tooltip dump.
 */
export function ChartCard({
  title,
  description,
  actions,
  table,
  children,
  headingLevel,
  defaultShowTable = false,
}: {
  title: string;
  description?: ReactNode;
  /** Buttons in the header, typically a CsvDownloadButton. */
  actions?: ReactNode;
  /** The chart's data table, shown by the toggle. */
  table?: ReactNode;
  children: ReactNode;
  /** Unset: h2, or h3 inside a titled section (card-heading.ts). */
  headingLevel?: 2 | 3;
  defaultShowTable?: boolean;
}) {
  const [showTable, setShowTable] = useState(defaultShowTable);
  const tableId = useId();
  const headingId = useId();

  return (
    <section className={`card ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <CardHeading level={headingLevel} id={headingId} className={styles.title}>
            {title}
          </CardHeading>
          {description ? <div className={styles.description}>{description}</div> : null}
        </div>
        <div className={styles.actions}>
          {table ? (
            <button
              type="button"
              className="button"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((v) => !v)}
            >
              {showTable ? "Hide table" : "Show table"}
            </button>
          ) : null}
          {actions}
        </div>
      </div>
      <div className={styles.chart}>{children}</div>
      {table ? (
        <div id={tableId} hidden={!showTable}>
          {showTable ? table : null}
        </div>
      ) : null}
    </section>
  );
}
