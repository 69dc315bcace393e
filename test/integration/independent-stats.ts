import type { Stats } from "@/lib/kitchen/contract/responses";
import type { RecordMetric } from "@/lib/kitchen/contract/vocabulary";

/**
 * The kitchen figures computed the plain way, independently of lib/kitchen, for tests to hold the
 * pipeline's answers against: durations from Date.parse rounded half up, nearest-rank
 * percentiles over a sorted list, byte-identical records counted once.
 */

export type RawRecord = Record<string, unknown>;

/** Drops every element whose JSON text repeats an earlier one's; returns the rest and the count. */
export function dropByteDuplicates(entries: readonly RawRecord[]): {
  unique: RawRecord[];
  duplicates: number;
} {
  const seen = new Set<string>();
  const unique: RawRecord[] = [];
  for (const entry of entries) {
    const bytes = JSON.stringify(entry);
    if (seen.has(bytes)) continue;
    seen.add(bytes);
    unique.push(entry);
  }
  return { unique, duplicates: entries.length - unique.length };
}

/** The record's level when it is 0, 1 or 2 (a numeric string counts as its number), else null. */
export function levelOf(record: RawRecord): 0 | 1 | 2 | null {
  const v = record.itemFulfillmentLevel;
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return n === 0 || n === 1 || n === 2 ? n : null;
}

export function seconds(from: unknown, to: unknown): number | null {
  if (typeof from !== "string" || typeof to !== "string") return null;
  const ms = Date.parse(to) - Date.parse(from);
  if (Number.isNaN(ms) || ms < 0) return null;
  return Math.floor(ms / 1000 + 0.5);
}

const METRIC_FIELDS: Record<RecordMetric, [string, string]> = {
  fire_to_fulfill: ["ticketFiredAt", "itemFulfilledAt"],
  start_to_fulfill: ["itemStartedAt", "itemFulfilledAt"],
  wait_to_start: ["ticketFiredAt", "itemStartedAt"],
};

export function statsOf(
  records: readonly RawRecord[],
  metric: RecordMetric,
): Pick<Stats, "count" | "excluded" | "p50" | "p90" | "p95" | "max"> {
  const [a, b] = METRIC_FIELDS[metric];
  const values = records.map((r) => seconds(r[a], r[b]));
  const present = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  const rank = (p: number) =>
    present.length ? present[Math.max(1, Math.ceil((p / 100) * present.length)) - 1]! : null;
  return {
    count: present.length,
    excluded: values.length - present.length,
    p50: rank(50),
    p90: rank(90),
    p95: rank(95),
    max: present.length ? present[present.length - 1]! : null,
  };
}

/** Left on screen, by the words: fulfilled more than `minutes` (KITCHEN_STUCK_MIN, 240) after fire. */
export function isLeftOnScreen(record: RawRecord, minutes = 240): boolean {
  const s = seconds(record.ticketFiredAt, record.itemFulfilledAt);
  return s !== null && s > minutes * 60;
}

/** The records the figures count by default: every one but the items left on screen. */
export const withoutLeftOnScreen = <T extends RawRecord>(records: readonly T[]): T[] =>
  records.filter((r) => !isLeftOnScreen(r));

/** Records grouped by `level|prepStationGuid` ("" for none). */
export function byLevelAndStation(records: readonly RawRecord[]): Map<string, RawRecord[]> {
  const groups = new Map<string, RawRecord[]>();
  for (const r of records) {
    const key = `${levelOf(r)}|${typeof r.prepStationGuid === "string" ? r.prepStationGuid : ""}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}
