import { Skeleton } from "@/components/ui/states";
import { type KitchenSummary } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import {
  formatChange,
  formatCount,
  formatDuration,
  formatShare,
  type Change,
} from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { levelDaySeries, sparklineRuns, type LevelDaySeries } from "@/lib/kitchen/present/sparkline";
import { levelItems, levelStats } from "@/lib/kitchen/present/summary-shapes";

import styles from "./headline-figures.module.css";

type ChangeState = "off" | "loading" | "ready";

function ChangeText({ change, state }: { change: Change; state: ChangeState }) {
  if (state === "off") return null;
  // Holds the line while the previous period loads, so the figures do not jump when it arrives.
  if (state === "loading") return <span className={styles.change} aria-hidden="true" />;
  if (change.text === null)
    return <span className={`${styles.change} ${styles.pill} ${styles.neutral}`}>no data before</span>;
  const arrow = change.direction === "up" ? "▲" : change.direction === "down" ? "▼" : "";
  return (
    <span
      className={`${styles.change} ${styles.pill} ${styles[change.tone]}`}
      title={change.description}
      data-tone={change.tone}
    >
      <span aria-hidden="true">
        {arrow} {change.text}
      </span>
      <span className="visually-hidden">{change.description}</span>
    </span>
  );
}

const SPARK_WIDTH = 96;
const SPARK_HEIGHT = 24;

/** The figure per day over the range, drawn small (decorative: the trend section has the table). */
function Sparkline({ values }: { values: readonly (number | null)[] | undefined }) {
  const runs = values && values.length > 1 ? sparklineRuns(values, SPARK_WIDTH, SPARK_HEIGHT) : [];
  return (
    <svg
      className={styles.spark}
      width={SPARK_WIDTH}
      height={SPARK_HEIGHT}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      data-testid={runs.length ? "sparkline" : undefined}
    >
      {runs.map((points) => (
        <polyline key={points} points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
      ))}
    </svg>
  );
}

function Figure({
  label,
  value,
  change,
  sub,
  compare,
  days,
}: {
  label: string;
  value: string;
  change: Change;
  sub?: string;
  compare: ChangeState;
  /** The figure per day, once the trend section is in (no sparkline before). */
  days?: readonly (number | null)[];
}) {
  return (
    <div className={styles.figure} data-testid="kpi">
      <dt>{label}</dt>
      <dd>
        <span className={styles.value}>{value}</span>
        <span className={styles.changeRow}>
          <ChangeText change={change} state={compare} />
        </span>
        <Sparkline values={days} />
        {sub ? <span className={styles.sub}>{sub}</span> : null}
      </dd>
    </div>
  );
}

/**
 * The figures a manager reads first: per level, items (and station fulfillments), p50, p90 and the share on time, each with
 * its change against the previous period of the same length.
 */
export function HeadlineFigures({
  summary,
  previous,
  levels,
  compare,
  days,
}: {
  summary: Pick<KitchenSummary, "levels" | "withinTarget" | "from" | "to">;
  /** The previous period's summary; undefined while it loads (no change is shown yet). */
  previous: Pick<KitchenSummary, "levels" | "withinTarget"> | undefined;
  levels: KitchenLevel[];
  compare: boolean;
  /** The trend section's per-day figures, for the sparklines; undefined until it is in. */
  days?: KitchenSummary["days"];
}) {
  const showChange: ChangeState = !compare ? "off" : previous === undefined ? "loading" : "ready";
  return (
    <div className={styles.grid} data-testid="headline-figures">
      {levels.map((level) => {
        const now = levelStats(summary, level);
        const before = previous ? levelStats(previous, level) : null;
        // Distinct items ordered; the records (an item fulfilled at two stations is two) are beneath.
        const items = levelItems(summary, level);
        const itemsBefore = previous ? levelItems(previous, level) : null;
        const target = summary.withinTarget.find((t) => t.level === level);
        const targetBefore = previous?.withinTarget.find((t) => t.level === level);
        const series: Partial<LevelDaySeries> = days
          ? levelDaySeries(days, level, summary.from, summary.to)
          : {};
        return (
          <section
            key={level}
            className={`card ${styles.levelCard}`}
            aria-label={`Level ${level}, ${LEVEL_LABELS[level]}`}
          >
            <h3 className={styles.levelTitle}>
              Level {level} · {LEVEL_LABELS[level]}
            </h3>
            <dl className={styles.figures}>
              <Figure
                label="Items"
                days={series.records}
                value={formatCount(items)}
                change={formatChange(items, itemsBefore, "count", "neutral")}
                sub={`${formatCount(now?.count ?? 0)} station fulfillments`}
                compare={showChange}
              />
              <Figure
                label="p50"
                days={series.p50}
                value={formatDuration(now?.p50)}
                change={formatChange(now?.p50, before?.p50, "duration", "lower-is-better")}
                compare={showChange}
              />
              <Figure
                label="p90"
                days={series.p90}
                value={formatDuration(now?.p90)}
                change={formatChange(now?.p90, before?.p90, "duration", "lower-is-better")}
                compare={showChange}
              />
              <Figure
                label="On time"
                days={series.onTime}
                value={formatShare(target?.share)}
                change={formatChange(target?.share, targetBefore?.share, "share", "higher-is-better")}
                sub={target ? `target ${formatDuration(target.targetSeconds)}` : undefined}
                compare={showChange}
              />
              {/* The count a manager takes to the team: over the target that applies (a station's own where set), and over 1.5 × it. */}
              <Figure
                label="Late"
                days={series.late}
                value={formatCount(target?.late ?? null)}
                change={formatChange(target?.late, targetBefore?.late, "count", "lower-is-better")}
                sub={target ? `${formatCount(target.veryLate)} very late (over 1.5 × target)` : undefined}
                compare={showChange}
              />
            </dl>
          </section>
        );
      })}
    </div>
  );
}

/** Holds the figures' space while the first summary loads. */
export function HeadlineSkeleton({ levels = 2 }: { levels?: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: levels }, (_, i) => (
        <div key={i} className={`card ${styles.levelCard}`}>
          <Skeleton height={18} width="40%" />
          <div className={styles.figures} style={{ marginTop: 12 }}>
            {Array.from({ length: 4 }, (__, j) => (
              <Skeleton key={j} height={52} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
