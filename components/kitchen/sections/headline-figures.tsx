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
import { levelItems, levelStats } from "@/lib/kitchen/present/summary-shapes";

import styles from "./headline-figures.module.css";

type ChangeState = "off" | "loading" | "ready";

function ChangeText({ change, state }: { change: Change; state: ChangeState }) {
  if (state === "off") return null;
  // Holds the line while the previous period loads, so the figures do not jump when it arrives.
  if (state === "loading") return <span className={styles.change} aria-hidden="true" />;
  if (change.text === null)
    return <span className={`${styles.change} ${styles.neutral}`}>no data before</span>;
  const arrow = change.direction === "up" ? "▲" : change.direction === "down" ? "▼" : "";
  return (
    <span className={`${styles.change} ${styles[change.tone]}`} title={change.description}>
      <span aria-hidden="true">
        {arrow} {change.text}
      </span>
      <span className="visually-hidden">{change.description}</span>
    </span>
  );
}

function Figure({
  label,
  value,
  change,
  sub,
  compare,
}: {
  label: string;
  value: string;
  change: Change;
  sub?: string;
  compare: ChangeState;
}) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.value}>{value}</span>
        <ChangeText change={change} state={compare} />
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
}: {
  summary: Pick<KitchenSummary, "levels" | "withinTarget">;
  /** The previous period's summary; undefined while it loads (no change is shown yet). */
  previous: Pick<KitchenSummary, "levels" | "withinTarget"> | undefined;
  levels: KitchenLevel[];
  compare: boolean;
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
                value={formatCount(items)}
                change={formatChange(items, itemsBefore, "count", "neutral")}
                sub={`${formatCount(now?.count ?? 0)} station fulfillments`}
                compare={showChange}
              />
              <Figure
                label="p50"
                value={formatDuration(now?.p50)}
                change={formatChange(now?.p50, before?.p50, "duration", "lower-is-better")}
                compare={showChange}
              />
              <Figure
                label="p90"
                value={formatDuration(now?.p90)}
                change={formatChange(now?.p90, before?.p90, "duration", "lower-is-better")}
                compare={showChange}
              />
              <Figure
                label="On time"
                value={formatShare(target?.share)}
                change={formatChange(target?.share, targetBefore?.share, "share", "higher-is-better")}
                sub={target ? `target ${formatDuration(target.targetSeconds)}` : undefined}
                compare={showChange}
              />
              {/* The count a manager takes to the team: over the target that applies (a station's own where set), and over 1.5 × it. */}
              <Figure
                label="Late"
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
