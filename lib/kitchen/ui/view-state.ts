import { KITCHEN_LEVELS, KITCHEN_METRICS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/kitchen-api";
import { businessDaysInRange, isBusinessDate } from "@/lib/business-date/business-date";
import { RANGE_PRESETS, presetRange, previousPeriod, type DateRange, type RangePreset } from "./date-range";

/**
 * The Kitchen page's view, kept in the URL's search params so a view can be shared, bookmarked
 * and reloaded. Parsing is forgiving: a hand-edited or outdated link shows the nearest sensible
 * view and says what it ignored, rather than an error page.
 */
export interface KitchenView {
  range: RangePreset;
  from: string;
  to: string;
  compare: boolean;
  metric: KitchenMetric;
  /** null: every level. */
  level: KitchenLevel | null;
  station: string | null;
  behavior: string | null;
  source: string | null;
  /** The histogram's own station and level (the main filters apply on top). */
  histStation: string | null;
  histLevel: KitchenLevel;
}

export const DEFAULT_RANGE: Exclude<RangePreset, "custom"> = "7d";
export const DEFAULT_METRIC: KitchenMetric = "fire_to_fulfill";

/** The longest custom range the page asks for; the server has its own limit too. */
export const MAX_CUSTOM_DAYS = 366;

export type SearchParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

function reader(params: SearchParamsLike): (key: string) => string | null {
  if (params instanceof URLSearchParams) return (key) => params.get(key);
  return (key) => {
    const v = params[key];
    const first = Array.isArray(v) ? v[0] : v;
    return first === undefined ? null : first;
  };
}

function parseLevel(value: string | null): KitchenLevel | null {
  if (value === null || value === "" || value === "all") return null;
  const n = Number(value);
  return (KITCHEN_LEVELS as readonly number[]).includes(n) ? (n as KitchenLevel) : null;
}

function text(value: string | null): string | null {
  const t = value?.trim();
  return t ? t.slice(0, 200) : null;
}

export interface ParsedKitchenView {
  view: KitchenView;
  /** Plain-words notes about parts of the link that were ignored. */
  problems: string[];
}

/** The view a URL describes, given today's business date in the restaurant's zone. */
export function parseKitchenView(params: SearchParamsLike, today: string): ParsedKitchenView {
  const get = reader(params);
  const problems: string[] = [];

  let range = (RANGE_PRESETS as readonly string[]).includes(get("range") ?? "") ? (get("range") as RangePreset) : DEFAULT_RANGE;
  let dates: DateRange;
  if (range === "custom") {
    const from = get("from") ?? "";
    const to = get("to") ?? "";
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

  const metricParam = get("metric");
  const metric = (KITCHEN_METRICS as readonly string[]).includes(metricParam ?? "") ? (metricParam as KitchenMetric) : DEFAULT_METRIC;
  if (metricParam && metric !== metricParam) problems.push(`Unknown metric "${metricParam}"; showing fire to fulfill.`);

  return {
    view: {
      range,
      ...dates,
      compare: get("compare") !== "0",
      metric,
      level: parseLevel(get("level")),
      station: text(get("station")),
      behavior: text(get("behavior")),
      source: text(get("source")),
      histStation: text(get("hs")),
      histLevel: parseLevel(get("hl")) ?? 0,
    },
    problems,
  };
}

export function checkCustomRange(from: string, to: string, today: string): { ok: true } | { ok: false; message: string } {
  if (!isBusinessDate(from) || !isBusinessDate(to)) return { ok: false, message: "The custom range needs a start and an end date." };
  if (from > to) return { ok: false, message: "The custom range starts after it ends." };
  if (to > today) return { ok: false, message: "The custom range reaches past today's business date." };
  if (businessDaysInRange(from, to) > MAX_CUSTOM_DAYS) return { ok: false, message: `The custom range is longer than ${MAX_CUSTOM_DAYS} days.` };
  return { ok: true };
}

/**
 * The search params of a view, leaving out defaults so shared links stay short. Keys come in a
 * fixed order, so the same view always has the same URL.
 */
export function serializeKitchenView(view: KitchenView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.range !== DEFAULT_RANGE) out.set("range", view.range);
  if (view.range === "custom") {
    out.set("from", view.from);
    out.set("to", view.to);
  }
  if (!view.compare) out.set("compare", "0");
  if (view.metric !== DEFAULT_METRIC) out.set("metric", view.metric);
  if (view.level !== null) out.set("level", String(view.level));
  if (view.station) out.set("station", view.station);
  if (view.behavior) out.set("behavior", view.behavior);
  if (view.source) out.set("source", view.source);
  if (view.histStation) out.set("hs", view.histStation);
  if (view.histLevel !== 0) out.set("hl", String(view.histLevel));
  return out;
}

/** Query params of the kitchen API for a view's range and filters (summary, summary.csv, tickets). */
export function apiQuery(view: Pick<KitchenView, "metric" | "level" | "station" | "behavior" | "source">, range: DateRange): URLSearchParams {
  const q = new URLSearchParams({ from: range.from, to: range.to, metric: view.metric });
  if (view.level !== null) q.set("level", String(view.level));
  if (view.station) q.set("station", view.station);
  if (view.behavior) q.set("behavior", view.behavior);
  if (view.source) q.set("source", view.source);
  return q;
}

/** The previous period of the view's range, for the comparison figures. */
export function comparisonRange(view: KitchenView): DateRange {
  return previousPeriod({ from: view.from, to: view.to });
}
