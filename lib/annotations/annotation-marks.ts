import { businessDateWeekday } from "@/lib/business-date/business-date";
import { weekdayOf } from "@/lib/restaurants/schedule";

import type { Annotation, AnnotationKind } from "./annotations-contract";

/**
 * Where the Kitchen page's charts put a marker for the range's annotations (browser-safe, pure):
 * the trend a marker per annotated date, the weekday heatmap one on the weekday of each annotated
 * date, the station heatmap one on a station a marker names. Each mark carries the words of every
 * annotation it stands for, as its accessible label.
 */
export const ANNOTATION_KIND_LABELS: Record<AnnotationKind, string> = {
  note: "Note",
  "prep-station": "Prep station",
  routing: "Routing",
  menu: "Menu",
  "item-first-sold": "Item first sold",
  "item-last-sold": "Item last sold",
  schedule: "Schedule",
};

export interface ChartMark {
  /** The chart's key the mark sits on: a business date, a weekday, a station row. */
  key: string;
  label: string;
}

const words = (a: Annotation) => `${ANNOTATION_KIND_LABELS[a.kind]}: ${a.text}`;

function grouped(pairs: [string, Annotation][]): ChartMark[] {
  const byKey = new Map<string, string[]>();
  for (const [key, a] of pairs) byKey.set(key, [...(byKey.get(key) ?? []), words(a)]);
  return [...byKey].map(([key, labels]) => ({ key, label: labels.join(" · ") }));
}

/** One mark per annotated date (YYYYMMDD). */
export function dateMarks(annotations: readonly Annotation[]): ChartMark[] {
  return grouped(annotations.map((a) => [a.date, a]));
}

/** One mark per weekday (monday … sunday) some annotated date falls on. */
export function weekdayMarks(annotations: readonly Annotation[]): ChartMark[] {
  return grouped(annotations.map((a) => [weekdayOf(businessDateWeekday(a.date)), a]));
}

/** One mark per station row whose name a prep-station or routing marker quotes (“Grill”). */
export function stationMarks(
  annotations: readonly Annotation[],
  rows: readonly { key: string; label: string }[],
): ChartMark[] {
  return grouped(
    annotations.flatMap((a) =>
      a.kind === "prep-station" || a.kind === "routing"
        ? rows.filter((r) => a.text.includes(`“${r.label}”`)).map((r): [string, Annotation] => [r.key, a])
        : [],
    ),
  );
}
