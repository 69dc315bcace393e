import "server-only";

import { addBusinessDays, businessDateWeekday } from "@/lib/business-date/business-date";
import { datePhase } from "@/lib/business-date/closeout";
import { formatBusinessDate } from "@/lib/business-date/format";
import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { targetSchedule } from "@/lib/kitchen/contract/target-versions";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import type { DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import type { KitchenRestaurant, KitchenService } from "@/lib/kitchen/service/kitchen-service";
import { readTargetVersions } from "@/lib/kitchen/storage/target-versions";
import { kitchenPageHref } from "@/lib/url-state/kitchen-view";

import { byMove, restaurantFigures, type CellComparison, type DigestLevelFigures } from "./digest-figures";

/**
 * A person's digest of one period: per restaurant and level, the period against its usual (the
 * same weekday, or Monday to Sunday, of the previous 8 weeks: digest-figures.ts) and against its
 * targets, and the three largest moves of a station × service across their restaurants, each in
 * plain words. Every line carries a link into the Kitchen page showing exactly that view.
 */

export const DIGEST_KINDS = ["daily", "weekly"] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** Baseline periods: the same weekday (or week) of each of the previous 8 weeks. */
export const BASELINE_WEEKS = 8;
/** Exceptions a digest names. */
export const EXCEPTIONS_SHOWN = 3;

export interface DigestSpan {
  from: string;
  to: string;
}

export type DigestLevel = DigestLevelFigures & { label: string; link: string };

export interface DigestRestaurant {
  guid: string;
  name: string;
  /** ready: figures below; not_closed: the date has not closed there yet; not_ready: its data is still being read. */
  status: "ready" | "not_closed" | "not_ready";
  link: string;
  levels: DigestLevel[];
}

export interface DigestException extends CellComparison {
  restaurantGuid: string;
  restaurantName: string;
  sentence: string;
  link: string;
}

export interface Digest {
  kind: DigestKind;
  /** The period's last business date (a weekly digest's Sunday). */
  date: string;
  period: DigestSpan;
  /** Most recent first. */
  baselines: DigestSpan[];
  restaurants: DigestRestaurant[];
  exceptions: DigestException[];
}

export interface DigestDeps {
  kitchen: Pick<KitchenService, "rangeDays">;
  /** Where the target versions are read. */
  db: Queryable;
  /** The app's public origin (APP_ORIGIN): links in a mail must work outside the app. */
  origin: string;
  now: () => number;
  /** KITCHEN_CLOSE_GRACE_MIN: a date is closed this long after its closeout, as the backfill counts it. */
  graceMinutes: number;
}

/** The period a digest of `kind` on `date` covers; a weekly digest's date must be a Sunday. */
export function digestPeriod(kind: DigestKind, date: string): DigestSpan {
  if (kind === "daily") return { from: date, to: date };
  if (businessDateWeekday(date) !== 0)
    throw new InvalidInputError("invalid_request", "a weekly digest ends on a Sunday (its Monday to Sunday)");
  return { from: addBusinessDays(date, -6), to: date };
}

const shift = (p: DigestSpan, weeks: number): DigestSpan => ({
  from: addBusinessDays(p.from, -7 * weeks),
  to: addBusinessDays(p.to, -7 * weeks),
});

/** The digest of `kind` for the period ending `date` over `restaurants` (a person's permitted ones). */
export async function buildDigest(
  deps: DigestDeps,
  restaurants: readonly KitchenRestaurant[],
  kind: DigestKind,
  date: string,
): Promise<Digest> {
  const period = digestPeriod(kind, date);
  const baselines = Array.from({ length: BASELINE_WEEKS }, (_, i) => shift(period, i + 1));
  const out: DigestRestaurant[] = [];
  const cells: DigestException[] = [];
  for (const r of restaurants) {
    const one = await restaurantDigest(deps, r, period, baselines);
    out.push(one.restaurant);
    cells.push(...one.cells);
  }
  return {
    kind,
    date,
    period,
    baselines,
    restaurants: out,
    exceptions: cells.sort(byMove).slice(0, EXCEPTIONS_SHOWN),
  };
}

async function restaurantDigest(
  deps: DigestDeps,
  r: KitchenRestaurant,
  period: DigestSpan,
  baselines: readonly DigestSpan[],
): Promise<{ restaurant: DigestRestaurant; cells: DigestException[] }> {
  const link = (view: { level?: KitchenLevel; station?: string; service?: string } = {}) =>
    linkTo(deps.origin, r.guid, period, view);
  const base = { guid: r.guid, name: r.name, link: link(), levels: [] };
  if (datePhase(period.to, r, deps.now(), deps.graceMinutes) !== "closed")
    return { restaurant: { ...base, status: "not_closed" }, cells: [] };
  const now = await storedDays(deps, r, period);
  if (now === null) return { restaurant: { ...base, status: "not_ready" }, cells: [] };
  const before: DaySummary[][] = [];
  for (const p of baselines) before.push((await storedDays(deps, r, p))?.days ?? []);
  const schedule = targetSchedule(await readTargetVersions(deps.db, r));
  const figures = restaurantFigures({
    period: now.days,
    baselines: before,
    bookOn: (d) => schedule.on(d).book,
    lastDate: period.to,
    cutSeconds: now.cutSeconds,
  });
  const levels = figures.levels.map((l) => ({ ...l, label: LEVEL_LABELS[l.level], link: link(l) }));
  const cells = figures.cells.map((c) => ({
    ...c,
    restaurantGuid: r.guid,
    restaurantName: r.name,
    sentence: exceptionSentence(r.name, c),
    link: link({ level: c.level, station: c.stationGuid ?? undefined, service: c.service }),
  }));
  return { restaurant: { ...base, status: "ready", levels }, cells };
}

/**
 * The stored days of a period (the kitchen service reads what the store lacks first, as a request
 * would), or null while some date is still being read. A period before the restaurant's data
 * begins has no days.
 */
async function storedDays(
  deps: DigestDeps,
  r: KitchenRestaurant,
  p: DigestSpan,
): Promise<{ days: DaySummary[]; cutSeconds: number | undefined } | null> {
  try {
    const answer = await deps.kitchen.rangeDays(r, p);
    if (!answer.ready) return null;
    return { days: answer.value.days, cutSeconds: answer.value.cutSeconds };
  } catch (error) {
    // A baseline week before the restaurant's first business date is refused as a range: no figures.
    if (error instanceof InvalidInputError) return { days: [], cutSeconds: undefined };
    throw error;
  }
}

/** An absolute link to the Kitchen page showing the period (and the level, station, service). */
function linkTo(
  origin: string,
  guid: string,
  period: DigestSpan,
  view: { level?: KitchenLevel; station?: string; service?: string },
): string {
  const params = {
    range: "custom" as const,
    from: period.from,
    to: period.to,
    ...(view.level !== undefined ? { level: view.level } : {}),
    ...(view.station ? { station: view.station } : {}),
    ...(view.service ? { service: view.service } : {}),
  };
  return `${origin.replace(/\/+$/, "")}${kitchenPageHref(guid, params)}`;
}

/** "Harbor: Grill at Dinner (prep station): p90 14m 20s against a usual 10m 05s (+4m 15s); 38.0% late against a usual 12.0%." and its unusual days. */
export function exceptionSentence(restaurantName: string, c: CellComparison): string {
  const station = c.stationName ?? "No station";
  const diff = c.now.p90! - c.usual.p90;
  const sign = diff > 0 ? "+" : diff < 0 ? "−" : "±";
  return (
    `${restaurantName}: ${station} at ${c.service} (${LEVEL_LABELS[c.level].toLowerCase()}): ` +
    `p90 ${formatDuration(c.now.p90)} against a usual ${formatDuration(c.usual.p90)} ` +
    `(${sign}${formatDuration(Math.abs(diff))}); ${formatShare(c.now.lateShare)} late against a usual ` +
    `${formatShare(c.usual.lateShare)}.${unusualWords(c)}`
  );
}

/** " Unusual on Fri, Feb 28, 2025: p90 14m 20s, outside its usual 9m 10s – 12m 30s." (the anomaly rule's band), or "". */
function unusualWords(c: CellComparison): string {
  if (c.unusual.length === 0) return "";
  return ` Unusual on ${c.unusual
    .map(
      (u) =>
        `${formatBusinessDate(u.date)}: p90 ${formatDuration(u.p90)}, outside its usual ${formatDuration(u.low)} – ${formatDuration(u.high)}`,
    )
    .join("; ")}.`;
}
