import type { KitchenItemsWire } from "./item-columns";
import type { DayPartsSummary, KitchenAnomaly, KitchenSummary } from "./responses";

/**
 * The summary's sections: `GET …/kitchen/summary?section=<name>` answers one, computing only what
 * it returns (lib/kitchen/service/summary-sections.ts). They follow the Kitchen page's sections
 * (components/kitchen/kitchen-section.tsx), so the page asks each when it needs it, and no answer
 * carries another's tables: a busy week's whole summary is half a megabyte, nine tenths of it the
 * item and hour tables.
 *
 * A section's answer is exactly the whole summary's fields it names, with the same values in the
 * same order (`sectionOf`): byte for byte what the whole answer (no `section`, kept for the API's
 * and the CSV's users) holds for the same query. Every section carries the query it answers
 * (`restaurantGuid`, `from`, `to`, `metric`, `filters`). The items section is sent as columns
 * (item-columns.ts, `KitchenSectionWires`), decoded by the browser (lib/queries) to exactly those
 * fields; its item × station rows are not in it but asked a level at a time
 * (`section=itemStations&itemLevel=L`, `KitchenItemStationsSection`), where the items over target
 * card shows them: together a busy week's were 450 KB, the largest section now is under 60 KB.
 */
export const SUMMARY_SECTIONS = ["figures", "stations", "tickets", "items", "hours", "trend"] as const;
export type SummarySection = (typeof SUMMARY_SECTIONS)[number];

type QueryFields = "restaurantGuid" | "from" | "to" | "metric" | "filters";

/** The headline figures, the controls and the notices: from the station × level merge alone. */
export type KitchenFiguresSection = Pick<
  KitchenSummary,
  | QueryFields
  | "restaurantName"
  | "timeZone"
  | "itemName"
  | "coverage"
  | "ingest"
  | "noRecordsSent"
  | "levels"
  | "histogram"
  | "withinTarget"
  | "options"
  | "outliers"
  | "stuck"
>;

/** Per prep station and level, with the target that applies and the records over it. */
export type KitchenStationsSection = Pick<KitchenSummary, QueryFields | "stations">;

/** Ticket times per level, per hour of fire and per business date. */
export type KitchenTicketsSection = Pick<
  KitchenSummary,
  QueryFields | "tickets" | "ticketHours" | "ticketDays"
>;

/** The most frequent menu items per level, and the courses (per station: `KitchenItemStationsSection`). */
export type KitchenItemsSection = Pick<
  KitchenSummary,
  QueryFields | "items" | "itemCount" | "courses" | "courseCount"
>;

/** Per hour of day, every station together and per station. */
export type KitchenHoursSection = Pick<KitchenSummary, QueryFields | "hours" | "hourStations">;

/**
 * The daily trend with its late counts, the dining-option and source breakdowns, and the day parts
 * (the services and the weekday × hour grid, which read every day of the range: asked once, here).
 */
export type KitchenTrendSection = Pick<
  KitchenSummary,
  QueryFields | "days" | "behaviors" | "channels" | "sources"
> & {
  dayParts: DayPartsSummary;
  /** The unusual days (KitchenSummary.anomalies), flagged on the daily trend. */
  anomalies: KitchenAnomaly[];
};

export interface KitchenSummarySections {
  figures: KitchenFiguresSection;
  stations: KitchenStationsSection;
  tickets: KitchenTicketsSection;
  items: KitchenItemsSection;
  hours: KitchenHoursSection;
  trend: KitchenTrendSection;
}

/** What the route sends for each section: the decoded shape, but the items as columns. */
export type KitchenSectionWires = Omit<KitchenSummarySections, "items"> & { items: KitchenItemsWire };

/**
 * The detail asked on its own, not a section of the page's plan: the whole summary's item ×
 * station rows of one level (`itemLevel`), for the items over target card and the slowest items'
 * station column (item-columns.ts).
 */
export const ITEM_STATIONS_SECTION = "itemStations";

const QUERY_FIELDS = ["restaurantGuid", "from", "to", "metric", "filters"] as const;

/** Each section's fields of the whole summary. */
const SECTION_FIELDS: { [S in SummarySection]: readonly (keyof KitchenSummary)[] } = {
  figures: [
    ...QUERY_FIELDS,
    "restaurantName",
    "timeZone",
    "itemName",
    "coverage",
    "ingest",
    "noRecordsSent",
    "levels",
    "histogram",
    "withinTarget",
    "options",
    "outliers",
    "stuck",
  ],
  stations: [...QUERY_FIELDS, "stations"],
  tickets: [...QUERY_FIELDS, "tickets", "ticketHours", "ticketDays"],
  items: [...QUERY_FIELDS, "items", "itemCount", "courses", "courseCount"],
  hours: [...QUERY_FIELDS, "hours", "hourStations"],
  trend: [...QUERY_FIELDS, "days", "behaviors", "channels", "sources", "dayParts", "anomalies"],
};

/** The key order of the whole summary's JSON (service/summary-assembly.ts, then the day parts). */
const SUMMARY_ORDER: readonly (keyof KitchenSummary)[] = [
  "restaurantGuid",
  "restaurantName",
  "timeZone",
  "from",
  "to",
  "metric",
  "filters",
  "itemName",
  "coverage",
  "ingest",
  "noRecordsSent",
  "levels",
  "stations",
  "hours",
  "hourStations",
  "days",
  "items",
  "itemCount",
  "itemStations",
  "behaviors",
  "channels",
  "sources",
  "courses",
  "courseCount",
  "histogram",
  "withinTarget",
  "options",
  "outliers",
  "tickets",
  "ticketHours",
  "ticketDays",
  "stuck",
  "dayParts",
  "anomalies",
];

/**
 * A section of a summary, or of the part of one a section's computation filled in: its fields in
 * the whole summary's order, so its JSON is byte for byte the whole's for those fields. A field the
 * source lacks is left out (never `undefined`, which the wire would drop).
 */
export function sectionOf<S extends SummarySection>(
  source: Partial<KitchenSummary>,
  section: S,
): KitchenSummarySections[S] {
  const fields = SECTION_FIELDS[section];
  const out: Record<string, unknown> = {};
  for (const key of SUMMARY_ORDER)
    if (fields.includes(key) && source[key] !== undefined) out[key] = source[key];
  return out as KitchenSummarySections[S];
}
