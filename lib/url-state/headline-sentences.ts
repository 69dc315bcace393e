import { formatBusinessDate } from "@/lib/business-date/format";
import type { DateRange } from "@/lib/kitchen/contract/date-range";
import type { KitchenAnomaly, KitchenOverview } from "@/lib/kitchen/contract/responses";
import {
  rankedRowOf,
  rankRestaurants,
  restaurantVerdict,
  type StatusFigures,
} from "@/lib/kitchen/contract/restaurant-status";
import { NONE_FILTER, type OverviewRange } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";

import { kitchenPageHref } from "./kitchen-view";

/**
 * "A sentence before the numbers" (issue 35): the two or three plain sentences that open the
 * Kitchen page and the Overview's glance line, each computed from figures the page already holds
 * (the level-0 late counts and p90 the status rule reads, lib/kitchen/contract/restaurant-status.ts;
 * the summary's `anomalies`; the range's annotations) and each linking to the view that shows its
 * evidence. Pure and deterministic: the same figures give the same words, in a fixed order, and a
 * sentence is said only when the figures carry it; with nothing notable the first sentence says so
 * ("On track: …"), never an invented cause.
 */

export type SentenceKind = "unusual" | "marker" | "late" | "on-track" | "mover";

export interface HeadlineSentence {
  kind: SentenceKind;
  text: string;
  /** The view that shows the sentence's evidence (a Kitchen page URL, path and query). */
  href: string;
}

/** Sentences shown, at most. */
const MOST = 3;

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A sentence ends with one full stop, whatever the words it quotes end with. */
const sentence = (words: string) => `${words.replace(/[.\s]+$/, "")}.`;

// ---------------------------------------------------------------------------------------------
// The Kitchen page

/** An annotation as the sentences read it (lib/annotations' `Annotation` fits): its date, kind and words. */
interface Marker {
  date: string;
  kind: string;
  text: string;
}

export interface KitchenSentenceInput {
  guid: string;
  /** The dates of the figures on screen. */
  range: DateRange;
  /** Level 0 this period (records with a time, late ones, p90); null without a level-0 record. */
  current: StatusFigures | null;
  /** The same for the period before, when the page compares; null otherwise. */
  previous: StatusFigures | null;
  /** The flagged slices of the range (the summary's `anomalies`). */
  anomalies: readonly KitchenAnomaly[];
  /** The range's notes and markers. */
  annotations: readonly Marker[];
}

/** Slower first (a slow day is what a manager acts on), then the largest move off the usual, then date and place. */
function byConcern(a: KitchenAnomaly, b: KitchenAnomaly): number {
  const slower = (x: KitchenAnomaly) => (x.p90 > x.high ? 0 : 1);
  return (
    slower(a) - slower(b) ||
    Math.abs(b.p90 - b.median) - Math.abs(a.p90 - a.median) ||
    a.date.localeCompare(b.date) ||
    a.level - b.level ||
    (a.station?.stationName ?? "").localeCompare(b.station?.stationName ?? "") ||
    (a.service ?? "").localeCompare(b.service ?? "")
  );
}

/** "Grill", "Every prep station", "Expediter (no station)". */
function placeOf(a: KitchenAnomaly): string {
  if (a.station === null) return a.level === 0 ? "Every prep station" : LEVEL_LABELS[a.level];
  const name = a.station.stationName ?? "No station";
  return a.level === 0 ? name : `${name} (${LEVEL_LABELS[a.level].toLowerCase()})`;
}

function unusualSentence(guid: string, anomalies: readonly KitchenAnomaly[]): HeadlineSentence | null {
  if (anomalies.length === 0) return null;
  const [a, ...rest] = [...anomalies].sort(byConcern);
  const way = a!.p90 > a!.high ? "slower" : "faster";
  const service = a!.service === null ? "outside every service" : `at ${a!.service}`;
  const others =
    rest.length > 0
      ? ` (${plural(rest.length, "more unusual slice", "more unusual slices")} on the trend)`
      : "";
  return {
    kind: "unusual",
    text: sentence(
      `${placeOf(a!)} ran ${formatDuration(Math.abs(a!.p90 - a!.median))} ${way} than usual ${service} on ` +
        `${formatBusinessDate(a!.date)}: p90 ${formatDuration(a!.p90)} against a usual ${formatDuration(a!.median)}${others}`,
    ),
    href: kitchenPageHref(guid, {
      range: "custom",
      from: a!.date,
      to: a!.date,
      level: a!.level,
      ...(a!.station ? { station: a!.station.stationGuid ?? NONE_FILTER } : {}),
      service: a!.service ?? NONE_FILTER,
    }),
  };
}

/** Configuration changes and notes say more about a cause than an item first or last sold. */
const KIND_ORDER: Record<string, number> = {
  routing: 0,
  "prep-station": 1,
  note: 2,
  menu: 3,
  schedule: 4,
  "item-first-sold": 5,
  "item-last-sold": 6,
};

/** A kind this list does not know (a newer one) comes after those it does. */
const kindRank = (m: Marker) => KIND_ORDER[m.kind] ?? 99;

/**
 * The marker to name: with an unusual day, the latest one on or before that day (what changed
 * before it); otherwise the latest in the range. A causal tie is never claimed: the sentence says
 * what changed and when, beside the figures.
 */
function markerSentence(
  guid: string,
  annotations: readonly Marker[],
  before: string | null,
): HeadlineSentence | null {
  const candidates = annotations.filter((a) => before === null || a.date <= before);
  if (candidates.length === 0) return null;
  const [m] = [...candidates].sort(
    (a, b) => b.date.localeCompare(a.date) || kindRank(a) - kindRank(b) || a.text.localeCompare(b.text),
  );
  const date = formatBusinessDate(m!.date);
  const others = candidates.length - 1;
  const more = others > 0 ? ` (${plural(others, "more change", "more changes")} noted in these dates)` : "";
  const text =
    m!.kind === "note"
      ? `A manager noted on ${date}: “${m!.text.replace(/[.\s]+$/, "")}”${more}`
      : `${m!.text} on ${date}${more}`;
  return {
    kind: "marker",
    text: sentence(text),
    // The day's view; its trend section lists the annotation.
    href: `${kitchenPageHref(guid, { range: "custom", from: m!.date, to: m!.date })}#kitchen-trend`,
  };
}

/** The Kitchen page's opening sentences, most telling first (at most three). */
export function kitchenSentences(input: KitchenSentenceInput): HeadlineSentence[] {
  const { guid, range } = input;
  const out: HeadlineSentence[] = [];
  const unusual = unusualSentence(guid, input.anomalies);
  const latest = unusual ? [...input.anomalies].sort(byConcern)[0]!.date : null;
  const levelHref = kitchenPageHref(guid, { range: "custom", from: range.from, to: range.to, level: 0 });
  const verdict = input.current
    ? restaurantVerdict(input.current, input.previous, "the period before")
    : null;
  const slower = input.anomalies.some((a) => a.p90 > a.high);
  if (verdict && verdict.status !== "on_track")
    out.push({
      kind: "late",
      text: sentence(`${verdict.status === "act" ? "Needs action" : "Worth watching"}: ${verdict.reason}`),
      href: levelHref,
    });
  else if (!slower)
    out.push({
      kind: "on-track",
      text: sentence(
        `On track: ${verdict ? verdict.reason : "no level-0 records in these dates"}; ` +
          `${input.anomalies.length === 0 ? "no unusual day" : "no day slower than usual"} against the same weekdays of the 8 weeks before`,
      ),
      href: levelHref,
    });
  // A slower day leads; a faster one follows the on-track sentence it does not contradict.
  if (unusual && slower) out.unshift(unusual);
  else if (unusual) out.push(unusual);
  const marker = markerSentence(guid, input.annotations, latest);
  if (marker) out.push(marker);
  return out.slice(0, MOST);
}

// ---------------------------------------------------------------------------------------------
// The Overview

/** The restaurants the Overview's sentences name, at most (the evidence is read for these only). */
const OVERVIEW_EVIDENCE_MOST = 2;

type OverviewInput = Pick<KitchenOverview, "rows" | "movers" | "evidence">;

/**
 * Whom the Overview's sentences name: the restaurant to act on first (else to watch), the one that
 * got worse most besides it, or, with neither, the ready one with the most late items. The route
 * reads the evidence (anomalies, annotations) of these only (lib/kitchen/service/overview-evidence.ts).
 */
function overviewSubjects(overview: Pick<KitchenOverview, "rows" | "movers">) {
  const ranked = rankRestaurants(overview.rows.map((row) => ({ ...rankedRowOf(row), row })));
  const ready = ranked.filter((r) => r.ready && r.row.verdict);
  const first =
    ready.find((r) => r.row.verdict!.status === "act") ??
    ready.find((r) => r.row.verdict!.status === "watch");
  const worse = overview.movers?.worse.find((m) => m.restaurantGuid !== first?.row.restaurantGuid);
  const top = !first && !worse ? ready[0]?.row : undefined;
  return { ready, first: first?.row, worse, top };
}

/** The GUIDs of the restaurants the sentences name, for their evidence (at most OVERVIEW_EVIDENCE_MOST). */
export function overviewSentenceSubjects(overview: Pick<KitchenOverview, "rows" | "movers">): string[] {
  const { first, worse, top } = overviewSubjects(overview);
  return [first?.restaurantGuid, worse?.restaurantGuid, top?.restaurantGuid]
    .filter((g): g is string => g !== undefined)
    .slice(0, OVERVIEW_EVIDENCE_MOST);
}

/** "Grill ran …" said of one restaurant among many: "At Lakeside Diner, Grill ran …". */
function atRestaurant(name: string, s: HeadlineSentence): HeadlineSentence {
  const text = s.text.replace(/^(Every|A) /, (w) => w.toLowerCase());
  return { ...s, text: `At ${name}, ${text}` };
}

/**
 * What the evidence of one named restaurant adds: its most telling unusual day of the period, or
 * else the latest note or marker; only what changed and when, never a cause.
 */
function evidenceSentence(overview: OverviewInput, guid: string, name: string): HeadlineSentence | null {
  const evidence = overview.evidence?.find((e) => e.restaurantGuid === guid);
  if (!evidence) return null;
  const said = unusualSentence(guid, evidence.anomalies) ?? markerSentence(guid, evidence.annotations, null);
  return said && atRestaurant(name, said);
}

/**
 * The Overview's opening sentences: the restaurant to act on first (the status rule's most late
 * items) with its worst station, the one that got worse most against the period before, or that
 * every restaurant is on track; each followed, when room is left, by what its evidence (the
 * overview's `evidence`: unusual days, notes and markers) says of its period.
 */
export function overviewSentences(overview: OverviewInput, range: OverviewRange): HeadlineSentence[] {
  const { ready, first, worse, top } = overviewSubjects(overview);
  const out: HeadlineSentence[] = [];
  const extra: HeadlineSentence[] = [];
  if (first) {
    const row = first;
    const station = row.worstStation ?? null;
    const where = station
      ? `; most at ${station.stationName ?? "No station"} (${formatCount(station.late)} late of ${formatCount(station.records)})`
      : "";
    out.push({
      kind: "late",
      text: sentence(
        `${row.restaurantName} ${row.verdict!.status === "act" ? "needs action" : "is worth watching"}: ${row.verdict!.reason}${where}`,
      ),
      href: kitchenPageHref(row.restaurantGuid, {
        range,
        level: 0,
        ...(station ? { station: station.stationGuid ?? NONE_FILTER } : {}),
      }),
    });
    const said = evidenceSentence(overview, row.restaurantGuid, row.restaurantName);
    if (said) out.push(said);
  }
  if (worse) {
    const p90 =
      worse.p90Seconds === null || worse.p90Seconds === 0
        ? ""
        : ` and its p90 ${worse.p90Seconds > 0 ? "up" : "down"} ${formatDuration(Math.abs(worse.p90Seconds))}`;
    out.push({
      kind: "mover",
      text: sentence(
        `${worse.restaurantName} got worse: its share late up ${Math.abs(worse.latePoints).toFixed(1)} pts${p90} against the period before`,
      ),
      href: kitchenPageHref(worse.restaurantGuid, { range, level: 0 }),
    });
    const said = evidenceSentence(overview, worse.restaurantGuid, worse.restaurantName);
    if (said) extra.push(said);
  }
  if (top) {
    out.push({
      kind: "on-track",
      text: sentence(
        `On track: ${plural(ready.length, "restaurant", "restaurants")} with figures, none to act on or watch and none worse than the period before; the most late items at ${top.restaurantName} (${top.verdict!.reason})`,
      ),
      href: kitchenPageHref(top.restaurantGuid, { range, level: 0 }),
    });
    const said = evidenceSentence(overview, top.restaurantGuid, top.restaurantName);
    if (said) out.push(said);
  }
  return [...out, ...extra].slice(0, MOST);
}
