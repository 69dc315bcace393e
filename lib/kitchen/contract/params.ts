import { z } from "zod";

import { CLOCK_TIME_PATTERN } from "@/lib/business-date/business-clock";
import { isBusinessDate } from "@/lib/business-date/business-date";

import { CHANNEL_TICKET_TARGETS } from "./channels";
import { ITEM_STATIONS_SECTION, SUMMARY_SECTIONS } from "./sections";
import { STUCK_CHOICES, type StuckChoice } from "./stuck-items";
import { KITCHEN_METRICS, NONE_FILTER, OVERVIEW_RANGES, type KitchenLevel } from "./vocabulary";

/**
 * The kitchen API's input: the schemas the route wrapper parses query strings and bodies with,
 * and the types they produce. Error messages name the problem; the routes answer them with 400.
 */
export const businessDateParam = z
  .string()
  .refine(isBusinessDate, { message: "must be a business date written YYYYMMDD (for example 20250301)" });

const optionalText = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .or(z.literal("").transform(() => undefined));

/**
 * One menu item (its GUID, as the Menu page links it): the figures of its records only. Empty
 * means "every item".
 */
const itemParam = optionalText;

export const kitchenMetricParam = z.enum(KITCHEN_METRICS, {
  message: `metric must be one of ${KITCHEN_METRICS.join(", ")}`,
});

export const kitchenLevelParam = z.coerce
  .number({ message: "level must be 0, 1 or 2" })
  .int({ message: "level must be 0, 1 or 2" })
  .min(0, { message: "level must be 0, 1 or 2" })
  .max(2, { message: "level must be 0, 1 or 2" })
  .transform((v) => v as KitchenLevel);

/**
 * `from` and `to`, both included. The server also rejects ranges longer than
 * KITCHEN_MAX_RANGE_DAYS and dates after the restaurant's current business date (400).
 */
export const kitchenRangeSchema = z
  .object({ from: businessDateParam, to: businessDateParam })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type KitchenRangeQuery = z.infer<typeof kitchenRangeSchema>;

/**
 * One service (day part) by name, as the summary's `dayParts.services` names it, `(none)` for the
 * records outside every service: the figures of its records only. Empty means "every service".
 */
const serviceParam = optionalText;

/** fulfillments.csv: a range, and optionally one menu item's or one service's records only. */
export const kitchenRecordsSchema = z
  .object({ from: businessDateParam, to: businessDateParam, item: itemParam, service: serviceParam })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type KitchenRecordsQuery = z.infer<typeof kitchenRecordsSchema>;

const MAX_MINUTES_MESSAGE = "maxMinutes must be a whole number of minutes from 1 to 1440";
/**
 * The outlier cut: leave out every record whose time (of the metric asked) is over this many
 * minutes (a forgotten bump). Not set, or empty: nothing is left out.
 */
const maxMinutesParam = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce
    .number({ message: MAX_MINUTES_MESSAGE })
    .int({ message: MAX_MINUTES_MESSAGE })
    .min(1, { message: MAX_MINUTES_MESSAGE })
    .max(1440, { message: MAX_MINUTES_MESSAGE })
    .optional(),
);

/**
 * Items left on screen (contract/stuck-items.ts): `exclude` (the default) leaves records fulfilled
 * more than KITCHEN_STUCK_MIN minutes after fire out of every figure; `include` counts them.
 */
export const stuckParam = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(STUCK_CHOICES, { message: `stuck must be one of ${STUCK_CHOICES.join(", ")}` }).default("exclude"),
);

/** Filters shared by the summary, summary.csv and tickets. Empty strings mean "not set". */
const filterShape = {
  maxMinutes: maxMinutesParam,
  stuck: stuckParam,
  item: itemParam,
  service: serviceParam,
  level: z.preprocess((v) => (v === "" ? undefined : v), kitchenLevelParam.optional()),
  station: optionalText,
  behavior: optionalText,
  /** A channel (lib/kitchen/ingest/channels.ts: dine-in, take-out, curbside, drive-thru, delivery, `(none)`, or an unknown behavior). */
  channel: optionalText,
  source: optionalText,
};

/**
 * The time-of-day clip (summary and summary.csv): on every date of the range, only the records
 * the kitchen got before this time, on the business-day clock (lib/business-date/business-clock.ts),
 * so today so far compares with other days up to the same time. Empty: the whole day.
 */
const untilParam = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .regex(CLOCK_TIME_PATTERN, {
      message: "until must be a time of day written HHMM or HHMMSS, restaurant time (for example 1424)",
    })
    .optional(),
);

const summaryShape = {
  from: businessDateParam,
  to: businessDateParam,
  metric: kitchenMetricParam.default("fire_to_fulfill"),
  ...filterShape,
  until: untilParam,
};
const fromNotAfterTo = (q: { from: string; to: string }) => q.from <= q.to;
const FROM_NOT_AFTER_TO = { message: "from must not be after to", path: ["from"] };

/** summary.csv, and what the kitchen service computes a summary from. */
export const kitchenSummarySchema = z.object(summaryShape).refine(fromNotAfterTo, FROM_NOT_AFTER_TO);
/** `stuck` is optional for callers inside the server (tests, the Overview): absent means "exclude", as in the URL. */
type WithOptionalStuck<T> = Omit<T, "stuck"> & { stuck?: StuckChoice };
export type KitchenSummaryQuery = WithOptionalStuck<z.infer<typeof kitchenSummarySchema>>;

const ANSWER_SECTIONS = [...SUMMARY_SECTIONS, ITEM_STATIONS_SECTION] as const;
const ITEM_LEVEL_MESSAGE = "itemLevel must be 0, 1 or 2";

/**
 * The JSON summary's query: the summary's, plus optionally one section of it (contract/sections.ts),
 * computed alone. Without `section`, the whole summary. `section=itemStations` is the item ×
 * station rows of one level, which `itemLevel` names (required there, refused elsewhere): all
 * levels at once would be the size the sections are there to avoid.
 */
export const kitchenSummaryAnswerSchema = z
  .object({
    ...summaryShape,
    section: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(ANSWER_SECTIONS, { message: `section must be one of ${ANSWER_SECTIONS.join(", ")}` }).optional(),
    ),
    itemLevel: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number({ message: ITEM_LEVEL_MESSAGE })
        .int({ message: ITEM_LEVEL_MESSAGE })
        .min(0, { message: ITEM_LEVEL_MESSAGE })
        .max(2, { message: ITEM_LEVEL_MESSAGE })
        .transform((v) => v as KitchenLevel)
        .optional(),
    ),
  })
  .refine(fromNotAfterTo, FROM_NOT_AFTER_TO)
  .refine((q) => (q.section === ITEM_STATIONS_SECTION) === (q.itemLevel !== undefined), {
    message: "itemLevel (0, 1 or 2) goes with section=itemStations, and only there",
    path: ["itemLevel"],
  });

export const kitchenTicketsSchema = z
  .object({
    from: businessDateParam,
    to: businessDateParam,
    metric: kitchenMetricParam.default("fire_to_fulfill"),
    ...filterShape,
    limit: z.coerce
      .number({ message: "limit must be a whole number from 1 to 200" })
      .int({ message: "limit must be a whole number from 1 to 200" })
      .min(1, { message: "limit must be a whole number from 1 to 200" })
      .max(200, { message: "limit must be a whole number from 1 to 200" })
      .default(20),
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type KitchenTicketsQuery = WithOptionalStuck<z.infer<typeof kitchenTicketsSchema>>;

const levelInBody = z
  // A JSON integer, strictly: no coercion of true, null, "1", "0x2" or [1] in a body.
  .number({ message: "level must be 0, 1 or 2" })
  .int({ message: "level must be 0, 1 or 2" })
  .min(0, { message: "level must be 0, 1 or 2" })
  .max(2, { message: "level must be 0, 1 or 2" })
  .transform((v) => v as KitchenLevel);
// null: back to the default (the level's "default" tag returns; a station's row follows its level again).
const secondsInBody = z
  .number({ message: "seconds must be a whole number from 1 to 86400, or null for the default" })
  .int({ message: "seconds must be a whole number from 1 to 86400, or null for the default" })
  .min(1, { message: "seconds must be a whole number from 1 to 86400, or null for the default" })
  .max(86_400, { message: "seconds must be a whole number from 1 to 86400, or null for the default" })
  .nullable();

const TARGET_CHANNELS = Object.keys(CHANNEL_TICKET_TARGETS);
const channelInBody = z
  .string({ message: `channel must be one of ${TARGET_CHANNELS.join(", ")}` })
  .refine((c) => TARGET_CHANNELS.includes(c), {
    message: `channel must be one of ${TARGET_CHANNELS.join(", ")}`,
  });

const levelTargets = (what: string) =>
  z
    .array(z.strictObject({ level: levelInBody, seconds: secondsInBody }))
    .refine((ts) => new Set(ts.map((t) => t.level)).size === ts.length, {
      message: `each level may appear only once in ${what}`,
    });

/**
 * Body of PUT .../kitchen/targets: the item targets per level (`targets`), per station and level
 * (`stations`) and the ticket-time targets (`tickets`), any of them. Levels and stations not named
 * keep their current target. A key it does not know is refused, here and in every entry: a
 * misspelt `ticket` beside `targets` would otherwise be dropped and the rest saved as if complete.
 */
const effectiveFromInBody = z
  .string({ message: "effectiveFrom must be a business date, YYYYMMDD" })
  .refine(isBusinessDate, { message: "effectiveFrom must be a business date, YYYYMMDD" })
  .optional();

export const kitchenTargetsSchema = z
  .strictObject({
    /** The first business date the change is in force (default: the restaurant's today; never earlier). */
    effectiveFrom: effectiveFromInBody,
    targets: levelTargets("targets").default([]),
    tickets: levelTargets("tickets").default([]),
    stations: z
      .array(
        z.strictObject({
          stationGuid: z
            .string({ message: "stationGuid must be a station's GUID" })
            .trim()
            .min(1, { message: "stationGuid must be a station's GUID" })
            .max(100, { message: "stationGuid must be a station's GUID" })
            // Records without a station have no station to hold to a target of its own.
            .refine((g) => g !== NONE_FILTER, { message: "stationGuid must be a station's GUID" }),
          level: levelInBody,
          seconds: secondsInBody,
        }),
      )
      .max(300, { message: "at most 300 station targets at once" })
      .refine((ts) => new Set(ts.map((t) => `${t.stationGuid}:${t.level}`)).size === ts.length, {
        message: "each station and level may appear only once",
      })
      .default([]),
    /** The pass wait's and the ticket sync spread's targets per level (contract/metric-targets.ts). */
    passWait: levelTargets("passWait").default([]),
    ticketSpread: levelTargets("ticketSpread").default([]),
    /** Per channel, its ticket target at every level (contract/channels.ts). */
    channels: z
      .array(z.strictObject({ channel: channelInBody, seconds: secondsInBody }))
      .refine((ts) => new Set(ts.map((t) => t.channel)).size === ts.length, {
        message: "each channel may appear only once in channels",
      })
      .default([]),
  })
  .refine(
    (b) =>
      b.targets.length +
        b.tickets.length +
        b.stations.length +
        b.passWait.length +
        b.ticketSpread.length +
        b.channels.length >
      0,
    {
      message:
        "targets, tickets, stations, passWait, ticketSpread or channels must name at least one level, station or channel",
      path: ["targets"],
    },
  );
export type KitchenTargetsInput = z.infer<typeof kitchenTargetsSchema>;

/**
 * Body of PUT /api/admin/targets: the group standard's item and ticket targets per level, from
 * `effectiveFrom` (default: each restaurant's today). Station GUIDs are a restaurant's: no station here.
 */
export const groupTargetsSchema = z
  .strictObject({
    effectiveFrom: effectiveFromInBody,
    targets: levelTargets("targets").default([]),
    tickets: levelTargets("tickets").default([]),
    stations: z
      .array(z.unknown())
      .max(0, { message: "the group standard has no station targets: a station's GUID is its restaurant's" })
      .optional(),
  })
  .refine((b) => b.targets.length + b.tickets.length > 0, {
    message: "targets or tickets must name at least one level",
    path: ["targets"],
  });
export type GroupTargetsInput = z.infer<typeof groupTargetsSchema>;

export const kitchenOverviewSchema = z.object({
  stuck: stuckParam,
  range: z
    .enum(OVERVIEW_RANGES, { message: `range must be one of ${OVERVIEW_RANGES.join(", ")}` })
    .default("7d"),
});
