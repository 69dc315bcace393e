import { Interner } from "@/lib/interning/interner";
import { durationSeconds, parseInstant } from "@/lib/kitchen/ingest/durations";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * Ticket times: what the guest waits for is the whole ticket, not one item. Per ticket and level,
 *   ticket time = the latest itemFulfilledAt among the ticket's records at that level
 *                 − the ticket's ticketFiredAt (the earliest of its records', should they differ)
 * always fire to fulfill, whatever metric the page shows. A ticket with a record at the level
 * that has no itemFulfilledAt was never fully fulfilled there: it has no ticket time at that level
 * and is an exclusion (so is a ticket without any ticketFiredAt, or fulfilled before it fired).
 *
 * The filters restrict a ticket to its records that pass them, as "selectionsAnyStation" does for
 * items: with a station filter the ticket time is the latest fulfillment at that station (the
 * per-station rows); without one, at any station (the rows with the station summed out, 0). A
 * ticket's dining option behavior and order source are the first its records name, so the
 * behavior and source filters keep or drop whole tickets, and its hour is the local hour it fired.
 * A record without a ticket GUID cannot be matched with others: it is a ticket of its own.
 *
 * The rows feed the same one-second cubes as the records (day-summary.ts), keyed
 * (level, station or 0, hour of fire, behavior, source), one row per ticket within a cell.
 */

export interface TicketColumns {
  /** Per record: its level (0-2), station, behavior and source, as day-summary numbers them. */
  level: Uint32Array;
  station: Uint32Array;
  behavior: Uint32Array;
  source: Uint32Array;
  /** Whether a behavior or source number stands for "absent" (a later record may name it). */
  behaviorAbsent: (id: number) => boolean;
  sourceAbsent: (id: number) => boolean;
}

export interface TicketRows {
  /** Per row: level, station (0 with anyStation), hour of fire, behavior, source. */
  dims: Uint32Array[];
  /** Per row: the ticket time in seconds, or -1 (excluded). */
  values: Float64Array;
}

/** The ticket-time rows of a day's records (already restricted to kitchen levels). */
export function ticketTimeRows(
  records: readonly ItemFulfillment[],
  c: TicketColumns,
  hourOf: (epochMs: number) => number,
  unknownHour: number,
  anyStation: boolean,
): TicketRows {
  const n = records.length;
  const tickets = new Interner<string>();
  const ticket = new Int32Array(n);
  const fulfilled = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const guid = records[i]!.ticketGuid;
    ticket[i] = guid ? tickets.id(guid) : -1;
  }
  // Each record without a ticket GUID gets a ticket number of its own, after the real ones.
  let next = tickets.size;
  for (let i = 0; i < n; i++) if (ticket[i]! < 0) ticket[i] = next++;
  const T = next;
  const fired = new Float64Array(T).fill(Number.POSITIVE_INFINITY);
  const behavior = new Int32Array(T).fill(-1);
  const source = new Int32Array(T).fill(-1);
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    const t = ticket[i]!;
    const f = parseInstant(r.ticketFiredAt);
    if (f !== null && f < fired[t]!) fired[t] = f;
    fulfilled[i] = parseInstant(r.itemFulfilledAt) ?? Number.NaN;
    if (behavior[t] === -1 || (c.behaviorAbsent(behavior[t]!) && !c.behaviorAbsent(c.behavior[i]!)))
      behavior[t] = c.behavior[i]!;
    if (source[t] === -1 || (c.sourceAbsent(source[t]!) && !c.sourceAbsent(c.source[i]!)))
      source[t] = c.source[i]!;
  }

  // One row per (ticket, level, station or 0): the latest fulfillment, NaN once a record lacks one.
  let stations = 1;
  for (let i = 0; i < n; i++) if (c.station[i]! >= stations) stations = c.station[i]! + 1;
  const rowOf = new Map<number, number>();
  const rowTicket: number[] = [];
  const rowLevel: number[] = [];
  const rowStation: number[] = [];
  const latest: number[] = [];
  for (let i = 0; i < n; i++) {
    const station = anyStation ? 0 : c.station[i]!;
    const key = (ticket[i]! * 3 + c.level[i]!) * stations + station;
    let row = rowOf.get(key);
    if (row === undefined) {
      row = latest.length;
      rowOf.set(key, row);
      rowTicket.push(ticket[i]!);
      rowLevel.push(c.level[i]!);
      rowStation.push(station);
      latest.push(Number.NEGATIVE_INFINITY);
    }
    const x = fulfilled[i]!;
    // NaN sticks: one unfulfilled record leaves the ticket without a time at this level.
    latest[row] = Number.isNaN(x) || Number.isNaN(latest[row]!) ? Number.NaN : Math.max(latest[row]!, x);
  }

  const m = latest.length;
  const values = new Float64Array(m);
  const hour = new Uint32Array(m);
  for (let row = 0; row < m; row++) {
    const t = rowTicket[row]!;
    const f = fired[t]!;
    const known = Number.isFinite(f);
    hour[row] = known ? hourOf(f) : unknownHour;
    const end = latest[row]!;
    values[row] = known && !Number.isNaN(end) ? (durationSeconds(f, end) ?? -1) : -1;
  }
  return {
    dims: [
      Uint32Array.from(rowLevel),
      Uint32Array.from(rowStation),
      hour,
      Uint32Array.from(rowTicket, (t) => behavior[t]!),
      Uint32Array.from(rowTicket, (t) => source[t]!),
    ],
    values,
  };
}
