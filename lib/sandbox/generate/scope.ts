import type { GenerateContext, Versioned } from "./context";
import { stableGuid } from "./ids";
import { hashUnit, rngFor, type Rng } from "./rng";

/**
 * Config objects were last modified somewhere between the restaurant's first business date and
 * this fixed instant, so the lastModified filter always has something to cut and never depends
 * on the clock.
 */
export const MODIFIED_EPOCH = Date.UTC(2026, 0, 1);

/** Everything a generator of one restaurant needs to derive stable ids, generators and timestamps. */
export interface Scope {
  ctx: GenerateContext;
  /** GUID of the restaurant's entity named by these key parts. */
  guid(...parts: (string | number)[]): string;
  rng(...parts: (string | number)[]): Rng;
  versioned<T extends { guid: string }>(entity: T): Versioned<T>;
}

export function firstBusinessDateMs(firstBusinessDate: number): number {
  const y = Math.floor(firstBusinessDate / 10000);
  const m = Math.floor(firstBusinessDate / 100) % 100;
  const d = firstBusinessDate % 100;
  return Date.UTC(y, m - 1, d);
}

export function scopeOf(ctx: GenerateContext): Scope {
  const seed = ctx.world.seed;
  const restaurantGuid = ctx.restaurant.guid;
  const start = Math.min(firstBusinessDateMs(ctx.restaurant.firstBusinessDate), MODIFIED_EPOCH - 86_400_000);
  const span = MODIFIED_EPOCH - start;
  return {
    ctx,
    guid: (...parts) => stableGuid(seed, restaurantGuid, ...parts),
    rng: (...parts) => rngFor(seed, restaurantGuid, ...parts),
    versioned: (entity) => {
      // Cubing skews edits towards the recent past, as real configuration churns near "now".
      const u = hashUnit(seed, restaurantGuid, "modifiedAt", entity.guid);
      return { modifiedAt: Math.round(MODIFIED_EPOCH - span * u * u * u) - 1, entity };
    },
  };
}
