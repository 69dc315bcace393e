import { createParser, parseAsString } from "nuqs/server";

import { isBusinessDate } from "@/lib/business-date/business-date";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The menu load page's view in the URL: the business dates (`from`, `to`, YYYYMMDD; absent: the
 * last 7 closed dates), the level, the station filter, and the item picked out (`item`, a menu
 * item GUID, as the Menu page's `?item=`). Every change pushes a history entry, so Back undoes it;
 * a value the page cannot use reads as absent.
 */
const businessDate = createParser({
  parse: (v: string) => (isBusinessDate(v) ? v : null),
  serialize: (v: string) => v,
});

const level = createParser({
  parse: (v: string) =>
    /^\d$/.test(v) && KITCHEN_LEVELS.includes(Number(v) as KitchenLevel) ? (Number(v) as KitchenLevel) : null,
  serialize: (v: KitchenLevel) => String(v),
});

export const menuLoadViewParams = {
  from: businessDate,
  to: businessDate,
  level: level.withDefault(0),
  station: parseAsString,
  item: parseAsString,
};
