import { wholeSeconds } from "@/lib/kitchen/ingest/durations";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The two metrics that relate records to each other, where the other three read one record each
 * (durations.ts). In whole seconds from a millisecond difference, rounded half up; negative: none.
 *
 *   pass_wait: for a record at level 1 (2), its itemFulfilledAt − the latest itemFulfilledAt of the
 *     same selection's records at level 0 (1): how long the finished item waited at the pass for
 *     the expediter. None (an exclusion, -1) at level 0, for a record without a selection GUID or
 *     a fulfilled time, when the selection has no fulfilled record at the level below, or when the
 *     expediter fulfilled before the level below (a backwards clock).
 *
 *   ticket_spread: per ticket at level 0, the last station's finish − the first station's finish,
 *     a station's finish being the latest itemFulfilledAt of its records in that ticket (a record
 *     without a station is the "no station" station; a station none of whose records was fulfilled
 *     takes no part). A per-ticket figure in per-record cubes: the value sits on ONE record of the
 *     ticket, its carrier: the level-0 record fulfilled last (the first such in the day's order on
 *     a tie; the ticket's first level-0 record when none was fulfilled). So the ticket counts once,
 *     under the carrier's station (the station that finished last), hour (the ticket's fire hour),
 *     item, course, behavior and source. A ticket with fewer than two finished stations has no
 *     spread: its carrier is an exclusion (-1). Every other record (the ticket's other level-0
 *     records, every level-1 and level-2 record) is NOT_COUNTED: in its cell, but neither a value
 *     nor an exclusion, so a level's count + excluded is its number of tickets.
 *     A record without a ticket GUID is a ticket of its own (ticket-times.ts does the same).
 */

/** In a metric's value column: the record takes no part in this metric (neither a value nor an exclusion). */
export const NOT_COUNTED = -2;

export interface PassAndSpreadColumns {
  pass_wait: { [row: number]: number };
  ticket_spread: { [row: number]: number };
}

/**
 * Writes both metrics of every record. `levelOf(i)`: the record's kitchen level, or null for one
 * that counts in no figure (both metrics then -1); `fulfilledMs[i]`: its itemFulfilledAt, NaN when
 * absent or unparseable (durations.ts's parseInstant).
 */
export function writePassAndSpread(
  records: readonly Pick<ItemFulfillment, "selectionGuid" | "ticketGuid" | "prepStationGuid">[],
  levelOf: (i: number) => number | null,
  fulfilledMs: Float64Array,
  out: PassAndSpreadColumns,
): void {
  writePassWait(records, levelOf, fulfilledMs, out.pass_wait);
  writeTicketSpread(records, levelOf, fulfilledMs, out.ticket_spread);
}

function writePassWait(
  records: readonly Pick<ItemFulfillment, "selectionGuid">[],
  levelOf: (i: number) => number | null,
  fulfilledMs: Float64Array,
  out: { [row: number]: number },
): void {
  // Per selection, the latest fulfilled time at levels 0 and 1 (the levels below an expediter's).
  const latest = new Map<string, [number, number]>();
  for (let i = 0; i < records.length; i++) {
    const level = levelOf(i);
    const sel = records[i]!.selectionGuid;
    const ms = fulfilledMs[i]!;
    if ((level !== 0 && level !== 1) || !sel || Number.isNaN(ms)) continue;
    let pair = latest.get(sel);
    if (!pair) latest.set(sel, (pair = [Number.NaN, Number.NaN]));
    if (!(pair[level]! >= ms)) pair[level] = ms;
  }
  for (let i = 0; i < records.length; i++) {
    const level = levelOf(i);
    const sel = records[i]!.selectionGuid;
    const below = level === 1 || level === 2 ? latest.get(sel ?? "")?.[level - 1] : undefined;
    out[i] = below === undefined || Number.isNaN(below) ? -1 : (wholeSeconds(fulfilledMs[i]! - below) ?? -1);
  }
}

interface TicketState {
  carrier: number;
  carrierMs: number;
  /** Per station key, its finish (the latest fulfilled time of its records). */
  finishes: Map<string, number>;
}

function writeTicketSpread(
  records: readonly Pick<ItemFulfillment, "ticketGuid" | "prepStationGuid">[],
  levelOf: (i: number) => number | null,
  fulfilledMs: Float64Array,
  out: { [row: number]: number },
): void {
  const tickets = new Map<string, TicketState>();
  for (let i = 0; i < records.length; i++) {
    const level = levelOf(i);
    out[i] = level === null ? -1 : NOT_COUNTED;
    if (level !== 0) continue;
    const r = records[i]!;
    // NUL never occurs in a GUID: a record without a ticket is a ticket of its own.
    const key = r.ticketGuid || `\u0000${i}`;
    const ms = fulfilledMs[i]!;
    let t = tickets.get(key);
    if (!t) tickets.set(key, (t = { carrier: i, carrierMs: ms, finishes: new Map() }));
    else if (!Number.isNaN(ms) && !(t.carrierMs >= ms)) {
      t.carrier = i;
      t.carrierMs = ms;
    }
    if (Number.isNaN(ms)) continue;
    const station = r.prepStationGuid ?? "";
    const held = t.finishes.get(station);
    if (held === undefined || ms > held) t.finishes.set(station, ms);
  }
  for (const t of tickets.values()) {
    if (t.finishes.size < 2) {
      out[t.carrier] = -1;
      continue;
    }
    let first = Infinity;
    let last = -Infinity;
    for (const ms of t.finishes.values()) {
      if (ms < first) first = ms;
      if (ms > last) last = ms;
    }
    out[t.carrier] = wholeSeconds(last - first) ?? -1;
  }
}
