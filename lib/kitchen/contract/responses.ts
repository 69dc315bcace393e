import type { Weekday } from "@/lib/restaurants/schedule";

import type { OverviewArea, OverviewAreaRef, OverviewChain, OverviewChainRank } from "./chain";
import type { TargetChange, TargetSource } from "./target-versions";
import type { StationTarget } from "./targets";
import type { KitchenLevel, KitchenMetric } from "./vocabulary";

/**
 * The JSON bodies the kitchen API answers (app/api/restaurants/[guid]/kitchen/**). Pure and client-safe, so the kitchen pages
 * build against exactly what the server sends.
 *
 * Conventions: every duration is whole seconds; a business date is `YYYYMMDD`; an hour of day is
 * 0-23 in the restaurant's own time zone; a guid or name the export did not carry is `null`.
 * Errors come back as `{ error: { status, code, message, requestId? } }`.
 */

/**
 * Statistics of one metric over a set of records. Percentiles are nearest rank: pXX is the
 * smallest value d such that at least XX% of the values are ≤ d. Everything but count and
 * excluded is null when count is 0.
 */
export interface Stats {
  /** Records with a value for the metric. */
  count: number;
  /** Records left out of the metric: a timestamp missing or the difference negative. */
  excluded: number;
  /** Seconds, one decimal. */
  mean: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  p95: number | null;
  max: number | null;
}

/**
 * Where each date of the requested range stands. `provisional`: a closed date counted in the
 * figures that the Platform may still revise (read again KITCHEN_SETTLE_H hours after its
 * closeout); `before_data`: before the restaurant's first business date or January 2022, so
 * there is no kitchen data to ask for: neither failed nor an empty day nor pending.
 */
export type DateStatus =
  "complete" | "provisional" | "not_entitled" | "failed" | "open" | "pending" | "before_data";

export interface DateCoverage {
  /** Closed dates fetched after their closeout and counted, the provisional ones included. */
  complete: string[];
  /**
   * The dates of `complete` whose figures may still change: the Platform revises a day's export
   * for a while after closeout, so they are read once more at `settlesAt` (ISO instant).
   */
  provisional: { date: string; settlesAt: string }[];
  /** Before the restaurant's first business date or 2022-01-01: no kitchen data exists, nothing is asked. */
  beforeData: string[];
  /** The Platform answered 204: the restaurant lacks the required subscription tier. Asked again later. */
  notEntitled: string[];
  /**
   * The last fetch failed, or (with `hold`) the date was not asked because its location's kitchen
   * fetches are held; nothing of the date is counted. Retried on a later request.
   */
  failed: { date: string; reason: string; attemptedAt: string; hold?: DateHold }[];
  /** The current business date: counted as of `refreshedAt`, refreshed on later requests. */
  open: { date: string; refreshedAt: string }[];
  /** Not fetched yet (a cold range still being fetched); not counted. */
  pending: string[];
}

/**
 * Why a date was not asked: its location's kitchen fetches are held (issue 30's refusal rules,
 * lib/kitchen/service/location-health.ts). Absent on a date whose own fetch failed.
 */
export interface DateHold {
  /**
   * permanent: refused for good (403, 400, a contract error), asked again once a day, or the
   * credential lacks a scope (`scope`), asked again once its token has it; transient: backing off
   * after failures (5xx, network, 429), exponentially; outage: the Platform is failing for several
   * locations at once, and every location waits.
   */
  kind: "permanent" | "transient" | "outage";
  /** ISO instant from which the Platform is asked again; null when no time is set (a missing scope). */
  until: string | null;
  /** In words, for people: what went wrong and when it is tried again (no "not asked" prefix). */
  reason: string;
  /** The permission the credential lacks (kind permanent), e.g. "kitchen:read". */
  scope?: string;
}

/** Per day (and summed over a range): what the export held that the figures do not count as sent. */
export interface IngestCounts {
  /** Elements of the export, as received. */
  received: number;
  /** Exact copies of an earlier record of the same export, dropped (each fulfillment counts once). */
  duplicates: number;
  /** Records naming another restaurant, refused. A record naming none is this restaurant's. */
  otherRestaurant: number;
  /** Elements that were not records at all (not JSON objects), dropped. */
  notRecords: number;
  /** Records with a field of the wrong type; kept, that field read as absent. */
  malformed: number;
  /** Records kept but left out of every figure: no fulfillment level. */
  noLevel: number;
  /** Records kept but left out of every figure: a level other than 0, 1 or 2. */
  unknownLevel: number;
  /** Days whose export came wrapped as {"data": [...]} instead of the published bare array (read all the same). */
  wrappedData: number;
  /** Days whose export came wrapped as {"results": [...]}. */
  wrappedResults: number;
  /** Days whose export was an empty 200 twice in a row, read as no records. */
  emptyExports: number;
}

export interface StationRef {
  stationGuid: string | null;
  stationName: string | null;
}

export interface LevelStats {
  level: KitchenLevel;
  stats: Stats;
}

/** Records over the target that applies to them, and over 1.5 × it (lib/kitchen/contract/targets.ts). */
export interface LateCounts {
  late: number;
  veryLate: number;
}

export interface TargetShare extends LateCounts {
  level: KitchenLevel;
  /** The level's target; a station with its own target holds its records to that one instead. */
  targetSeconds: number;
  /** Records within the target that applies to them (their station's own, else targetSeconds); count − late. */
  within: number;
  count: number;
  /** within / count, 0..1; null when count is 0. */
  share: number | null;
}

export interface ItemStationFigures extends StationRef, LevelStats, LateCounts {
  itemGuid: string | null;
  itemName: string | null;
  /** The target that applies to the station at the level. */
  targetSeconds: number;
  /** Seconds over the target summed over the late records. */
  secondsOverTarget: number;
}

export interface HistogramBin {
  /** Seconds, inclusive. */
  from: number;
  /** Seconds, exclusive; null for the last, open-ended bin that holds every value ≥ from. */
  to: number | null;
  count: number;
}

export interface Histogram {
  /** The level and station it was drawn for (the query's filters); null = all. */
  level: KitchenLevel | null;
  station: string | null;
  binSeconds: number;
  bins: HistogramBin[];
}

/** Values of the range's records, to build filter pickers with (computed without the filters). */
export interface FilterOptions {
  stations: StationRef[];
  behaviors: (string | null)[];
  /** The channels of the range's records (lib/kitchen/ingest/channels.ts); null: no dining option. */
  channels?: (string | null)[];
  sources: (string | null)[];
  levels: KitchenLevel[];
}

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/[guid]/kitchen/summary

/**
 * A flagged day: its p90 (whole seconds) of a level × prep station × service, and the band it fell
 * outside (`median`, `low`, `high`, seconds rounded to one decimal). `station` null: every prep
 * station of level 0 together; `service` null: the records in no service of the day's schedule.
 */
export interface KitchenAnomaly {
  date: string;
  level: KitchenLevel;
  station: StationRef | null;
  service: string | null;
  p90: number;
  median: number;
  low: number;
  high: number;
}

export interface KitchenSummary {
  restaurantGuid: string;
  restaurantName: string;
  /** IANA zone the hours of day are in. */
  timeZone: string;
  from: string;
  to: string;
  metric: KitchenMetric;
  /** `until`: the time-of-day clip (HHMM or HHMMSS, business-day clock) every date was cut at; null, whole days. */
  filters: {
    level: KitchenLevel | null;
    station: string | null;
    behavior: string | null;
    channel?: string | null;
    source: string | null;
    item: string | null;
    until: string | null;
    service?: string | null;
  };
  /**
   * With the `item` filter: the item's name as its records in the range give it; null when the
   * range holds no record of that item (an unknown GUID, or an item not sold then).
   */
  itemName: string | null;
  coverage: DateCoverage;
  /**
   * Per level, every station together. `items`: distinct order selections (menu items as ordered,
   * `selectionGuid`) with a record at the level after the filters; `stats.count` counts records,
   * and an item fulfilled at two stations is two records. A record without a selectionGuid is
   * an item of its own.
   */
  levels: (LevelStats & { items: number })[];
  /** Per prep station and level, with the target that applies there and the records over it. */
  stations: (StationRef & LevelStats & LateCounts & { targetSeconds: number })[];
  /** Per hour of day and level (every station together). */
  hours: ({ hour: number } & LevelStats)[];
  /** Per hour of day, station and level. */
  hourStations: ({ hour: number } & StationRef & LevelStats)[];
  /** Per business date and level; late counts hold each station's records to its own target. */
  days: ({ businessDate: string } & LevelStats & LateCounts)[];
  /**
   * Per menu item and level, for the BREAKDOWN_LIMIT items with the most records in the range
   * (after the filters), every level of each. A busy restaurant sells thousands of items a
   * quarter; the rare ones are noise in a "slowest items" table and would make the answer huge.
   */
  items: ({ itemGuid: string | null; itemName: string | null } & LevelStats)[];
  /**
   * Distinct menu items in the range after the filters (items holds at most BREAKDOWN_LIMIT of
   * them). Always sent; optional in the type only because it came after the first version.
   */
  itemCount?: number;
  /**
   * The same items per station and level (an item made at two stations is two rows), ranked by
   * secondsOverTarget within each level: records × time over the target that applies there.
   */
  itemStations: ItemStationFigures[];
  /** Per dining option behavior (DINE_IN, TAKE_OUT, DELIVERY...) and level. */
  behaviors: ({ behavior: string | null } & LevelStats)[];
  /**
   * Per channel (dine-in, take-out, curbside, drive-thru, delivery, an unknown behavior as itself;
   * null: no dining option) and level. Always sent; optional in the type only because it came later.
   */
  channels?: ({ channel: string | null } & LevelStats)[];
  /** Per order source (In Store, Online...) and level. */
  sources: ({ source: string | null } & LevelStats)[];
  /** Per course and level (the BREAKDOWN_LIMIT courses with the most records). */
  courses: ({ courseGuid: string | null; courseName: string | null } & LevelStats)[];
  courseCount?: number;
  histogram: Histogram;
  /**
   * What the counted dates' exports held that the figures leave out or count once (duplicates,
   * records without a level, other restaurants' records), summed over the dates that know it.
   */
  ingest?: IngestCounts;
  /**
   * True when the kitchen sent no fulfillment record at all: every counted date's export was
   * empty, over at least 7 closed dates (coverage.ts `sentNoRecords`). Such a kitchen most likely
   * has no kitchen display devices (the Platform's kitchen data comes only from them), which no
   * longer range or fewer filters would change. Always sent; optional in the type only because it came later.
   */
  noRecordsSent?: boolean;
  /** Share of records within the level's target. */
  withinTarget: TargetShare[];
  options: FilterOptions;
  /**
   * With `maxMinutes`: records whose time (of the metric asked) is over that many minutes are
   * left out of every figure above; `removed` says how many, after the other filters, at the
   * levels shown. null without the cut.
   */
  outliers: { maxMinutes: number; removed: number } | null;
  /**
   * Items left on screen (contract/stuck-items.ts): `records` fulfilled more than `maxMinutes`
   * after fire, after the other filters, at the levels shown; left out of every figure above and
   * of the ticket times unless `included` (the query's `stuck=include`). The outlier cut's
   * `removed` counts only records that were not already left out here.
   */
  stuck: StuckReport;
  /**
   * Ticket times per level (lib/kitchen/ingest/ticket-times.ts): fire to the ticket's last
   * fulfillment at the level, whatever `metric` says. `stats.count` counts tickets with a time,
   * `stats.excluded` those with a record at the level never fulfilled (or no fire time).
   */
  tickets: TicketLevelFigures[];
  /** Ticket times per hour of fire (local) and level. */
  ticketHours: ({ hour: number } & LevelStats)[];
  /** Ticket times per business date and level (the trend). */
  ticketDays: ({ businessDate: string } & LevelStats)[];
  /** Day parts and the weekday pattern (lib/kitchen/query/day-parts-summary.ts); optional in the type only because they came later. */
  dayParts?: DayPartsSummary;
  /**
   * Unusual days (lib/kitchen/query/anomalies.ts): the range's closed dates whose fire-to-fulfill
   * p90 of a level × station × service lay outside the band of its previous 8 same weekdays.
   * Optional in the type only because it came later.
   */
  anomalies?: KitchenAnomaly[];
}

/**
 * One level's ticket times. The filters restrict each ticket to its records passing them (a
 * station filter: the ticket's last fulfillment at that station); `maxMinutes` leaves out the
 * tickets whose ticket time is over it.
 */
export interface TicketLevelFigures {
  level: KitchenLevel;
  stats: Stats;
  /** Share of tickets (with a time) within the level's ticket target. */
  withinTarget: TargetShare;
  histogram: Histogram;
}

/**
 * Per service (day part) and level: each record is in the service of its business date's
 * weekday whose hours hold its local fire time, `(none)` outside every one, so per level the
 * services add up to the level. Ordered as the business day runs (by start), `(none)` last.
 * `weekdayHours`: per weekday of the business date, hour of the fire time and level.
 * `businessDayStartHour`: the closeout hour, where the business day's hours begin.
 */
export interface DayPartsSummary {
  services: ({ service: string } & LevelStats)[];
  weekdayHours: ({ weekday: Weekday; hour: number } & LevelStats)[];
  businessDayStartHour: number;
  /** Every service of the range's days (the services filter's choices), in the same order. */
  options: string[];
}

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/[guid]/kitchen/coverage (store only, cheap: the progress of a cold range)

export interface KitchenCoverage {
  restaurantGuid: string;
  from: string;
  to: string;
  total: number;
  /** complete + notEntitled + open + beforeData: dates that need no fetch now (provisional ones are in complete). */
  ready: number;
  /** Closed dates with their data stored, provisional ones included (as DateCoverage.complete). */
  complete: number;
  provisional: number;
  notEntitled: number;
  failed: number;
  open: number;
  pending: number;
  beforeData: number;
  /** `at`: when a failed date was tried, an open date refreshed, or a provisional date settles. */
  dates: { date: string; status: DateStatus; reason?: string; at?: string }[];
}

// ---------------------------------------------------------------------------------------------
// 202 from summary, tickets, summary.csv and fulfillments.csv: the range is not ready yet

/**
 * Some dates of the range have no answer from the Platform yet: their fetch runs in the
 * background, and the same request answers 200 once every date has one (complete, not
 * entitled, open with a snapshot, or failed with a reason). Sent with `Retry-After`.
 */
export interface KitchenPending extends KitchenCoverage {
  status: "pending";
  message: string;
}

/** What a kitchen range request gets: the answer, or the range's progress while it is fetched. */
export type RangeAnswer<T> =
  { ready: true; value: T } | { ready: false; pending: KitchenPending; retryAfterMs: number };

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/[guid]/kitchen/tickets

export interface TicketItem {
  selectionGuid: string | null;
  itemGuid: string | null;
  itemName: string | null;
  level: KitchenLevel;
  stationGuid: string | null;
  stationName: string | null;
  courseName: string | null;
  firedAt: string | null;
  startedAt: string | null;
  fulfilledAt: string | null;
  fireToFulfill: number | null;
  startToFulfill: number | null;
  waitToStart: number | null;
  /** The ticket's slowest item: the record that gave the ticket its ranking value (`SlowTicket.seconds`). */
  slowest?: boolean;
}

export interface SlowTicket {
  ticketGuid: string;
  orderGuid: string;
  businessDate: string;
  firedAt: string | null;
  /** The ranking value: the largest value of the query's metric among the ticket's matching records. */
  seconds: number;
  diningOptionName: string | null;
  diningOptionBehavior: string | null;
  orderSource: string | null;
  /** When the ticket's last item reached each level, and fire-to-fulfill of that moment. */
  levels: { level: KitchenLevel; fulfilledAt: string | null; fireToFulfill: number | null }[];
  /** Every record of the ticket, all levels. */
  items: TicketItem[];
  /** The record that took `seconds`: the ticket's slowest item (among those matching the filters) and its station. */
  slowestItem: {
    itemGuid: string | null;
    itemName: string | null;
    level: KitchenLevel;
    stationGuid: string | null;
    stationName: string | null;
  } | null;
}

export interface KitchenTickets {
  restaurantGuid: string;
  from: string;
  to: string;
  metric: KitchenMetric;
  limit: number;
  coverage: DateCoverage;
  tickets: SlowTicket[];
}

// ---------------------------------------------------------------------------------------------
// GET / PUT /api/restaurants/[guid]/kitchen/targets

/** One target as it stands on a date, with where it comes from and since when (contract/target-versions.ts). */
export interface TargetSetting {
  level: KitchenLevel;
  seconds: number;
  source: TargetSource;
  /** The first business date of the version in force; null for the built-in default. */
  effectiveFrom: string | null;
  /** source === "default" (kept for the answer's older readers). */
  isDefault: boolean;
}

export interface KitchenTargets {
  restaurantGuid: string;
  /** The restaurant's business date today: the targets below are today's, and a change starts today at the earliest. */
  businessDate: string;
  /** Per level, the item target (the restaurant's own, else the group standard, else the default). */
  targets: TargetSetting[];
  /** Per level, the ticket-time target (KitchenSummary.tickets[].withinTarget). */
  tickets: TargetSetting[];
  /** Stations' own targets today: a station and level not listed is held to its level's. */
  stations: (StationTarget & { source: "own"; effectiveFrom: string })[];
  /** Per level, the pass wait's target (metric=pass_wait; the restaurant's own, else the default 2 min). */
  passWait: TargetSetting[];
  /** Per level, the ticket sync spread's target (metric=ticket_spread; own, else the default 3 min). */
  ticketSpread: TargetSetting[];
  /** Per channel, its ticket target at every level (the channels answer; own, else the built-in default). */
  channels: (Omit<TargetSetting, "level"> & { channel: string })[];
  /** Changes recorded to start after today, the restaurant's own and the group's, by date. */
  scheduled: TargetChange[];
  /** The restaurant's own changes, newest first (the last 100). */
  history: TargetChange[];
  /** Whether this session may change the restaurant's own targets, and the group standard (lib/access/roles.ts). */
  mayEdit: { own: boolean; group: boolean };
  /** ISO instant of the last change of the restaurant's own targets; null when it has none. */
  updatedAt: string | null;
}

// GET / PUT /api/admin/targets: the group standard (level and ticket targets).
export interface GroupTargets {
  /** The earliest business date anywhere now: a change may start then at the earliest (each restaurant from its own today). */
  businessDate: string;
  targets: TargetSetting[];
  tickets: TargetSetting[];
  scheduled: TargetChange[];
  /** The group's changes, newest first (the last 100). */
  history: TargetChange[];
  mayEdit: boolean;
}

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/[guid]/kitchen/history

/**
 * The history backfill's progress over its window (the last KITCHEN_BACKFILL_DAYS closed dates),
 * counted from stored days: ready = complete or answered 204; failed ones are tried again later;
 * pending = not stored yet. `days` is the window's length (0 when the backfill is off).
 */
export interface KitchenHistory {
  restaurantGuid: string;
  days: number;
  /** What the stored answers say of the kitchen tier; null before the first answer. A restaurant without it is asked once a day, not backfilled. */
  entitled: boolean | null;
  ready: number;
  pending: number;
  failed: number;
  total: number;
}

// ---------------------------------------------------------------------------------------------
// GET /api/kitchen/overview (and overview.csv)

/** One level's Overview figures for one period: fire to fulfill, every station together. */
export interface OverviewLevelFigures {
  level: KitchenLevel;
  /** Distinct order selections (items as ordered) with a record at this level. */
  items: number;
  /** Station fulfillment records with a time at this level. */
  records: number;
  p50: number | null;
  p90: number | null;
  /** Share of those records within the level's target (0-1), null without records. */
  onTimeShare: number | null;
  /**
   * Of `records`, those over the target that applies to them (late items). Always sent; optional
   * in the type only because it came later (issue 34).
   */
  late?: number;
  /**
   * Where the level's target on the period's last date comes from (contract/target-versions.ts):
   * the restaurant's own override, the group standard or the built-in default. Each day of the
   * period is judged by the target in force that day.
   */
  targetSource: TargetSource;
}

export type OverviewRowStatus = "ready" | "pending" | "not_entitled" | "error";

/** One restaurant of a cross-restaurant view (the Overview's rows, the items matrix's columns). */
export interface RestaurantInView {
  restaurantGuid: string;
  restaurantName: string;
  locationName: string;
  /** Archived restaurants are listed with their last known figures, marked. */
  archived: boolean;
  /**
   * ready: the figures are in; pending: some dates are still being fetched (progress says how
   * far); not_entitled: the restaurant lacks the kitchen tier; error: see message.
   */
  status: OverviewRowStatus;
  message?: string;
  progress?: { answered: number; total: number };
  /** The restaurant's own business dates asked ("" when its time zone is unknown). */
  period: { from: string; to: string };
}

export interface KitchenOverviewRow extends RestaurantInView {
  /** The period of the same length before `period`, in the restaurant's own business dates. */
  previousPeriod: { from: string; to: string };
  /** Levels 0, 1 and 2, in order; empty unless ready. */
  current: OverviewLevelFigures[];
  previous: OverviewLevelFigures[];
  /** Items left on screen in the current period (levels 0-2); 0 unless ready. */
  stuckRecords: number;
  // Issue 34's fields below: always sent, optional in the type only because they came later.
  /** Level-0 records over their target in the current period (late items); 0 unless ready. */
  lateItems?: number;
  /** The same in the previous period; 0 unless ready. */
  previousLateItems?: number;
  /** The status rule's verdict and its reason (lib/kitchen/contract/restaurant-status.ts); null unless ready. */
  verdict?: { status: "on_track" | "watch" | "act"; reason: string } | null;
  /**
   * The level-0 station with the most late items in the current period among those with at least
   * MIN_RANKED_COUNT records (contract/ranking.ts); null when none qualifies or it is not known.
   */
  worstStation?: {
    stationGuid: string | null;
    stationName: string | null;
    records: number;
    late: number;
  } | null;
  /** Issue 36: the group the row is listed under (its first area, or its management group). */
  area?: OverviewAreaRef;
  /** Issue 36: the row's place among the chain's restaurants by p90, per level. */
  chainRanks?: OverviewChainRank[];
}

/** A restaurant whose level-0 share late moved most against the period before (restaurant-status.ts). */
export interface OverviewMover {
  restaurantGuid: string;
  restaurantName: string;
  /** Change of the share late, percentage points, one decimal (positive: worse). */
  latePoints: number;
  /** Change of the level-0 p90, seconds; null when either period has none. */
  p90Seconds: number | null;
}

/** The Overview's first line: how many restaurants stand where, the late items, the dates. */
export interface OverviewGlance {
  act: number;
  watch: number;
  onTrack: number;
  /** Restaurants without figures (still fetching, not entitled, an error). */
  unknown: number;
  /** Late items at level 0 over every ready restaurant. */
  lateItems: number;
  /**
   * The period and the one before it as most restaurants count them (each restaurant counts its
   * own business dates, see each row); null when no restaurant has a known period.
   */
  period: { from: string; to: string } | null;
  previousPeriod: { from: string; to: string } | null;
}

export interface KitchenOverview {
  range: "yesterday" | "lastweek" | "7d" | "30d";
  rows: KitchenOverviewRow[];
  /** Items left on screen in the rows' current periods, summed (every row's `stuckRecords`). */
  stuck: StuckReport;
  /** Always sent; optional in the type only because they came later (issue 34). */
  glance?: OverviewGlance;
  movers?: { worse: OverviewMover[]; better: OverviewMover[] };
  /**
   * Issue 35: for the restaurants the Overview's sentences name (at most two: lib/url-state/headline-sentences.ts),
   * their current period's unusual days (the summary's `anomalies`) and notes and markers (the
   * summary's `annotations`), so a sentence can say what changed and when. Only in the JSON.
   */
  evidence?: OverviewEvidence[];
  /** Issue 36: the rows grouped by area (by management group while no area exists), figures merged exactly. */
  areas?: OverviewArea[];
  /** Issue 36: every ready restaurant together, and the median restaurant's p90. */
  chain?: OverviewChain;
}

/** How many items left on screen a figure's records held, and whether the figures count them. */
export interface StuckReport {
  maxMinutes: number;
  records: number;
  included: boolean;
  /**
   * Of `records`, those still counted under start to fulfill and wait to start although left
   * out: their day's raw records are past KITCHEN_RAW_RETENTION_DAYS, and those metrics' stored
   * cubes cannot tell a stuck record apart. Absent when none.
   */
  unseparated?: number;
}

/** One named restaurant's evidence for the Overview's sentences (issue 35). */
export interface OverviewEvidence {
  restaurantGuid: string;
  /** Its current period, as its row's. */
  period: { from: string; to: string };
  anomalies: KitchenAnomaly[];
  /** As the summary's `annotations` (lib/annotations' Annotation). */
  annotations: { id: string | null; date: string; kind: string; text: string; by?: string }[];
}
