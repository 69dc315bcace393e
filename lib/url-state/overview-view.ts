import { parseAsArrayOf, parseAsString, parseAsStringLiteral } from "nuqs/server";

import { OVERVIEW_RANGES } from "@/lib/kitchen/contract/vocabulary";

/**
 * The Overview's view in the URL: its period (`?range=yesterday|lastweek|7d|30d`, the last 7
 * days when absent), so a shared link opens on the same period and Back undoes a change of it.
 */
export const overviewRangeParam = parseAsStringLiteral(OVERVIEW_RANGES).withDefault("7d");

/** The Overview's open area groups (`?areas=area:1,group:<GUID>`, issue 36); absent: all folded. */
export const overviewAreasParam = parseAsArrayOf(parseAsString);
