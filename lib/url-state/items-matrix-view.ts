import { createParser, parseAsStringLiteral } from "nuqs/server";

import { isBusinessDate } from "@/lib/business-date/business-date";
import { KITCHEN_LEVELS, OVERVIEW_RANGES, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The items matrix's view in the URL: a preset of each restaurant's own dates (`range`), or fixed
 * business dates (`from`, `to`, both YYYYMMDD; they win over `range`), and the level. A shared
 * link opens the same matrix; every change pushes a history entry, so Back undoes it. A value the
 * page cannot use reads as absent.
 */
const businessDate = createParser({
  parse: (v: string) => (isBusinessDate(v) ? v : null),
  serialize: (v: string) => v,
});

const level = createParser({
  parse: (v: string) =>
    KITCHEN_LEVELS.includes(Number(v) as KitchenLevel) && /^\d$/.test(v) ? (Number(v) as KitchenLevel) : null,
  serialize: (v: KitchenLevel) => String(v),
});

export const itemsMatrixViewParams = {
  range: parseAsStringLiteral(OVERVIEW_RANGES).withDefault("7d"),
  from: businessDate,
  to: businessDate,
  level: level.withDefault(0),
};
