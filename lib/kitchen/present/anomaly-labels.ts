import { formatBusinessDate } from "@/lib/business-date/format";
import type { KitchenAnomaly } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

import { formatDuration } from "./format";

/** A date the daily trend marks as unusual, with what its marker says (its tooltip and accessible name). */
interface FlaggedDate {
  date: string;
  label: string;
}

/** "Grill · Dinner", "All stations · Dinner", "No station · no service". */
const placeOf = (a: KitchenAnomaly) =>
  `${a.station === null ? "All stations" : (a.station.stationName ?? "No station")} · ${a.service ?? "no service"}`;

/** One slice in words: where, its p90 and the usual (the band's median), slower or faster. */
const anomalyPhrase = (a: KitchenAnomaly) =>
  `${placeOf(a)}: p90 ${formatDuration(a.p90)}, ${a.p90 > a.high ? "slower" : "faster"} than the usual ${formatDuration(a.median)}`;

/** The level's flagged dates, ascending, each with its slices in one label. */
export function flaggedDatesOf(anomalies: readonly KitchenAnomaly[], level: KitchenLevel): FlaggedDate[] {
  const byDate = new Map<string, KitchenAnomaly[]>();
  for (const a of anomalies)
    if (a.level === level) (byDate.get(a.date) ?? byDate.set(a.date, []).get(a.date)!).push(a);
  return [...byDate.keys()].sort().map((date) => ({
    date,
    label: `Unusual day ${formatBusinessDate(date)}: ${byDate.get(date)!.map(anomalyPhrase).join("; ")}`,
  }));
}
