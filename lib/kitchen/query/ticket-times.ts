import type { KitchenSummary, LevelStats } from "@/lib/kitchen/contract/responses";
import { veryLateSeconds } from "@/lib/kitchen/contract/targets";
import { KITCHEN_LEVELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { AT_LEVEL, AT_X, CELL_WIDTH, UNKNOWN_HOUR, type CubePart } from "@/lib/kitchen/ingest/day-summary";
import { ScratchArena, type DenseHistograms } from "@/lib/kitchen/query/dense-histograms";
import {
  addCellsInto,
  cellMatches,
  cutCube,
  cutSecondsOf,
  dayFilter,
  detailOf,
  histogramBins,
  marginalsAnswer,
  spanHintOf,
  trendSources,
  type DayFilter,
  type RangeParts,
  type SummaryFilters,
} from "@/lib/kitchen/query/range-summary";

/**
 * The range's ticket times (lib/kitchen/ingest/ticket-times.ts says what one is), merged from the
 * days' and rollups' ticket cubes exactly as the record figures are: a sum of one-second
 * histograms. Per level, by hour of fire and per business date. The station filter reads the
 * per-station cube (each ticket restricted to that station's records), every other query the one
 * with the station summed out, so a ticket at two stations is one ticket. The outlier cut leaves
 * out the tickets whose ticket time is over it.
 */

export type TicketTimes = Pick<KitchenSummary, "tickets" | "ticketHours" | "ticketDays">;

const L = KITCHEN_LEVELS.length;
const HOURS = UNKNOWN_HOUR + 1;
const MAX_SPAN = 8192;
const W = CELL_WIDTH;

type LevelTargets = Record<KitchenLevel, number>;
/** The ticket targets in force per date (one object for dates with equal targets) and on the range's last date. */
export interface DatedTicketTargets {
  on: (date: string) => LevelTargets;
  last: LevelTargets;
}
/** Reused table memory (merges are synchronous), as range-summary.ts does for the record figures. */
const arena = new ScratchArena();

export function mergeTicketTimes(
  parts: RangeParts,
  metric: KitchenMetric,
  filters: SummaryFilters,
  targets: LevelTargets | DatedTicketTargets,
): TicketTimes {
  const kind = filters.station === undefined ? "ticketsAnyStation" : "tickets";
  const ready = marginalsAnswer(filters);
  // A ticket time is fire to fulfill: the outlier cut and the items left on screen's cut both read it.
  const seconds = cutSecondsOf("fire_to_fulfill", filters);
  const cut = (cube: CubePart) => (seconds === undefined ? cube : cutCube(cube, seconds));
  // Days first, then rollups, as trendSources numbers them.
  const sources = [
    ...parts.days.map((day) => ({ dict: day, levels: day.levels, cube: cut(day.cubes[metric][kind]) })),
    ...parts.rollups.map((r) => ({
      dict: r,
      levels: r.levels,
      cube: cut(ready ? r.marginals.tickets : detailOf(r).cubes[kind]),
    })),
  ];
  const dated = "on" in targets ? (targets as DatedTicketTargets) : null;
  const perSource = sources.map((s, i) =>
    dated
      ? dated.on(
          i < parts.days.length ? parts.days[i]!.businessDate : parts.rollups[i - parts.days.length]!.start,
        )
      : null,
  );
  // Dense up to the 99.9th percentile of each cube's seconds; the rare longer tickets go to the exact overflow.
  let hint = 0;
  for (const s of sources) hint = Math.max(hint, spanHintOf(s.cube));
  const span = Math.min(MAX_SPAN, hint + 1);
  arena.reset();
  const filtersOf = sources.map((s) => dayFilter(s.dict, filters));

  const perHour = arena.table(HOURS * L, span);
  sources.forEach((s, i) => {
    const f = filtersOf[i];
    if (f) addCellsInto(s.cube, f, perHour, (keys, k) => keys[k + AT_X]! * L + keys[k + AT_LEVEL]!);
  });
  const perLevel = arena.table(L, span);
  for (let h = 0; h < HOURS; h++) for (let l = 0; l < L; l++) perLevel.addGroup(l, perHour, h * L + l);

  const trend = trendSources(parts);
  const perDay = arena.table(trend.length * L, span);
  trend.forEach((t, d) => {
    const source = t.day >= 0 ? t.day : parts.days.length + t.rollup;
    const f = filtersOf[source];
    if (!f) return;
    if (t.day >= 0) addCellsInto(sources[source]!.cube, f, perDay, (keys, k) => d * L + keys[k + AT_LEVEL]!);
    else if (!ready)
      addCellsInto(
        cut(detailOf(parts.rollups[t.rollup]!).ticketTrends[t.index]![kind]),
        f,
        perDay,
        (keys, k) => d * L + keys[k + AT_LEVEL]!,
      );
  });

  const levelsPresent = new Set<number>();
  for (const s of sources) for (const l of s.levels) levelsPresent.add(l);
  const levels = KITCHEN_LEVELS.filter(
    (l) => levelsPresent.has(l) && (filters.level === undefined || filters.level === l),
  );

  const ticketHours: TicketTimes["ticketHours"] = [];
  for (let h = 0; h < UNKNOWN_HOUR; h++) {
    for (const level of levels)
      if (perHour.touched[h * L + level])
        ticketHours.push({ hour: h, level, stats: perHour.stats(h * L + level) });
  }
  const ticketDays: TicketTimes["ticketDays"] = [];
  trend.forEach((t, d) => {
    for (const level of levels) {
      // A rollup's day, unfiltered or by level only: its statistics were kept ready.
      const stats =
        ready && t.rollup >= 0
          ? parts.rollups[t.rollup]!.ticketDayStats[t.index]![level]!
          : perDay.stats(d * L + level);
      ticketDays.push({ businessDate: t.businessDate, level, stats });
    }
  });
  const last = dated ? dated.last : (targets as LevelTargets);
  // Across a change of targets, each source's tickets against the targets of its day(s).
  const counted = perSource.some((t) => t !== perSource[0])
    ? lateTickets(sources, filtersOf, perSource as LevelTargets[])
    : null;
  return {
    tickets: levels.map((level) =>
      levelFigures(
        perLevel,
        level,
        counted ? counted(level) : (perSource[0]?.[level] ?? last[level]),
        last[level],
        filters,
      ),
    ),
    ticketHours,
    ticketDays,
  };
}

/** Per level, the late and very late tickets of sources each held to its own targets. */
function lateTickets(
  sources: readonly { cube: CubePart }[],
  filtersOf: readonly (DayFilter | null)[],
  targets: readonly LevelTargets[],
): (level: KitchenLevel) => { late: number; veryLate: number } {
  const late = new Float64Array(L);
  const veryLate = new Float64Array(L);
  sources.forEach(({ cube }, i) => {
    const f = filtersOf[i];
    if (!f) return;
    const { keys, excluded, start, seconds, counts } = cube;
    for (let c = 0; c < excluded.length; c++) {
      const k = c * W;
      if (!cellMatches(keys, k, f)) continue;
      const level = keys[k]! as KitchenLevel;
      const target = targets[i]![level];
      const very = veryLateSeconds(target);
      for (let e = start[c + 1]! - 1; e >= start[c]! && seconds[e]! > target; e--) {
        late[level]! += counts[e]!;
        if (seconds[e]! > very) veryLate[level]! += counts[e]!;
      }
    }
  });
  return (level) => ({ late: late[level]!, veryLate: veryLate[level]! });
}

/**
 * A level's figures. `judgedBy`: the one target every ticket was held to, or the late counts of
 * tickets held to their days' targets; `targetSeconds` is the one reported (the range's last day's).
 */
function levelFigures(
  perLevel: DenseHistograms,
  level: KitchenLevel,
  judgedBy: number | { late: number; veryLate: number },
  targetSeconds: number,
  filters: SummaryFilters,
): TicketTimes["tickets"][number] {
  const stats: LevelStats["stats"] = perLevel.stats(level);
  const late =
    typeof judgedBy === "number" ? stats.count - perLevel.countAtMost(level, judgedBy) : judgedBy.late;
  const veryLate =
    typeof judgedBy === "number"
      ? stats.count - perLevel.countAtMost(level, veryLateSeconds(judgedBy))
      : judgedBy.veryLate;
  const within = stats.count - late;
  return {
    level,
    stats,
    // Late and very late as for records (contract/targets.ts): over the target, over 1.5 × it.
    withinTarget: {
      level,
      targetSeconds,
      within,
      count: stats.count,
      share: stats.count === 0 ? null : within / stats.count,
      late,
      veryLate,
    },
    histogram: { level, station: filters.station ?? null, ...histogramBins(perLevel, level) },
  };
}
