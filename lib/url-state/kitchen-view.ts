import {
  createLoader,
  createParser,
  createSerializer,
  parseAsStringLiteral,
  type inferParserType,
  type LoaderInput,
  type UrlKeys,
} from "nuqs/server";

import { businessDaysInRange, isBusinessDate } from "@/lib/business-date/business-date";
import {
  presetRange,
  RANGE_PRESETS,
  type DateRange,
  type RangePreset,
} from "@/lib/kitchen/contract/date-range";
import { STUCK_CHOICES, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { TODAY_COMPARISONS, type TodayComparison } from "@/lib/kitchen/contract/today-comparison";
import {
  KITCHEN_LEVELS,
  KITCHEN_METRICS,
  type KitchenLevel,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";

/**
 * The Kitchen page's view, kept in the URL's search params so a view can be shared, bookmarked
 * and reloaded: one nuqs schema, read by `useKitchenView` in the browser and by
 * `loadKitchenViewParams` anywhere else (a server page, a test). Parsing is forgiving: a
 * hand-edited or outdated link shows the nearest sensible view and says what it ignored, rather
 * than an error page.
 */
export interface KitchenView {
  range: RangePreset;
  from: string;
  to: string;
  compare: boolean;
  /**
   * What today (the open business date, alone in the range) is compared with, up to the same
   * time of day: the same weekday a week earlier (the default) or yesterday.
   */
  compareWith: TodayComparison;
  metric: KitchenMetric;
  /** null: every level. */
  level: KitchenLevel | null;
  station: string | null;
  behavior: string | null;
  /** One channel (lib/kitchen/ingest/channels.ts: drive-thru, curbside...), `(none)` for no dining option: null, every channel. */
  channel: string | null;
  source: string | null;
  /** One menu item's GUID (the Menu page's "Kitchen times for …" link): null, every item. */
  item: string | null;
  /** One service (day part) by name, `(none)` for outside every service: null, every service. */
  service: string | null;
  /** The outlier cut: records over this many minutes count nowhere; null, off (the default). */
  maxMinutes: number | null;
  /** Items left on screen (contract/stuck-items.ts): left out of the figures (the default) or counted (`stuck=include`). */
  stuck: StuckChoice;
  /** The histogram's own station and level (the main filters apply on top). */
  histStation: string | null;
  histLevel: KitchenLevel;
}

export const DEFAULT_RANGE: Exclude<RangePreset, "custom"> = "7d";
export const DEFAULT_METRIC: KitchenMetric = "fire_to_fulfill";

/** The longest custom range the page asks for; the server has its own limit too. */
export const MAX_CUSTOM_DAYS = 366;

/** A value the link carried that the view cannot use, kept (not dropped) so the page can say so. */
export interface Unusable {
  readonly unusable: string;
}

export function isUnusable(value: unknown): value is Unusable {
  return typeof value === "object" && value !== null && "unusable" in value;
}

/** "all" and an empty value mean every level; an unknown level is ignored without a word, as before. */
const parseAsLevel = createParser<KitchenLevel>({
  parse: (value) => {
    if (value === "" || value === "all") return null;
    const n = Number(value);
    return (KITCHEN_LEVELS as readonly number[]).includes(n) ? (n as KitchenLevel) : null;
  },
  serialize: String,
});

/** Free text (a station GUID, a dining option, an order source): trimmed, at most 200 characters. */
const parseAsFilterText = createParser<string>({
  parse: (value) => {
    const t = value.trim();
    return t ? t.slice(0, 200) : null;
  },
  serialize: (value) => value,
});

/** Whole minutes 1..1440; anything else turns the cut off. */
const parseAsMaxMinutes = createParser<number>({
  parse: (value) =>
    /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1440 ? Number(value) : null,
  serialize: String,
});

const parseAsBusinessDate = createParser<string>({
  parse: (value) => (isBusinessDate(value) ? value : null),
  serialize: (value) => value,
});

/** Comparison is on unless the link says `compare=0`. */
const parseAsCompare = createParser<boolean>({
  parse: (value) => value !== "0",
  serialize: (value) => (value ? "1" : "0"),
});

const serializeMetric = (value: KitchenMetric | Unusable) => (isUnusable(value) ? value.unusable : value);
const parseAsMetric = createParser<KitchenMetric | Unusable>({
  parse: (value) => {
    if (value === "") return null;
    return (KITCHEN_METRICS as readonly string[]).includes(value)
      ? (value as KitchenMetric)
      : { unusable: value };
  },
  serialize: serializeMetric,
  eq: (a, b) => serializeMetric(a) === serializeMetric(b),
});

/** The schema: every key of the view, with its default (a default is left out of the URL). */
export const kitchenViewParams = {
  range: parseAsStringLiteral(RANGE_PRESETS).withDefault(DEFAULT_RANGE),
  from: parseAsBusinessDate,
  to: parseAsBusinessDate,
  compare: parseAsCompare.withDefault(true),
  compareWith: parseAsStringLiteral(TODAY_COMPARISONS).withDefault("week"),
  metric: parseAsMetric.withDefault(DEFAULT_METRIC),
  level: parseAsLevel,
  station: parseAsFilterText,
  behavior: parseAsFilterText,
  channel: parseAsFilterText,
  source: parseAsFilterText,
  item: parseAsFilterText,
  service: parseAsFilterText,
  maxMinutes: parseAsMaxMinutes,
  // Anything but "include" leaves them out, as the API's default does.
  stuck: parseAsStringLiteral(STUCK_CHOICES).withDefault("exclude"),
  histStation: parseAsFilterText,
  histLevel: parseAsLevel.withDefault(0),
};

/** Short URL keys for the histogram's own filters, as links already shared use them. */
export const kitchenViewUrlKeys: UrlKeys<typeof kitchenViewParams> = {
  histStation: "hs",
  histLevel: "hl",
  compareWith: "vs",
};

/** What the URL says, parsed but not yet checked against today's date. */
export type KitchenViewParams = inferParserType<typeof kitchenViewParams>;

export const loadKitchenViewParams = createLoader(kitchenViewParams, { urlKeys: kitchenViewUrlKeys });

export interface ParsedKitchenView {
  view: KitchenView;
  /** Plain-words notes about parts of the link that were ignored. */
  problems: string[];
}

export function checkCustomRange(
  from: string,
  to: string,
  today: string,
): { ok: true } | { ok: false; message: string } {
  if (!isBusinessDate(from) || !isBusinessDate(to))
    return { ok: false, message: "The custom range needs a start and an end date." };
  if (from > to) return { ok: false, message: "The custom range starts after it ends." };
  if (to > today) return { ok: false, message: "The custom range reaches past today's business date." };
  if (businessDaysInRange(from, to) > MAX_CUSTOM_DAYS)
    return { ok: false, message: `The custom range is longer than ${MAX_CUSTOM_DAYS} days.` };
  return { ok: true };
}

/** The view the URL's params describe, given today's business date in the restaurant's zone. */
export function resolveKitchenView(params: KitchenViewParams, today: string): ParsedKitchenView {
  const problems: string[] = [];
  let range = params.range;
  let dates: DateRange;
  if (range === "custom") {
    const from = params.from ?? "";
    const to = params.to ?? "";
    const custom = checkCustomRange(from, to, today);
    if (custom.ok) {
      dates = { from, to };
    } else {
      problems.push(`${custom.message} Showing the last 7 days instead.`);
      range = DEFAULT_RANGE;
      dates = presetRange(DEFAULT_RANGE, today);
    }
  } else {
    dates = presetRange(range, today);
  }

  let metric: KitchenMetric;
  if (isUnusable(params.metric)) {
    problems.push(`Unknown metric "${params.metric.unusable}"; showing fire to fulfill.`);
    metric = DEFAULT_METRIC;
  } else {
    metric = params.metric;
  }

  return {
    view: {
      range,
      ...dates,
      compare: params.compare,
      compareWith: params.compareWith,
      metric,
      level: params.level,
      station: params.station,
      behavior: params.behavior,
      channel: params.channel,
      source: params.source,
      item: params.item,
      service: params.service,
      maxMinutes: params.maxMinutes,
      stuck: params.stuck,
      histStation: params.histStation,
      histLevel: params.histLevel,
    },
    problems,
  };
}

/** The view a URL describes (a search string, URLSearchParams or Next's searchParams object). */
export function parseKitchenView(input: LoaderInput, today: string): ParsedKitchenView {
  return resolveKitchenView(loadKitchenViewParams(input), today);
}

/** The params of a view: preset ranges carry no dates; empty filters are left out. */
export function kitchenViewToParams(view: KitchenView): KitchenViewParams {
  const custom = view.range === "custom";
  return {
    range: view.range,
    from: custom ? view.from : null,
    to: custom ? view.to : null,
    compare: view.compare,
    compareWith: view.compareWith,
    metric: view.metric,
    level: view.level,
    station: view.station || null,
    behavior: view.behavior || null,
    channel: view.channel || null,
    source: view.source || null,
    item: view.item || null,
    service: view.service || null,
    maxMinutes: view.maxMinutes,
    stuck: view.stuck,
    histStation: view.histStation || null,
    histLevel: view.histLevel,
  };
}

/**
 * The params to write for a change to the view: the whole view, so a change also drops what the
 * link carried but could not use (its notice goes with it).
 */
export function kitchenViewUpdate(
  current: KitchenViewParams,
  patch: Partial<KitchenView>,
  today: string,
): KitchenViewParams {
  return kitchenViewToParams({ ...resolveKitchenView(current, today).view, ...patch });
}

const serialize = createSerializer(kitchenViewParams, { urlKeys: kitchenViewUrlKeys });

/** The search string of a view (no "?"), defaults left out so shared links stay short. */
export function serializeKitchenView(view: KitchenView): string {
  return serialize(kitchenViewToParams(view)).replace(/^\?/, "");
}

/** A link to a restaurant's Kitchen page showing `params` (defaults left out), e.g. from the Overview. */
export function kitchenPageHref(restaurantGuid: string, params: Partial<KitchenViewParams>): string {
  return `/restaurants/${encodeURIComponent(restaurantGuid)}/kitchen${serialize(params)}`;
}

/** Query params of the kitchen API for a view's range and filters (summary, summary.csv, tickets). */
export function apiQuery(
  view: Pick<
    KitchenView,
    "metric" | "level" | "station" | "behavior" | "source" | "item" | "service" | "maxMinutes"
  > & { stuck?: StuckChoice; channel?: string | null },
  range: DateRange,
): URLSearchParams {
  const q = new URLSearchParams({ from: range.from, to: range.to, metric: view.metric });
  if (view.level !== null) q.set("level", String(view.level));
  if (view.station) q.set("station", view.station);
  if (view.behavior) q.set("behavior", view.behavior);
  if (view.channel) q.set("channel", view.channel);
  if (view.source) q.set("source", view.source);
  if (view.item) q.set("item", view.item);
  if (view.service) q.set("service", view.service);
  if (view.maxMinutes !== null) q.set("maxMinutes", String(view.maxMinutes));
  // The API leaves items left on screen out unless told: only the switch's "count them" is written.
  if (view.stuck === "include") q.set("stuck", "include");
  return q;
}
