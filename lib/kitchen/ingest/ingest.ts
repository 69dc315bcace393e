import type { IngestCounts } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { MalformedDayError } from "@/lib/kitchen/ingest/fetch-failure";
import { ITEM_FULFILLMENT_TEXT_FIELDS, type ItemFulfillment } from "@/lib/platform/schemas";

/**
 * What the kitchen keeps of one day's export, record by record. The real service sends what the
 * published definition allows (every field optional): expediter rows without a prep station,
 * byte-identical duplicate rows, records without a level. None of them fails the day; each is
 * counted with its reason so the page can say what was left out, and why.
 */

export type { IngestCounts };

// Stored as JSON per day: a key added later reads 0 from older rows (kitchen-store.ts parseIngest).
export const INGEST_COUNT_KEYS = [
  "received",
  "duplicates",
  "otherRestaurant",
  "notRecords",
  "malformed",
  "noLevel",
  "unknownLevel",
  "wrappedData",
  "wrappedResults",
  "emptyExports",
] as const;

export function emptyIngestCounts(): IngestCounts {
  return {
    received: 0,
    duplicates: 0,
    otherRestaurant: 0,
    notRecords: 0,
    malformed: 0,
    noLevel: 0,
    unknownLevel: 0,
    wrappedData: 0,
    wrappedResults: 0,
    emptyExports: 0,
  };
}

export function addIngestCounts(into: IngestCounts, more: Partial<IngestCounts>): IngestCounts {
  for (const key of INGEST_COUNT_KEYS) into[key] += more[key] ?? 0;
  return into;
}

export interface IngestedDay {
  /** Kept records, in export order: duplicates and other restaurants' records removed. Stored raw. */
  records: ItemFulfillment[];
  /** The kept records that have a known level: every figure is computed from these. */
  measurable: ItemFulfillment[];
  counts: IngestCounts;
}

export function isKitchenLevel(level: number | null | undefined): level is KitchenLevel {
  return level === 0 || level === 1 || level === 2;
}

/**
 * Deduplicates, guards and sorts out one export. `read` is the client's record-by-record reading
 * (lib/platform/schemas/kitchen.ts readItemFulfillments).
 */
export function ingestDay(
  read: {
    records: readonly ItemFulfillment[];
    notRecords?: number;
    malformedRecords?: number;
    shape?: "array" | "data" | "results" | "empty";
  },
  restaurantGuid: string,
): IngestedDay {
  const own = restaurantGuid.toLowerCase();
  const counts = emptyIngestCounts();
  // How the export came, so a page can say "the export was wrapped" (a bare array is the rule).
  if (read.shape === "data") counts.wrappedData = 1;
  else if (read.shape === "results") counts.wrappedResults = 1;
  else if (read.shape === "empty") counts.emptyExports = 1;
  counts.received = read.records.length + (read.notRecords ?? 0);
  counts.notRecords = read.notRecords ?? 0;
  counts.malformed = read.malformedRecords ?? 0;
  const records: ItemFulfillment[] = [];
  const measurable: ItemFulfillment[] = [];
  // Candidates by a cheap key; only records that share it are compared field by field.
  const seen = new Map<string, ItemFulfillment | ItemFulfillment[]>();
  let otherGuid: string | undefined;

  for (const r of read.records) {
    if (r.restaurantGuid && r.restaurantGuid.toLowerCase() !== own) {
      counts.otherRestaurant++;
      otherGuid ??= r.restaurantGuid;
      continue;
    }
    const key = `${r.selectionGuid}|${r.itemFulfillmentLevel}|${r.prepStationGuid}|${r.itemFulfilledAt}|${r.ticketFiredAt}`;
    const prior = seen.get(key);
    if (prior === undefined) seen.set(key, r);
    else {
      const list = Array.isArray(prior) ? prior : [prior];
      if (list.some((p) => sameRecord(p, r))) {
        counts.duplicates++;
        continue;
      }
      list.push(r);
      if (!Array.isArray(prior)) seen.set(key, list);
    }
    records.push(r);
    if (isKitchenLevel(r.itemFulfillmentLevel)) measurable.push(r);
    else if (r.itemFulfillmentLevel === null || r.itemFulfillmentLevel === undefined) counts.noLevel++;
    else counts.unknownLevel++;
  }
  // Every record someone else's: the service answered for the wrong restaurant, not a quiet day.
  if (records.length === 0 && otherGuid !== undefined) {
    throw new MalformedDayError(
      `the Platform's response holds only records of another restaurant (${otherGuid})`,
    );
  }
  return { records, measurable, counts };
}

/** Every field of the published definition equal (absent and null alike). */
function sameRecord(a: ItemFulfillment, b: ItemFulfillment): boolean {
  if ((a.itemFulfillmentLevel ?? null) !== (b.itemFulfillmentLevel ?? null)) return false;
  for (const field of ITEM_FULFILLMENT_TEXT_FIELDS)
    if ((a[field] ?? null) !== (b[field] ?? null)) return false;
  return true;
}
