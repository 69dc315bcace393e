import { Interner } from "@/lib/interning/interner";
import { isStuck } from "@/lib/kitchen/contract/stuck-items";
import {
  KITCHEN_METRICS,
  metricRecord,
  NONE_FILTER,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";
import { diningKeyResolver, diningMask, type DiningChannel } from "@/lib/kitchen/ingest/channels";
import { recordInstants, writeDurations } from "@/lib/kitchen/ingest/durations";
import { writePassAndSpread } from "@/lib/kitchen/ingest/pass-and-spread";
import type { SummaryFilters } from "@/lib/kitchen/query/range-summary";
import { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * Per record of a day, the few facts the slowest-tickets drill-down ranks by: which ticket, which
 * level, station, behavior and source, and each metric's value. Kept beside the summary so a
 * range is ranked without parsing raw records; only the winners' records are read afterwards.
 */
export interface TicketFacts {
  businessDate: string;
  tickets: string[];
  stations: (string | null)[];
  behaviors: (string | null)[];
  sources: (string | null)[];
  /** Per record, in stored order; NO_TICKET for a record without a ticket. */
  ticket: Uint32Array;
  level: Uint32Array;
  station: Uint32Array;
  behavior: Uint32Array;
  source: Uint32Array;
  /** Per metric and record: whole seconds, or -1 when excluded. */
  values: Record<KitchenMetric, Int32Array>;
  /**
   * Per record, its menu item (into `items`): built from raw records for the item filter, never
   * stored (a stored day's facts lack it, so ranking by item reads the raw records).
   */
  itemOf?: { items: (string | null)[]; item: Uint32Array };
}

export const NO_TICKET = 0xffffffff;
/** The level of a record without a known one (lib/kitchen/ingest.ts): it ranks nowhere. */
export const NO_LEVEL = 255;
// 2: pass_wait and ticket_spread. A day's facts in an older format read as unreadable.
const FORMAT_VERSION = 2;

/** A day's facts with each record's menu item, for ranking one item's tickets. */
export function buildItemTicketFacts(
  records: readonly ItemFulfillment[],
  businessDate: string,
  diningChannels?: readonly DiningChannel[],
): TicketFacts {
  const items = new Interner<string | null>();
  const item = Uint32Array.from(records, (r) => items.id(r.selectionMenuItemGuid ?? null));
  return {
    ...buildTicketFacts(records, businessDate, diningChannels),
    itemOf: { items: items.values, item },
  };
}

/** `diningChannels`: the day's snapshot of flagged dining options, so `behaviors` holds dining keys as the cubes do (channels.ts). */
export function buildTicketFacts(
  records: readonly ItemFulfillment[],
  businessDate: string,
  diningChannels?: readonly DiningChannel[],
): TicketFacts {
  const n = records.length;
  const diningKeyOf = diningKeyResolver(diningChannels);
  const tickets = new Interner<string | null>();
  const stations = new Interner<string | null>();
  const behaviors = new Interner<string | null>();
  const sources = new Interner<string | null>();
  const facts: TicketFacts = {
    businessDate,
    tickets: [],
    stations: stations.values,
    behaviors: behaviors.values,
    sources: sources.values,
    ticket: new Uint32Array(n),
    level: new Uint32Array(n),
    station: new Uint32Array(n),
    behavior: new Uint32Array(n),
    source: new Uint32Array(n),
    values: metricRecord(() => new Int32Array(n)),
  };
  const fulfilledMs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    facts.ticket[i] = r.ticketGuid ? tickets.id(r.ticketGuid) : NO_TICKET;
    const level = r.itemFulfillmentLevel;
    const measurable = level === 0 || level === 1 || level === 2;
    facts.level[i] = measurable ? level : NO_LEVEL;
    facts.station[i] = stations.id(r.prepStationGuid ?? null);
    facts.behavior[i] = behaviors.id(diningKeyOf(r.diningOptionGuid, r.diningOptionBehavior));
    facts.source[i] = sources.id(r.orderSource ?? null);
    // A record without a level counts in no figure, so in no ranking either.
    const instants = measurable ? recordInstants(r) : null;
    writeDurations(facts.values, i, instants);
    fulfilledMs[i] = instants?.fulfilledMs ?? Number.NaN;
  }
  writePassAndSpread(
    records,
    (i) => (facts.level[i] === NO_LEVEL ? null : facts.level[i]!),
    fulfilledMs,
    facts.values,
  );
  // A record with no part in a metric ranks no ticket under it, as one without a value: both -1 here.
  for (const m of KITCHEN_METRICS)
    for (let i = 0; i < n; i++) if (facts.values[m][i]! < 0) facts.values[m][i] = -1;
  facts.tickets = tickets.values.map((t) => t ?? "");
  return facts;
}

export function encodeTicketFacts(f: TicketFacts): Uint8Array {
  const w = new ByteWriter();
  w.uint(FORMAT_VERSION);
  w.string(f.businessDate);
  for (const list of [f.tickets, f.stations, f.behaviors, f.sources]) {
    w.uint(list.length);
    for (const v of list) w.nullableString(v);
  }
  // The ticket index is shifted by one so NO_TICKET encodes as 0.
  w.uints(Array.from(f.ticket, (t) => (t === NO_TICKET ? 0 : t + 1)));
  w.uints(f.level);
  w.uints(f.station);
  w.uints(f.behavior);
  w.uints(f.source);
  for (const m of KITCHEN_METRICS) w.uints(Array.from(f.values[m], (v) => v + 1));
  return w.bytes();
}

export function decodeTicketFacts(bytes: Uint8Array): TicketFacts {
  const r = new ByteReader(bytes);
  const version = r.uint();
  if (version !== FORMAT_VERSION) throw new Error(`ticket facts format ${version} is not ${FORMAT_VERSION}`);
  const businessDate = r.string();
  const lists: (string | null)[][] = [];
  for (let k = 0; k < 4; k++) {
    const n = r.uint();
    const list: (string | null)[] = [];
    for (let i = 0; i < n; i++) list.push(r.nullableString());
    lists.push(list);
  }
  const ticket = r.uints().map((t) => (t === 0 ? NO_TICKET : t - 1));
  const level = r.uints();
  const station = r.uints();
  const behavior = r.uints();
  const source = r.uints();
  const values = {} as TicketFacts["values"];
  for (const m of KITCHEN_METRICS) values[m] = Int32Array.from(r.uints(), (v) => v - 1);
  if (!r.done) throw new Error("ticket facts have trailing bytes");
  return {
    businessDate,
    tickets: lists[0]!.map((t) => t ?? ""),
    stations: lists[1]!,
    behaviors: lists[2]!,
    sources: lists[3]!,
    ticket,
    level,
    station,
    behavior,
    source,
    values,
  };
}

export interface RankedTicket {
  businessDate: string;
  ticketGuid: string;
  /** The largest value of the metric among the ticket's matching records. */
  seconds: number;
  /** Every record of the ticket (all levels), as indices into the day's stored records. */
  recordIndices: number[];
  /** The record that took `seconds` (its slowest matching item; the first such, in stored order). */
  slowestIndex: number;
}

/**
 * The `limit` tickets of the range with the largest value of `metric` among their records that
 * match the filters (and are of `item`, when given); ties broken by date, then ticket GUID, so the
 * answer is stable.
 */
export function slowestTickets(
  days: readonly TicketFacts[],
  metric: KitchenMetric,
  filters: SummaryFilters,
  limit: number,
  item?: string,
): RankedTicket[] {
  const candidates: { day: number; ticket: number; seconds: number; record: number }[] = [];
  days.forEach((f, d) => {
    const want = (values: (string | null)[], v: string | undefined) =>
      v === undefined ? -2 : values.indexOf(v === NONE_FILTER ? null : v);
    const sF = want(f.stations, filters.station);
    const bF = diningMask(f.behaviors, filters.behavior, filters.channel, NONE_FILTER);
    const oF = want(f.sources, filters.source);
    if (item !== undefined && !f.itemOf)
      throw new Error(
        `the ticket facts of ${f.businessDate} were read without their items, which the item filter needs`,
      );
    const iF = item === undefined ? -2 : f.itemOf!.items.indexOf(item);
    if (sF === -1 || (bF !== null && !bF.includes(1)) || oF === -1 || iF === -1) return;
    const best = new Int32Array(f.tickets.length).fill(-1);
    const bestRecord = new Int32Array(f.tickets.length).fill(-1);
    const values = f.values[metric];
    for (let i = 0; i < values.length; i++) {
      const t = f.ticket[i]!;
      if (t === NO_TICKET || values[i]! < 0) continue;
      // The outlier cut leaves the record out of the ranking too.
      if (filters.maxSeconds !== undefined && values[i]! > filters.maxSeconds) continue;
      // An item left on screen (its fire to fulfill over the limit) ranks under no metric.
      if (filters.stuckSeconds !== undefined && isStuck(f.values.fire_to_fulfill[i]!, filters.stuckSeconds))
        continue;
      if (filters.level !== undefined && f.level[i] !== filters.level) continue;
      if (
        (sF !== -2 && f.station[i] !== sF) ||
        (bF !== null && bF[f.behavior[i]!] !== 1) ||
        (oF !== -2 && f.source[i] !== oF)
      )
        continue;
      if (iF !== -2 && f.itemOf!.item[i] !== iF) continue;
      if (values[i]! > best[t]!) {
        best[t] = values[i]!;
        bestRecord[t] = i;
      }
    }
    const dayTop: { day: number; ticket: number; seconds: number; record: number }[] = [];
    best.forEach((seconds, ticket) => {
      if (seconds >= 0) dayTop.push({ day: d, ticket, seconds, record: bestRecord[ticket]! });
    });
    dayTop.sort((a, b) => b.seconds - a.seconds || f.tickets[a.ticket]!.localeCompare(f.tickets[b.ticket]!));
    candidates.push(...dayTop.slice(0, limit));
  });
  candidates.sort(
    (a, b) =>
      b.seconds - a.seconds ||
      days[a.day]!.businessDate.localeCompare(days[b.day]!.businessDate) ||
      days[a.day]!.tickets[a.ticket]!.localeCompare(days[b.day]!.tickets[b.ticket]!),
  );
  return candidates.slice(0, limit).map(({ day, ticket, seconds, record }) => {
    const f = days[day]!;
    const recordIndices: number[] = [];
    for (let i = 0; i < f.ticket.length; i++) if (f.ticket[i] === ticket) recordIndices.push(i);
    return {
      businessDate: f.businessDate,
      ticketGuid: f.tickets[ticket]!,
      seconds,
      recordIndices,
      slowestIndex: record,
    };
  });
}
