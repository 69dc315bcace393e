import { MIN_RANKED_COUNT } from "./ranking";
import type { KitchenOverviewRow, OverviewLevelFigures, OverviewMover } from "./responses";

/**
 * The Overview's status of a restaurant (issue 34): On track, Watch or Act, with its reason in
 * words, from the figures the Overview already has at level 0 (the prep stations, where a late
 * item starts): the late items (records over the target that applies to them), their share of the
 * records, and the change of that share and of the p90 against the period before.
 *
 * The rule, in order (a level-0 share late of 9.1% is 0.091):
 * - fewer than MIN_RANKED_COUNT records this period: On track, "too few to judge" (a handful of
 *   records is no evidence either way);
 * - Act: share late ≥ ACT_LATE_SHARE, or share late ≥ WATCH_LATE_SHARE while getting worse;
 * - Watch: share late ≥ WATCH_LATE_SHARE, or getting worse;
 * - On track otherwise.
 * "Getting worse" is the share late up by WORSE_POINTS percentage points or more, or the p90 up by
 * WORSE_P90_SECONDS or more, against a previous period with at least MIN_RANKED_COUNT records
 * (without one there is no change to judge).
 *
 * The lines are set so that a busy kitchen a fifth late on the default 10-minute target, and
 * steady, is watched rather than acted on (the demo group's kitchens run 11-28% late), while one
 * of them getting worse stands out as the one to act on: status says "needs me", not "is slow".
 */

/** Share of level-0 records late at which a restaurant is to act on whatever its trend. */
export const ACT_LATE_SHARE = 0.3;
/** Share of level-0 records late at which a restaurant is to watch. */
export const WATCH_LATE_SHARE = 0.15;
/** A rise of the share late, in percentage points, that counts as getting worse. */
export const WORSE_POINTS = 2;
/** A rise of the level-0 p90, in seconds, that counts as getting worse. */
export const WORSE_P90_SECONDS = 20;
/** The smallest change of the share late, in points, that makes a restaurant a mover. */
export const MOVER_POINTS = 1;
/** How many movers are named each way. */
export const MOVERS_SHOWN = 3;

export type VerdictStatus = "on_track" | "watch" | "act";

export const VERDICT_LABELS: Record<VerdictStatus, string> = {
  on_track: "On track",
  watch: "Watch",
  act: "Act",
};

/** One period's level-0 figures, as the Overview row holds them. */
export interface StatusFigures {
  /** Records with a time at level 0. */
  records: number;
  /** Of those, over the target that applies to them. */
  late: number;
  p90: number | null;
}

export interface StatusVerdict {
  status: VerdictStatus;
  reason: string;
}

const shareOf = (f: StatusFigures) => (f.records > 0 ? f.late / f.records : 0);

/** The changes against the period before, or null when that period has too few records to compare. */
function changes(current: StatusFigures, previous: StatusFigures | null) {
  if (!previous || previous.records < MIN_RANKED_COUNT) return null;
  const points = (shareOf(current) - shareOf(previous)) * 100;
  const p90 = current.p90 !== null && previous.p90 !== null ? Math.round(current.p90 - previous.p90) : null;
  return { points, p90 };
}

const signed = (n: number, digits: number) =>
  `${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n).toFixed(digits)}`;

/**
 * The status of a restaurant and its reason, e.g. "412 late items, 9.1% late at level 0 (+2.3 pts),
 * +24 s p90 vs previous week". `previousLabel` names the period before ("previous week").
 */
export function restaurantVerdict(
  current: StatusFigures,
  previous: StatusFigures | null,
  previousLabel: string,
): StatusVerdict {
  const count = current.late.toLocaleString("en-US");
  const items = `${count} late item${current.late === 1 ? "" : "s"}`;
  if (current.records < MIN_RANKED_COUNT)
    return {
      status: "on_track",
      reason: `${items} of ${current.records} record${current.records === 1 ? "" : "s"} at level 0: too few to judge`,
    };
  const share = shareOf(current);
  const change = changes(current, previous);
  const worse =
    change !== null &&
    (change.points >= WORSE_POINTS || (change.p90 !== null && change.p90 >= WORSE_P90_SECONDS));
  const status: VerdictStatus =
    share >= ACT_LATE_SHARE || (share >= WATCH_LATE_SHARE && worse)
      ? "act"
      : share >= WATCH_LATE_SHARE || worse
        ? "watch"
        : "on_track";
  const shareText = `${(share * 100).toFixed(1)}% late at level 0`;
  const reason = change
    ? `${items}, ${shareText} (${signed(change.points, 1)} pts), ${
        change.p90 === null ? "no p90" : `${signed(change.p90, 0)} s p90`
      } vs ${previousLabel}`
    : `${items}, ${shareText}, no ${previousLabel} to compare`;
  return { status, reason };
}

/** What ranking and the movers read of an Overview row. */
export interface RankedRow {
  restaurantGuid: string;
  restaurantName: string;
  /** Only ready rows are ranked by their figures; the others follow, by name. */
  ready: boolean;
  current: StatusFigures;
  previous: StatusFigures | null;
}

/**
 * The Overview's order: most late items first (a late item is one a guest waited too long for,
 * so the count is what the kitchen has to answer for, unlike a percentile of a handful), then the
 * higher share late, then the name; restaurants without figures last, by name.
 */
export function rankRestaurants<T extends RankedRow>(rows: readonly T[]): T[] {
  const byName = (a: T, b: T) => a.restaurantName.localeCompare(b.restaurantName, "en");
  return [...rows].sort((a, b) => {
    if (a.ready !== b.ready) return a.ready ? -1 : 1;
    if (!a.ready) return byName(a, b);
    return b.current.late - a.current.late || shareOf(b.current) - shareOf(a.current) || byName(a, b);
  });
}

const level0 = (figures: OverviewLevelFigures[]): StatusFigures | null => {
  const f = figures.find((x) => x.level === 0);
  return f ? { records: f.records, late: f.late ?? 0, p90: f.p90 } : null;
};

/** An Overview row as ranking and the movers read it: its level-0 figures of both periods. */
export function rankedRowOf(row: KitchenOverviewRow): RankedRow {
  return {
    restaurantGuid: row.restaurantGuid,
    restaurantName: row.restaurantName,
    ready: row.status === "ready",
    current: level0(row.current) ?? { records: 0, late: 0, p90: null },
    previous: level0(row.previous),
  };
}

/**
 * The biggest movers against the period before: worse when the share late rose by MOVER_POINTS
 * or more, or the p90 by WORSE_P90_SECONDS or more without the share late falling by MOVER_POINTS
 * (so the kitchen the status rule calls "getting worse" by its p90 is named too); better the
 * mirror. By the share late first (not the late count, which moves with the covers), then the
 * p90; at most MOVERS_SHOWN each way; both periods with at least MIN_RANKED_COUNT records.
 */
export function biggestMovers(rows: readonly RankedRow[]): {
  worse: OverviewMover[];
  better: OverviewMover[];
} {
  const worse: OverviewMover[] = [];
  const better: OverviewMover[] = [];
  for (const r of rows) {
    if (!r.ready || r.current.records < MIN_RANKED_COUNT) continue;
    const change = changes(r.current, r.previous);
    if (!change) continue;
    const p90 = change.p90 ?? 0;
    const mover = {
      restaurantGuid: r.restaurantGuid,
      restaurantName: r.restaurantName,
      latePoints: Math.round(change.points * 10) / 10,
      p90Seconds: change.p90,
    };
    if (change.points >= MOVER_POINTS || (p90 >= WORSE_P90_SECONDS && change.points > -MOVER_POINTS))
      worse.push(mover);
    else if (change.points <= -MOVER_POINTS || (p90 <= -WORSE_P90_SECONDS && change.points < MOVER_POINTS))
      better.push(mover);
  }
  const p90Of = (m: OverviewMover) => m.p90Seconds ?? 0;
  return {
    worse: worse.sort((a, b) => b.latePoints - a.latePoints || p90Of(b) - p90Of(a)).slice(0, MOVERS_SHOWN),
    better: better.sort((a, b) => a.latePoints - b.latePoints || p90Of(a) - p90Of(b)).slice(0, MOVERS_SHOWN),
  };
}

/** A station's late items in the period, as the stations section counts them at level 0. */
export interface StationLate {
  stationGuid: string | null;
  stationName: string | null;
  records: number;
  late: number;
}

/**
 * The station with the most late items, among those with at least MIN_RANKED_COUNT records (a
 * station of six records is no finding); the higher share late, then the name, break ties. Null
 * when no station qualifies or none has a late item.
 */
export function worstStation(stations: readonly StationLate[]): StationLate | null {
  const ranked = stations
    .filter((s) => s.records >= MIN_RANKED_COUNT && s.late > 0)
    .sort(
      (a, b) =>
        b.late - a.late ||
        b.late / b.records - a.late / a.records ||
        (a.stationName ?? "").localeCompare(b.stationName ?? "", "en"),
    );
  return ranked[0] ?? null;
}

/** The words for the period before a range: "previous week" after a week, "previous day" after a day. */
export function previousPeriodLabel(days: number): string {
  if (days === 1) return "previous day";
  if (days === 7) return "previous week";
  return `previous ${days} days`;
}
