import styles from "@/components/kitchen/kitchen-view.module.css";
import { KITCHEN_METRICS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import {
  COMMON_RULES,
  ITEMS_DEFINITION,
  LEVEL_DESCRIPTIONS,
  METRIC_DESCRIPTIONS,
  METRIC_FORMULAS,
  ON_TIME_DEFINITION,
} from "@/lib/kitchen/present/metric-definitions";

/** The definition of the chosen metric in one line, the rest one click away. */
export function MetricNote({ metric, levels }: { metric: KitchenMetric; levels: readonly KitchenLevel[] }) {
  return (
    <div className={styles.metricNote} data-testid="metric-note">
      <p>
        <strong>{METRIC_LABELS[metric]}</strong> = {METRIC_FORMULAS[metric]}. {METRIC_DESCRIPTIONS[metric]}
      </p>
      <details>
        <summary>How these numbers are counted</summary>
        <ul>
          {KITCHEN_METRICS.map((m) => (
            <li key={m}>
              <strong>{METRIC_LABELS[m]}</strong> = {METRIC_FORMULAS[m]}.
            </li>
          ))}
          <li>{COMMON_RULES}</li>
          <li>{ITEMS_DEFINITION}</li>
          <li>{ON_TIME_DEFINITION}</li>
          {levels.map((level) => (
            <li key={level}>{LEVEL_DESCRIPTIONS[level]}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
