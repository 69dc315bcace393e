import type { WorldRestaurant } from "../world";
import type { RoutedItem } from "./item-routing";
import { rngFor } from "./rng";

/**
 * A kitchen's capacity (issue 36), so the capacity answer has a knee to find: every restaurant
 * has its own number of prep-station items per quarter hour (KNEE_SHARE of its tickets per day,
 * the share drawn per restaurant from a stream of its own) up to which its lines keep up, cooking a
 * little under the usual times, and beyond which every item fired in that quarter hour takes
 * longer, more so the further past it. The load is counted as the capacity answer counts it: the
 * level-0 records (steps at stations that are not EXPO_ONLY) of the tickets fired in the quarter
 * hour of local time (the business day starts on a whole hour, so its quarters are local ones),
 * over every ticket of the day, so an open day's records are its closed day's. It only scales
 * cooking times; it draws nothing from the day's streams, so every other draw stays what it was.
 */
const KNEE_SHARE = [0.2, 0.26] as const;
const UNDER_FACTOR = 0.7;
/** Per knee's worth of items past the knee, this much longer. */
const OVER_SLOPE = 0.6;
const MAX_FACTOR = 2;
const QUARTER_MS = 15 * 60_000;

/** The restaurant's knee: prep-station items per 15 minutes its kitchen handles within its usual times. */
export function kitchenKnee(
  seed: string | number,
  restaurant: Pick<WorldRestaurant, "guid" | "ticketsPerDay">,
) {
  const [low, high] = KNEE_SHARE;
  const share = low + (high - low) * rngFor(seed, restaurant.guid, "kitchen-capacity").next();
  return Math.max(4, Math.round(restaurant.ticketsPerDay * share));
}

/** The factor of a cooking time by its ticket's fire time (epoch ms), from the day's tickets. */
export function capacityFactor(
  knee: number,
  tickets: readonly { firedAt: number; items: readonly Pick<RoutedItem, "steps">[] }[],
  dayStart: number,
): (firedAt: number) => number {
  const loads = new Map<number, number>();
  for (const t of tickets) {
    const q = Math.floor((t.firedAt - dayStart) / QUARTER_MS);
    let n = 0;
    for (const item of t.items) for (const s of item.steps) if (s.station.expoRouting !== "EXPO_ONLY") n++;
    loads.set(q, (loads.get(q) ?? 0) + n);
  }
  return (firedAt) => {
    const load = loads.get(Math.floor((firedAt - dayStart) / QUARTER_MS)) ?? 0;
    if (load <= knee) return UNDER_FACTOR;
    return Math.min(MAX_FACTOR, UNDER_FACTOR + (OVER_SLOPE * (load - knee)) / knee);
  };
}
