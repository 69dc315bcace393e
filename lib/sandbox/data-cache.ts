import { TZDate } from "@date-fns/tz";

import type { ItemFulfillment, PrepStation, RestaurantInfo } from "@/lib/platform/schemas";

import {
  generateItemFulfillments,
  generateRestaurantConfig,
  generateRestaurantInfo,
  type GenerateContext,
  type RestaurantConfig,
  type Versioned,
} from "./generate";
import { infoAt } from "./generate/guest-quotes";
import { stationChangeOf, stationsAt } from "./generate/station-change";
import type { World, WorldRestaurant } from "./world";

/**
 * Generated data, memoized. Generation is deterministic, so a cached value is exactly what a
 * fresh call would return. Config and restaurant info are bounded by the world (a handful of
 * restaurants); fulfillments are per date, so they sit in a small LRU, and only once the business
 * date is long closed: before that, the answer depends on the clock (the open day grows).
 */
const FULFILLMENT_DAYS_CACHED = 64;
/** Tickets of a business date can be fulfilled after closeout; wait this long before caching. */
const CLOSED_AFTER_MS = 48 * 3600_000;

/** The value kept under `key`, made and kept on first use. */
function kept<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

export class DataCache {
  private readonly configs = new Map<string, RestaurantConfig>();
  private readonly indexes = new Map<string, Map<string, unknown>>();
  private readonly infos = new Map<string, RestaurantInfo>();
  private readonly fulfillments = new Map<string, ItemFulfillment[]>();

  constructor(
    private readonly world: World,
    private readonly brand: string,
    /** When the sandbox started: the dated prep-station change is placed before it (generate/station-change.ts). */
    private readonly startedAt: number = Date.now(),
  ) {}

  /** The restaurant's prep stations as served at `now`, with the dated change once it has happened. */
  prepStationsAt(restaurant: WorldRestaurant, now: number): readonly Versioned<PrepStation>[] {
    return stationsAt(this.config(restaurant).prepStations, stationChangeOf(restaurant, this.startedAt), now);
  }

  config(restaurant: WorldRestaurant): RestaurantConfig {
    return kept(this.configs, restaurant.guid, () => generateRestaurantConfig(this.context(restaurant)));
  }

  /** One object of a list by guid, through an index built on first use. */
  findByGuid<T extends { guid: string }>(
    restaurant: WorldRestaurant,
    list: string,
    items: readonly Versioned<T>[],
    guid: string,
  ): T | undefined {
    const index = kept(
      this.indexes,
      `${restaurant.guid}|${list}`,
      () => new Map(items.map((v) => [v.entity.guid, v.entity])),
    ) as Map<string, T>;
    return index.get(guid);
  }

  restaurantInfo(restaurant: WorldRestaurant): RestaurantInfo {
    return kept(this.infos, restaurant.guid, () => generateRestaurantInfo(this.context(restaurant)));
  }

  /** The restaurant information as served at `now`, with the dated quote change (generate/guest-quotes.ts). */
  restaurantInfoAt(restaurant: WorldRestaurant, now: number): RestaurantInfo {
    return infoAt(this.restaurantInfo(restaurant), restaurant, this.startedAt, now);
  }

  itemFulfillments(restaurant: WorldRestaurant, businessDate: string, asOf: number): ItemFulfillment[] {
    const key = `${restaurant.guid}|${businessDate}`;
    const cached = this.fulfillments.get(key);
    if (cached) {
      // Re-insert so that Map order is least-recently-used first.
      this.fulfillments.delete(key);
      this.fulfillments.set(key, cached);
      return cached;
    }
    const records = generateItemFulfillments(
      this.context(restaurant),
      this.config(restaurant),
      businessDate,
      { asOf },
    );
    if (asOf >= businessDateCloseout(restaurant, businessDate) + CLOSED_AFTER_MS) {
      this.fulfillments.set(key, records);
      if (this.fulfillments.size > FULFILLMENT_DAYS_CACHED) {
        const oldest = this.fulfillments.keys().next().value;
        if (oldest !== undefined) this.fulfillments.delete(oldest);
      }
    }
    return records;
  }

  private context(restaurant: WorldRestaurant): GenerateContext {
    return { world: this.world, restaurant, brand: this.brand };
  }
}

/** The instant business date YYYYMMDD ends: closeoutHour on the next day, restaurant time. */
export function businessDateCloseout(restaurant: WorldRestaurant, businessDate: string): number {
  const year = Number(businessDate.slice(0, 4));
  const month = Number(businessDate.slice(4, 6));
  const day = Number(businessDate.slice(6, 8));
  return new TZDate(year, month - 1, day + 1, restaurant.closeoutHour, 0, 0, restaurant.timeZone).getTime();
}
