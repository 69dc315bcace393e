import { createParser, parseAsStringLiteral } from "nuqs/server";

import { KITCHEN_LEVELS, OVERVIEW_RANGES, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The stations matrix's view in the URL: the period (`range`, each restaurant's own business
 * dates, the last 7 days when absent) and the level (`level`, 0 when absent). A shared link opens
 * the same matrix; a change pushes a history entry. A value the page cannot use reads as absent.
 */
const stationsLevel = createParser({
  parse: (v: string) =>
    /^\d$/.test(v) && KITCHEN_LEVELS.includes(Number(v) as KitchenLevel) ? (Number(v) as KitchenLevel) : null,
  serialize: (v: KitchenLevel) => String(v),
});

export const stationsMatrixViewParams = {
  range: parseAsStringLiteral(OVERVIEW_RANGES).withDefault("7d"),
  level: stationsLevel.withDefault(0),
};
