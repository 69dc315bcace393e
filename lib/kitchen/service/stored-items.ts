import "server-only";

import type { KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import type { createDayReader } from "./day-reader";

/**
 * The menu items each stored closed day of [from, to] sold (key: the item's GUID, else its name
 * -> its name), from the store alone: no date is fetched. A date without a stored closed day maps
 * to null, so a reader tells "sold nothing" from "not known" (lib/annotations/item-markers.ts).
 */
export async function storedItemDays(
  store: KitchenStore,
  reader: ReturnType<typeof createDayReader>,
  guid: string,
  from: string,
  to: string,
): Promise<Map<string, Map<string, string> | null>> {
  const rows = await store.dayRows(guid, from, to);
  const closed = new Map([...rows].filter(([, row]) => row.status === "complete"));
  const out = new Map<string, Map<string, string> | null>();
  for (const date of rows.keys()) out.set(date, null);
  for (const day of await reader.daySummaries(guid, [...closed.keys()], closed)) {
    const items = new Map<string, string>();
    for (const item of day.items) {
      const key = item.guid ?? item.name;
      if (key !== null) items.set(key, item.name ?? item.guid ?? key);
    }
    out.set(day.businessDate, items);
  }
  return out;
}
