import type { FoodKind } from "./menu-catalog";
import type { Rng } from "./rng";

const MINUTE = 60_000;

/**
 * Fire-to-fulfill at each line: lognormal (median minutes, log-space spread), so most tickets are
 * close to the median and a few take much longer, as on a real line.
 */
export const COOK_TIME: Record<FoodKind, { median: number; sigma: number }> = {
  grill: { median: 9, sigma: 0.45 },
  fry: { median: 5, sigma: 0.4 },
  saute: { median: 8, sigma: 0.45 },
  cold: { median: 4, sigma: 0.5 },
  pizza: { median: 12, sigma: 0.3 },
  bar: { median: 3, sigma: 0.55 },
  pastry: { median: 4, sigma: 0.5 },
};

/**
 * Milliseconds an item takes at a station. `load` (0..1, this quarter hour's tickets against the
 * day's busiest) slows everyone down: quiet hours run a little under the median, the rush over it.
 */
export function cookTime(rng: Rng, kind: FoodKind, load: number): number {
  const { median, sigma } = COOK_TIME[kind];
  let minutes = rng.lognormal(median, sigma) * (0.8 + 0.35 * load);
  // A ticket lost under another one now and then: the tail the dashboards exist to catch.
  if (rng.chance(0.015)) minutes *= rng.range(2, 4);
  return Math.max(20_000, Math.round(minutes * MINUTE));
}

/** The expediter checks and sends the plate: 1-3 minutes typically. */
export function expoTime(rng: Rng, load: number): number {
  return Math.round(Math.min(15, Math.max(0.4, rng.lognormal(1.8, 0.4) * (0.9 + 0.25 * load))) * MINUTE);
}

/** The second expediter (runner pass) takes a little longer. */
export function secondExpoTime(rng: Rng, load: number): number {
  return Math.round(Math.min(20, Math.max(0.5, rng.lognormal(2.2, 0.45) * (0.9 + 0.25 * load))) * MINUTE);
}

/** With a start queue, cooks start an item some time after it fires. */
export function startWait(rng: Rng, load: number): number {
  return Math.round(Math.min(20, rng.lognormal(0.6, 0.8) * (0.5 + load)) * MINUTE);
}

/**
 * The late hour: one restaurant of the world (the deterministic choice: every restaurant of the
 * noodle concept, one in world.json: Northside Noodle Bar) runs late every evening, so the open date has a station
 * running late that a live alert can catch (issue 35): the items of the tickets fired from 19:00
 * to 20:00 local take `factor` times their usual cook time. It multiplies the drawn time and
 * draws nothing itself, so every other record of every day stays what it was.
 */
export const LATE_HOUR = { concept: "noodle", startMinutes: 19 * 60, minutes: 60, factor: 2.2 } as const;
