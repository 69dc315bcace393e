import type { Weekday } from "@/lib/platform/schemas";

import type { FoodKind } from "./menu-catalog";
import { rngFor, type Rng } from "./rng";

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

/**
 * Unusual days, so that the flags of unusual days (issue 35) have something to find, as a real
 * kitchen has them: at about a third of the restaurants, the dinner service of one Friday in
 * SLOW_FRIDAY_EVERY_WEEKS runs slow at every station (a cook off sick, a party of forty), and at
 * every restaurant about one day in SLOW_LINE_DAYS one line (a food kind's station) runs slow all
 * day (a broken fryer). Deterministic, from streams of their own: no other draw changes, only the
 * cooking times of those tickets are stretched (and the expediters' times after them).
 */
export interface SlowSpell {
  /** The service whose tickets run slow (by fire time); null: the whole day. */
  service: string | null;
  /** The line that runs slow; null: every line. */
  kind: FoodKind | null;
  factor: number;
}

const SLOW_FRIDAY_SHARE = 0.3;
const SLOW_FRIDAY_EVERY_WEEKS = 4;
const SLOW_FRIDAY_FACTOR = 1.6;
const SLOW_LINE_DAYS = 24;
const SLOW_LINE_FACTOR = 1.8;
const DAY_MS = 86_400_000;

export function slowSpells(
  seed: string,
  restaurantGuid: string,
  date: { value: string; year: number; month: number; day: number; weekday: Weekday },
  kinds: readonly FoodKind[],
): SlowSpell[] {
  const spells: SlowSpell[] = [];
  const fridays = rngFor(seed, restaurantGuid, "slow-friday-dinners");
  if (date.weekday === "friday" && fridays.chance(SLOW_FRIDAY_SHARE)) {
    const phase = fridays.int(0, SLOW_FRIDAY_EVERY_WEEKS - 1);
    const week = Math.floor(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS / 7);
    if (week % SLOW_FRIDAY_EVERY_WEEKS === phase)
      spells.push({ service: "Dinner", kind: null, factor: SLOW_FRIDAY_FACTOR });
  }
  const line = rngFor(seed, restaurantGuid, "slow-line", date.value);
  if (kinds.length > 0 && line.chance(1 / SLOW_LINE_DAYS))
    spells.push({ service: null, kind: line.pick([...kinds].sort()), factor: SLOW_LINE_FACTOR });
  return spells;
}

/** How much longer a step of `kind` on a ticket of `service` takes under the day's spells. */
export function slowFactor(spells: readonly SlowSpell[], service: string | null, kind: FoodKind): number {
  let factor = 1;
  for (const s of spells)
    if ((s.service === null || s.service === service) && (s.kind === null || s.kind === kind))
      factor *= s.factor;
  return factor;
}
