import { CHANNEL_TICKET_TARGETS } from "./channels";
import { OWN_TARGET_METRICS, ownMetricDefaults, type OwnTargetMetric } from "./metric-targets";
import type { StationTarget, TargetBook } from "./targets";
import {
  DEFAULT_TARGET_SECONDS,
  DEFAULT_TICKET_TARGET_SECONDS,
  KITCHEN_LEVELS,
  type KitchenLevel,
} from "./vocabulary";

/**
 * Targets are policy with a date: every change is a version that is in force from a business date
 * forward (table kitchen_target_versions, migration 20), so a day is always judged by the targets
 * in force on it and a change never rewrites a day already closed. Two scopes: the group standard
 * (level and ticket targets, set by owners and admins) and a restaurant's own override (level,
 * ticket and station targets). A restaurant's target at a level is its own if it has one in force,
 * else the group's, else the built-in default; a station's own target replaces its level's
 * (contract/targets.ts `applicableTarget`). Station GUIDs are a restaurant's, so there is no group
 * station target.
 *
 * Migration 26 adds three kinds a restaurant may set for itself (no group standard): "pass_wait"
 * and "ticket_spread" per level (the targets those metrics are judged by, contract/metric-targets.ts),
 * and "channel", one ticket target per channel (contract/channels.ts), recorded at level 0 and in
 * force at every level. Unset, each is its built-in default.
 */

export type TargetKind = "level" | "station" | "ticket" | OwnTargetMetric | "channel";
export type TargetScope = "group" | "own";
export type TargetSource = "own" | "group" | "default";

/** The date before every business date: rows migrated from the undated tables are in force since then. */
export const SINCE_THE_BEGINNING = "19700101";

/** One version as one restaurant reads it. `from` is when it starts for that restaurant. */
export interface TargetVersion {
  /** Order of recording: of two versions starting on one date, the later recorded wins. */
  id: number;
  scope: TargetScope;
  kind: TargetKind;
  /** Only for kind "station". */
  stationGuid: string | null;
  /** Only for kind "channel" (absent on rows of the other kinds). */
  channel?: string | null;
  level: KitchenLevel;
  /** First business date (YYYYMMDD) in force. */
  from: string;
  /** Null: the scope's target is removed from `from` (the next source applies). */
  seconds: number | null;
}

/** A change as recorded: what the history lists and what the audit log receives. */
export interface TargetChange {
  id: number;
  scope: TargetScope;
  /** Null for the group standard. */
  restaurantGuid: string | null;
  kind: TargetKind;
  stationGuid: string | null;
  /** Only for kind "channel" (level 0, in force at every level). */
  channel?: string | null;
  level: KitchenLevel;
  effectiveFrom: string;
  /** The scope's target in force on effectiveFrom before the change (null: none of that scope). */
  before: number | null;
  after: number | null;
  /** ISO instant recorded. */
  at: string;
  /** The e-mail of who changed it; null for targets set before they were dated (migration 20). */
  actor: string | null;
}

/** One target as a restaurant has it on a date: its value, where it comes from, and since when. */
export interface ResolvedTarget {
  seconds: number;
  source: TargetSource;
  /** The first date of the version in force; null for the built-in default. */
  effectiveFrom: string | null;
}

export interface TargetsInForce {
  /** What the record figures read (late counts, on-time shares, station and item rows). */
  book: TargetBook;
  /** The ticket-time targets per level. */
  tickets: Record<KitchenLevel, number>;
  levels: Record<KitchenLevel, ResolvedTarget>;
  ticketTargets: Record<KitchenLevel, ResolvedTarget>;
  stations: (StationTarget & { effectiveFrom: string })[];
  /** pass_wait and ticket_spread per level: the restaurant's own, else the built-in default. */
  metricTargets: Record<OwnTargetMetric, Record<KitchenLevel, ResolvedTarget>>;
  /** What those metrics' figures read: each level's target, at every station. */
  metricBooks: Record<OwnTargetMetric, TargetBook>;
  /** Per known channel, its ticket target (the restaurant's own, else the built-in default). */
  channelTargets: Record<string, ResolvedTarget>;
  /** Per known channel, its ticket target at each level: what the channels answer's tickets read. */
  channelTickets: Record<string, Record<KitchenLevel, number>>;
  /** Equal keys, equal figures: what the answer cache and the rollups compare. */
  key: string;
}

/**
 * The targets a restaurant has on every date, from its versions (its own and the group's). `on`
 * returns one object for dates with equal targets, so a merge can tell a uniform range by identity.
 */
export interface TargetSchedule {
  on(date: string): TargetsInForce;
  /**
   * The dates in (from, to] on which the targets in force differ from the day before, ascending:
   * a range's figures are judged per segment between them, and a rollup is never read across one.
   */
  breaksWithin(from: string, to: string): string[];
  /** The targets of each segment of [from, to] (its first date and key): a change anywhere else leaves it as it was. */
  fingerprint(from: string, to: string): string;
}

const latest = (a: TargetVersion, b: TargetVersion) => (a.from !== b.from ? a.from > b.from : a.id > b.id);

const levelsOf = (resolved: Record<KitchenLevel, ResolvedTarget>) =>
  Object.fromEntries(KITCHEN_LEVELS.map((l) => [l, resolved[l].seconds])) as Record<KitchenLevel, number>;

type Resolved = Omit<TargetsInForce, "key" | "book" | "metricBooks" | "channelTickets">;

function resolveOn(versions: readonly TargetVersion[], date: string): Resolved {
  // Per scope, kind, station (or channel) and level: the version started last by `date`.
  const inForce = new Map<string, TargetVersion>();
  for (const v of versions) {
    if (v.from > date) continue;
    const k = `${v.scope}|${v.kind}|${v.stationGuid ?? v.channel ?? ""}|${v.level}`;
    const held = inForce.get(k);
    if (!held || latest(v, held)) inForce.set(k, v);
  }
  const resolve = (kind: TargetKind, level: KitchenLevel, fallback: number, of = ""): ResolvedTarget => {
    for (const scope of ["own", "group"] as const) {
      const v = inForce.get(`${scope}|${kind}|${of}|${level}`);
      if (v && v.seconds !== null) return { seconds: v.seconds, source: scope, effectiveFrom: v.from };
    }
    return { seconds: fallback, source: "default", effectiveFrom: null };
  };
  const byLevel = (kind: TargetKind, defaults: Record<KitchenLevel, number>) =>
    Object.fromEntries(KITCHEN_LEVELS.map((l) => [l, resolve(kind, l, defaults[l])])) as Record<
      KitchenLevel,
      ResolvedTarget
    >;
  const stations = [...inForce.values()]
    .filter((v) => v.kind === "station" && v.scope === "own" && v.seconds !== null && v.stationGuid !== null)
    .map((v) => ({ stationGuid: v.stationGuid!, level: v.level, seconds: v.seconds!, effectiveFrom: v.from }))
    .sort((a, b) =>
      a.stationGuid < b.stationGuid ? -1 : a.stationGuid > b.stationGuid ? 1 : a.level - b.level,
    );
  const levels = byLevel("level", DEFAULT_TARGET_SECONDS);
  const ticketTargets = byLevel("ticket", DEFAULT_TICKET_TARGET_SECONDS);
  const tickets = levelsOf(ticketTargets);
  const metricTargets = Object.fromEntries(
    OWN_TARGET_METRICS.map((m) => [m, byLevel(m, ownMetricDefaults(m))]),
  ) as Record<OwnTargetMetric, Record<KitchenLevel, ResolvedTarget>>;
  const channelTargets = Object.fromEntries(
    Object.entries(CHANNEL_TICKET_TARGETS).map(([c, seconds]) => [c, resolve("channel", 0, seconds, c)]),
  );
  return { levels, ticketTargets, tickets, stations, metricTargets, channelTargets };
}

/** The parts of a segment's targets its figures read, from what resolveOn resolved. */
function readParts(r: Resolved) {
  const book: TargetBook = {
    levels: levelsOf(r.levels),
    stations: r.stations.map(({ stationGuid, level, seconds }) => ({ stationGuid, level, seconds })),
  };
  const metricBook = (m: OwnTargetMetric): TargetBook => ({
    levels: levelsOf(r.metricTargets[m]),
    stations: [],
  });
  const metricBooks: Record<OwnTargetMetric, TargetBook> = {
    pass_wait: metricBook("pass_wait"),
    ticket_spread: metricBook("ticket_spread"),
  };
  const channelTickets = Object.fromEntries(
    Object.entries(r.channelTargets).map(([c, t]) => [
      c,
      Object.fromEntries(KITCHEN_LEVELS.map((l) => [l, t.seconds])) as Record<KitchenLevel, number>,
    ]),
  );
  return { book, metricBooks, channelTickets };
}

export function targetSchedule(versions: readonly TargetVersion[]): TargetSchedule {
  const starts = [...new Set(versions.map((v) => v.from))].filter((d) => d > SINCE_THE_BEGINNING).sort();
  // Segment i holds the dates from starts[i - 1] (the beginning for i = 0) to the day before starts[i].
  const segments: TargetsInForce[] = [];
  const byKey = new Map<string, TargetsInForce>();
  for (const start of [SINCE_THE_BEGINNING, ...starts]) {
    const r = resolveOn(versions, start);
    const { book, metricBooks, channelTickets } = readParts(r);
    // The sources too: the Overview's "own target" is part of an answer the cache keeps.
    const sources = KITCHEN_LEVELS.map((l) => [r.levels[l].source, r.ticketTargets[l].source]);
    const key = JSON.stringify([book, r.tickets, sources, metricBooks, channelTickets]);
    // Equal targets share one object (and one key), so a merge sees them as one.
    const shared = byKey.get(key);
    const full: TargetsInForce = {
      ...r,
      book: shared?.book ?? book,
      tickets: shared?.tickets ?? r.tickets,
      metricBooks: shared?.metricBooks ?? metricBooks,
      channelTickets: shared?.channelTickets ?? channelTickets,
      key,
    };
    if (!shared) byKey.set(key, full);
    segments.push(full);
  }
  const segmentOf = (date: string) => {
    let i = 0;
    while (i < starts.length && starts[i]! <= date) i++;
    return i;
  };
  return {
    on: (date) => segments[segmentOf(date)]!,
    breaksWithin(from, to) {
      const out: string[] = [];
      for (let i = 0; i < starts.length; i++) {
        const d = starts[i]!;
        if (d > from && d <= to && segments[i + 1]!.key !== segments[i]!.key) out.push(d);
      }
      return out;
    },
    fingerprint(from, to) {
      const breaks = this.breaksWithin(from, to);
      return JSON.stringify([from, ...breaks].map((d) => [d, segments[segmentOf(d)]!.key]));
    },
  };
}
