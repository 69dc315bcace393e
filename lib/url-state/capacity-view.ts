import { createParser, parseAsStringLiteral } from "nuqs/server";

import { isBusinessDate } from "@/lib/business-date/business-date";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The Capacity page's view in the URL: a preset of the restaurant's own dates (`range`), or fixed
 * business dates (`from`, `to`, YYYYMMDD; they win over `range`), the level and one station (its
 * GUID, `(none)` for records without one; absent: every station). A shared link opens the same
 * view; every change pushes a history entry. A value the page cannot use reads as absent.
 */
export const CAPACITY_RANGES = ["7d", "30d", "90d"] as const;

const businessDate = createParser({
  parse: (v: string) => (isBusinessDate(v) ? v : null),
  serialize: (v: string) => v,
});

const level = createParser({
  parse: (v: string) => (/^[012]$/.test(v) ? (Number(v) as KitchenLevel) : null),
  serialize: (v: KitchenLevel) => String(v),
});

const station = createParser({
  parse: (v: string) => (v.length > 0 && v.length <= 200 ? v : null),
  serialize: (v: string) => v,
});

export const capacityViewParams = {
  range: parseAsStringLiteral(CAPACITY_RANGES).withDefault("30d"),
  from: businessDate,
  to: businessDate,
  level: level.withDefault(KITCHEN_LEVELS[0]),
  station,
};
