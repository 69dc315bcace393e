import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";

import type { Annotation } from "./annotations-contract";

/**
 * Menu items first and last sold, read from the stored days' items. How far back: an item counts
 * as first sold on a date when none of the ITEM_QUIET_DAYS dates before it sold it and all of those
 * dates are stored (a gap in the history is not a launch), and as last sold when none of the
 * ITEM_QUIET_DAYS dates after it did, all stored (so a date carries a last-sold marker only once
 * four weeks have closed after it). A rare dish sells now and then, so an item must also be sold on
 * ITEM_REGULAR_DAYS of the ITEM_QUIET_DAYS dates from (or up to) the marked one: what started or
 * stopped selling regularly, not what sold once in a while.
 */
export const ITEM_QUIET_DAYS = 28;
export const ITEM_REGULAR_DAYS = 3;

/** A stored closed day's items (key -> name), or null for a date with no stored closed day. */
export type ItemDays = ReadonlyMap<string, ReadonlyMap<string, string> | null>;

/** The dates whose items the markers of [from, to] read. */
export function itemMarkerWindow(from: string, to: string): { from: string; to: string } {
  return { from: addBusinessDays(from, -ITEM_QUIET_DAYS), to: addBusinessDays(to, ITEM_QUIET_DAYS) };
}

const MAX_NAMED = 3;

function words(prefix: string, names: string[]): string {
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  const shown = sorted.slice(0, MAX_NAMED).map((n) => `“${n}”`);
  const more = sorted.length > MAX_NAMED ? ` and ${sorted.length - MAX_NAMED} more` : "";
  return `${prefix}: ${shown.join(", ")}${more}`;
}

/** One annotation per date and kind: the items first (last) sold on that date of [from, to]. */
export function itemMarkers(days: ItemDays, from: string, to: string): Annotation[] {
  const out: Annotation[] = [];
  const itemsOn = (date: string) => days.get(date);
  // null: a date of the window without a stored day, so nothing there can be told.
  const quiet = (key: string, dates: string[]) => {
    for (const d of dates) {
      const items = itemsOn(d);
      if (!items || items.has(key)) return false;
    }
    return true;
  };
  const soldDays = (key: string, dates: string[]) => dates.filter((d) => itemsOn(d)?.has(key)).length;
  for (const date of enumerateBusinessDates(from, to)) {
    const items = itemsOn(date);
    if (!items) continue;
    const before = enumerateBusinessDates(addBusinessDays(date, -ITEM_QUIET_DAYS), addBusinessDays(date, -1));
    const after = enumerateBusinessDates(addBusinessDays(date, 1), addBusinessDays(date, ITEM_QUIET_DAYS));
    const from28 = [date, ...after.slice(0, ITEM_QUIET_DAYS - 1)];
    const upTo28 = [...before.slice(1), date];
    const first: string[] = [];
    const last: string[] = [];
    for (const [key, name] of items) {
      if (quiet(key, before) && soldDays(key, from28) >= ITEM_REGULAR_DAYS) first.push(name);
      if (quiet(key, after) && soldDays(key, upTo28) >= ITEM_REGULAR_DAYS) last.push(name);
    }
    if (first.length) out.push({ id: null, date, kind: "item-first-sold", text: words("First sold", first) });
    if (last.length) out.push({ id: null, date, kind: "item-last-sold", text: words("Last sold", last) });
  }
  return out;
}
