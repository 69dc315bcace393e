import type { IngestCounts, StuckReport } from "@/lib/kitchen/contract/responses";

import { formatCount } from "./format";

/**
 * What the range's exports held that the figures leave out, in plain words, one phrase per
 * reason: "12 duplicate records ignored", "2 records without a level". Empty when nothing was
 * left out. Records with a missing timestamp are not here: each metric's `excluded` counts them.
 */
export function ingestNotes(counts: IngestCounts | undefined): string[] {
  if (!counts) return [];
  const n = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
  const notes: string[] = [];
  if (counts.duplicates > 0)
    notes.push(`${n(counts.duplicates, "duplicate record", "duplicate records")} ignored`);
  if (counts.noLevel > 0) notes.push(`${n(counts.noLevel, "record", "records")} without a level`);
  if (counts.unknownLevel > 0)
    notes.push(`${n(counts.unknownLevel, "record", "records")} with a level other than 0, 1 or 2`);
  if (counts.otherRestaurant > 0)
    notes.push(`${n(counts.otherRestaurant, "record", "records")} of another restaurant refused`);
  if (counts.notRecords > 0)
    notes.push(
      `${n(counts.notRecords, "entry", "entries")} that ${counts.notRecords === 1 ? "was" : "were"} not a record`,
    );
  if (counts.malformed > 0)
    notes.push(`${n(counts.malformed, "record", "records")} with unreadable fields (read as missing)`);
  return notes;
}

/**
 * Items left on screen (contract/stuck-items.ts) in words, as the other reasons are: "12 items
 * left on screen ignored" when the figures leave them out, "… counted" when the view counts them.
 * Null when the range holds none.
 */
export function stuckNote(stuck: StuckReport | undefined): string | null {
  if (!stuck || stuck.records === 0) return null;
  const items = `${formatCount(stuck.records)} ${stuck.records === 1 ? "item" : "items"} left on screen`;
  if (stuck.included) return `${items} counted (fulfilled more than ${stuck.maxMinutes} minutes after fire)`;
  const kept = stuck.unseparated
    ? `; ${formatCount(stuck.unseparated)} of them still in start-to-fulfill and wait-to-start, their raw records being past retention`
    : "";
  return `${items} ignored (fulfilled more than ${stuck.maxMinutes} minutes after fire${kept})`;
}
