"use client";

import styles from "@/components/kitchen/kitchen-view.module.css";
import {
  TODAY_COMPARISON_LABELS,
  TODAY_COMPARISONS,
  type Comparison,
  type TodayComparison,
} from "@/lib/kitchen/contract/today-comparison";

/**
 * Today's like-for-like comparison: which dates and times the changes beside the figures compare
 * ("Today until 2:24 PM vs Mon, Nov 16, 2026 until 2:24 PM"), and what today is compared with.
 */
export function TodayComparisonLine({
  comparison,
  compareWith,
  onChange,
}: {
  comparison: Comparison;
  compareWith: TodayComparison;
  onChange: (compareWith: TodayComparison) => void;
}) {
  return (
    <div className={styles.todayComparison}>
      <label className={styles.todayComparisonField}>
        Compare today with
        <select
          className="select"
          value={compareWith}
          onChange={(e) => onChange(e.target.value as TodayComparison)}
        >
          {TODAY_COMPARISONS.map((c) => (
            <option key={c} value={c}>
              {TODAY_COMPARISON_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <p className={styles.updated} data-testid="comparison-label">
        {comparison.label ?? "Working out the time to compare up to…"}
      </p>
    </div>
  );
}
