import { parseAsStringLiteral } from "nuqs/server";

import { OVERVIEW_RANGES } from "@/lib/kitchen/contract/vocabulary";

/**
 * The Overview's view in the URL: its period (`?range=yesterday|lastweek|7d|30d`, the last 7
 * days when absent), so a shared link opens on the same period and Back undoes a change of it.
 */
export const overviewRangeParam = parseAsStringLiteral(OVERVIEW_RANGES).withDefault("7d");
