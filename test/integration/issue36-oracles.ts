import { isLeftOnScreen, levelOf, seconds, type RawRecord } from "./independent-stats";
import type { CsvRow } from "./kitchen-harness";

/**
 * Oracles of issue 36's answers written from fulfillments.csv and the configuration alone, shared
 * by the tests that check those answers (kitchen-channels, kitchen-pass-and-spread, kitchen-own-targets).
 */

const BY_BEHAVIOR: Record<string, string> = {
  DINE_IN: "dine-in",
  TAKE_OUT: "take-out",
  DELIVERY: "delivery",
};
export const NONE = "(none)";

export type Options = Map<
  string,
  { behavior?: string | null; curbside?: boolean | null; driveThru?: boolean | null }
>;

export function channelOf(row: CsvRow, options: Options): string {
  const option = row.diningOptionGuid ? options.get(row.diningOptionGuid.toLowerCase()) : undefined;
  if (option?.driveThru) return "drive-thru";
  if (option?.curbside) return "curbside";
  const behavior = row.diningOptionBehavior;
  return behavior ? (BY_BEHAVIOR[behavior] ?? behavior) : NONE;
}

/** Ticket times per level of the tickets of one channel (a ticket's channel: its first row naming a dining option). */
export function ticketTimes(rows: CsvRow[], options: Options, channel: string, level: number): number[] {
  const byTicket = new Map<string, CsvRow[]>();
  rows.forEach((r, i) => {
    if (!["0", "1", "2"].includes(r.itemFulfillmentLevel!)) return;
    const key = r.ticketGuid || `row ${i}`;
    byTicket.set(key, [...(byTicket.get(key) ?? []), r]);
  });
  const out: number[] = [];
  for (const list of byTicket.values()) {
    const named = list.find((r) => r.diningOptionGuid || r.diningOptionBehavior);
    if ((named ? channelOf(named, options) : NONE) !== channel) continue;
    const mine = list.filter((r) => r.itemFulfillmentLevel === String(level));
    const fires = list.filter((r) => r.ticketFiredAt).map((r) => Date.parse(r.ticketFiredAt!));
    if (mine.length === 0 || fires.length === 0 || mine.some((r) => !r.itemFulfilledAt)) continue;
    const s = Math.floor(
      (Math.max(...mine.map((r) => Date.parse(r.itemFulfilledAt!))) - Math.min(...fires)) / 1000 + 0.5,
    );
    if (s >= 0 && s <= 240 * 60) out.push(s);
  }
  return out.sort((a, b) => a - b);
}

/** One row's value under each metric: a number, null (excluded), or undefined (takes no part). */
export interface Valued {
  row: CsvRow;
  level: 0 | 1 | 2;
  pass_wait: number | null | undefined;
  ticket_spread: number | null | undefined;
}

const instant = (v: string | undefined) => (v ? Date.parse(v) : Number.NaN);

/** The definitions, applied to one business date's rows (items left on screen already gone). */
function valuesOfDay(rows: readonly CsvRow[]): Valued[] {
  const out: Valued[] = [];
  for (const row of rows) {
    const level = levelOf(row as RawRecord);
    if (level !== null) out.push({ row, level, pass_wait: null, ticket_spread: undefined });
  }
  // pass_wait: the expediter's fulfilment − the latest fulfilment of its selection one level below.
  for (const v of out) {
    if (v.level === 0 || !v.row.selectionGuid) continue;
    const below = out.filter(
      (w) =>
        w.level === v.level - 1 &&
        w.row.selectionGuid === v.row.selectionGuid &&
        !Number.isNaN(instant(w.row.itemFulfilledAt)),
    );
    if (below.length === 0) continue;
    const latest = below.reduce((a, b) =>
      instant(b.row.itemFulfilledAt) > instant(a.row.itemFulfilledAt) ? b : a,
    );
    v.pass_wait = seconds(latest.row.itemFulfilledAt, v.row.itemFulfilledAt || undefined);
  }
  // ticket_spread: per ticket at level 0, on the record fulfilled last (the first on a tie).
  const tickets = new Map<string, Valued[]>();
  out.forEach((v, i) => {
    if (v.level !== 0) return;
    const key = v.row.ticketGuid || `own-${i}`;
    tickets.set(key, [...(tickets.get(key) ?? []), v]);
  });
  for (const recs of tickets.values()) {
    const done = recs.filter((v) => !Number.isNaN(instant(v.row.itemFulfilledAt)));
    const carrier = done.length
      ? done.reduce((a, b) => (instant(b.row.itemFulfilledAt) > instant(a.row.itemFulfilledAt) ? b : a))
      : recs[0]!;
    const finish = new Map<string, CsvRow>();
    for (const v of done) {
      const st = v.row.prepStationGuid ?? "";
      const held = finish.get(st);
      if (!held || instant(v.row.itemFulfilledAt) > instant(held.itemFulfilledAt)) finish.set(st, v.row);
    }
    const ends = [...finish.values()].sort((a, b) => instant(a.itemFulfilledAt) - instant(b.itemFulfilledAt));
    carrier.ticket_spread =
      ends.length < 2 ? null : seconds(ends[0]!.itemFulfilledAt, ends.at(-1)!.itemFulfilledAt);
  }
  return out;
}

/** Every row of the range valued, date by date (a selection and a ticket live within one business date). */
export function valued(rows: readonly CsvRow[]): Valued[] {
  const byDate = new Map<string, CsvRow[]>();
  for (const r of rows)
    if (!isLeftOnScreen(r as RawRecord))
      byDate.set(r.business_date!, [...(byDate.get(r.business_date!) ?? []), r]);
  return [...byDate.values()].flatMap(valuesOfDay);
}
