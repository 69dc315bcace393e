import type { ConfigEntity, ConfigResource, PrepStation, TipWithholding } from "@/lib/platform/schemas";

import type { World, WorldRestaurant } from "../world";

/** An object plus the instant it was last modified, which the contract's lastModified filter reads. */
export interface Versioned<T> {
  modifiedAt: number; // epoch ms, deterministic (derived from the world seed, never from the clock)
  entity: T;
}

export interface GenerateContext {
  world: World;
  restaurant: WorldRestaurant;
  /** PLATFORM_BRAND: spelled into brand-named enum values (orderSource "Platform Pickup App", destination "PLATFORM"). */
  brand: string;
}

export type ConfigLists = { [R in ConfigResource]: Versioned<ConfigEntity<R>>[] };

export interface RestaurantConfig {
  resources: ConfigLists;
  prepStations: Versioned<PrepStation>[];
  tipWithholding: TipWithholding;
}
