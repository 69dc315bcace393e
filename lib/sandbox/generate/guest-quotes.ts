import type { RestaurantInfo } from "@/lib/platform/schemas";

import type { WorldRestaurant } from "../world";
import { STATION_CHANGE_DAYS_AGO, stationChangeOf } from "./station-change";

/**
 * The quotes guests are given (restaurant information's prepTimes, minutes), per restaurant, so
 * the kitchen's "within the quote" answer has something to find. Chosen against the generated
 * kitchens (lib/sandbox/generate/kitchen-timing.ts, unchanged; March 2025 take-out): the quote is
 * met off-peak and missed at the dinner peak: Northside Noodle Bar's 15 minutes keep ~90% at
 * 17-18 h and ~25% in its late 19-20 h; Harbor Street Kitchen's 17 keep ~80% after 21 h and half
 * at 19 h; Mesa Verde Cantina's 15 and Lakeside Diner's 18 are met ~85-90% of the time.
 * Delivery's quote includes the drive, so its kitchen share is high. A restaurant not named keeps
 * its concept's defaults (restaurant-info.ts).
 *
 * One quote change, as a manager would make it: at Harbor Street Kitchen, QUOTE_CHANGE_DAYS_AGO
 * business dates before the sandbox started (six hours into that day, the instant the station
 * change uses for its own date), the take-out prep time goes from 17 to 14 minutes and the
 * throttling time from 5 to 3 (a 22-minute quote becomes 17). Restaurant information read before
 * that instant (a sandbox clock set earlier) sends the old quote.
 */
type PrepTimes = NonNullable<RestaurantInfo["prepTimes"]>;
type Quote = Pick<
  PrepTimes,
  "takeoutPrepTime" | "takeoutThrottlingTime" | "deliveryPrepTime" | "deliveryThrottlingTime"
>;

const QUOTES: Record<string, Quote> = {
  "Harbor Street Kitchen": quote(14, 3, 35, 10),
  "Mesa Verde Cantina": quote(12, 3, 30, 10),
  "Lakeside Diner": quote(15, 3, 35, 10),
  "Northside Noodle Bar": quote(12, 3, 30, 10),
  "Old Town Grill": quote(15, 3, 40, 10),
  "Pier 9 Pizza": quote(14, 3, 30, 10),
};

const QUOTE_CHANGE_RESTAURANT = "Harbor Street Kitchen";
const QUOTE_CHANGE_DAYS_AGO = 10;
/** Harbor Street Kitchen's take-out quote before the change. */
const BEFORE_CHANGE: Partial<Quote> = { takeoutPrepTime: 17, takeoutThrottlingTime: 5 };

function quote(
  takeoutPrepTime: number,
  takeoutThrottlingTime: number,
  deliveryPrepTime: number,
  deliveryThrottlingTime: number,
): Quote {
  return { takeoutPrepTime, takeoutThrottlingTime, deliveryPrepTime, deliveryThrottlingTime };
}

/** The restaurant's prep times: its concept's defaults with its own quote over them. */
export function quotedPrepTimes(restaurant: Pick<WorldRestaurant, "name">, defaults: PrepTimes): PrepTimes {
  return { ...defaults, ...QUOTES[restaurant.name] };
}

/** The instant of the restaurant's quote change for a sandbox started at `startedAt`, or null (none). */
function quoteChangeAt(
  restaurant: Pick<WorldRestaurant, "name" | "timeZone" | "closeoutHour">,
  startedAt: number,
): number | null {
  if (restaurant.name !== QUOTE_CHANGE_RESTAURANT) return null;
  // The station change's instant (same restaurant), moved forward to this change's day.
  const anchor = stationChangeOf(restaurant, startedAt);
  return anchor ? anchor.at + (STATION_CHANGE_DAYS_AGO - QUOTE_CHANGE_DAYS_AGO) * 86_400_000 : null;
}

/** The restaurant information as served at `now`: before the quote change, with the old quote. */
export function infoAt(
  info: RestaurantInfo,
  restaurant: Pick<WorldRestaurant, "name" | "timeZone" | "closeoutHour">,
  startedAt: number,
  now: number,
): RestaurantInfo {
  const at = quoteChangeAt(restaurant, startedAt);
  if (at === null || now >= at || !info.prepTimes) return info;
  return { ...info, prepTimes: { ...info.prepTimes, ...BEFORE_CHANGE } };
}
