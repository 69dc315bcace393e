"use client";

import { ProgressBar } from "@/components/ui/states";
import { progressText, type PeriodProgress } from "@/lib/kitchen/present/range-progress";

import styles from "./range-progress.module.css";

/**
 * The progress of a range still being fetched from the Platform, for the period shown and the
 * previous one it is compared with, side by side: both are fetched at the same time, and the
 * figures appear as soon as the period shown is ready, the changes once the previous one is.
 */
export function RangeProgress({ periods }: { periods: PeriodProgress[] }) {
  const [main, previous] = periods;
  const note = !main?.ready
    ? "The figures appear as soon as every day of this period is in; each day is fetched once and kept."
    : previous && !previous.ready
      ? "The figures below are complete; their changes against the previous period appear when its days are in."
      : "";
  return (
    <section
      className={`card ${styles.panel}`}
      aria-labelledby="range-progress-title"
      data-testid="range-progress"
    >
      <h2 id="range-progress-title" className={styles.title}>
        Fetching kitchen data from the Platform
      </h2>
      {note ? <p className={styles.note}>{note}</p> : null}
      <div className={styles.periods}>
        {periods.map((p) => (
          <div key={p.label} className={styles.period} data-testid="period-progress">
            <p className={styles.label}>
              <span className={styles.name}>{p.label}:</span>{" "}
              <span className={styles.count}>{progressText(p)}</span>
              {p.ready ? <span className={styles.done}> ✓</span> : null}
            </p>
            <ProgressBar
              label={`${p.label}: days ready`}
              value={p.answered}
              max={p.total}
              valueText={progressText(p)}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
