import { createParser, parseAsInteger, parseAsStringLiteral } from "nuqs/server";

import { isBusinessDate } from "@/lib/business-date/business-date";
import { MATRIX_SORT_PATTERN, type MatrixOrder, type MatrixSort } from "@/lib/kitchen/contract/items-matrix";
import { KITCHEN_LEVELS, OVERVIEW_RANGES, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The items matrix's view in the URL: a preset of each restaurant's own dates (`range`), or fixed
 * business dates (`from`, `to`, both YYYYMMDD; they win over `range`), the level, and the
 * table's order and page (`sort`, `order`, `page`: the API's, which pages on the server). A shared
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
  sort: createParser<MatrixSort>({
    parse: (v) => (MATRIX_SORT_PATTERN.test(v) ? (v as MatrixSort) : null),
    serialize: (v) => v,
  }).withDefault("gap"),
  order: parseAsStringLiteral(["asc", "desc"] as const satisfies readonly MatrixOrder[]),
  page: parseAsInteger.withDefault(1),
};
