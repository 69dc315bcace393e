import type { ArrayBodyShape } from "./client";
import type { ConfigEntity, ConfigResource, ItemFulfillment, PrepStation, RestaurantInfo, TipWithholding } from "./schemas";

/**
 * What the rest of the app sees of the Platform API. Implemented by `createPlatformClient`
 * (lib/platform/index.ts); obtained on the server through `getPlatformClient()`
 * (lib/platform-wiring/platform-client.ts). Every method throws a PlatformError subclass on failure.
 */
export interface ListOptions {
  /** Only objects created or modified after this instant (4.3). */
  lastModified?: Date;
  signal?: AbortSignal;
}

/** A 204 from itemFulfillments: the restaurant lacks the professional tier. Never an empty day. */
export type FulfillmentsResult =
  | {
      kind: "data";
      records: ItemFulfillment[];
      /** Elements of the export that were not objects (dropped), and records read with a field of the wrong type. */
      notRecords: number;
      malformedRecords: number;
      /**
       * How the export came: a bare array (the published shape), wrapped under "data" or
       * "results", or an empty 200 read as no records (after one retry). Absent: a bare array.
       */
      shape?: ArrayBodyShape;
      requestId?: string;
    }
  | { kind: "not-entitled"; requestId?: string };

export interface KitchenResource {
  itemFulfillments(restaurantGuid: string, businessDate: string, opts?: { signal?: AbortSignal }): Promise<FulfillmentsResult>;
  prepStationPages(restaurantGuid: string, opts?: ListOptions): AsyncIterable<PrepStation[]>;
  prepStations(restaurantGuid: string, opts?: ListOptions): Promise<PrepStation[]>;
  prepStation(restaurantGuid: string, guid: string, opts?: { signal?: AbortSignal }): Promise<PrepStation>;
}

export interface ConfigApi {
  pages<R extends ConfigResource>(resource: R, restaurantGuid: string, opts?: ListOptions): AsyncIterable<ConfigEntity<R>[]>;
  list<R extends ConfigResource>(resource: R, restaurantGuid: string, opts?: ListOptions): Promise<ConfigEntity<R>[]>;
  get<R extends ConfigResource>(resource: R, restaurantGuid: string, guid: string, opts?: { signal?: AbortSignal }): Promise<ConfigEntity<R>>;
  tipWithholding(restaurantGuid: string, opts?: { signal?: AbortSignal }): Promise<TipWithholding>;
}

export interface RestaurantsApi {
  get(restaurantGuid: string, opts?: { includeArchived?: boolean; signal?: AbortSignal }): Promise<RestaurantInfo>;
}

export interface PlatformClient {
  kitchen: KitchenResource;
  config: ConfigApi;
  restaurants: RestaurantsApi;
  /** Counters for benchmarks and tests: logins performed and HTTP attempts sent. */
  stats(): { logins: number; requests: number };
}
