import type { ArrayBodyShape } from "./client";
import type { LoginFailure } from "./errors";
import type { ClientIdentity } from "./jwt-claims";
import type {
  ConfigEntity,
  ConfigResource,
  GroupRestaurant,
  ItemFulfillment,
  PartnerRestaurant,
  PrepStation,
  RestaurantInfo,
  TipWithholding,
} from "./schemas";
import type { BudgetUsage } from "./shared-budget";

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
  /**
   * The scope the kitchen endpoints need (kitchen:read) when the current token is known to lack
   * it; undefined when it has it, or no token has said yet. Never logs in, never sends a request.
   */
  missingScope(): string | undefined;
  /**
   * Logs in when there is no token (no data request), then throws PlatformMissingScopeError when
   * the token's scopes are known and lack kitchen:read. itemFulfillments checks it itself.
   */
  requireScope(opts?: { signal?: AbortSignal }): Promise<void>;
  itemFulfillments(
    restaurantGuid: string,
    businessDate: string,
    opts?: { signal?: AbortSignal },
  ): Promise<FulfillmentsResult>;
  prepStationPages(restaurantGuid: string, opts?: ListOptions): AsyncIterable<PrepStation[]>;
  prepStations(restaurantGuid: string, opts?: ListOptions): Promise<PrepStation[]>;
  prepStation(restaurantGuid: string, guid: string, opts?: { signal?: AbortSignal }): Promise<PrepStation>;
}

export interface ConfigApi {
  pages<R extends ConfigResource>(
    resource: R,
    restaurantGuid: string,
    opts?: ListOptions,
  ): AsyncIterable<ConfigEntity<R>[]>;
  list<R extends ConfigResource>(
    resource: R,
    restaurantGuid: string,
    opts?: ListOptions,
  ): Promise<ConfigEntity<R>[]>;
  get<R extends ConfigResource>(
    resource: R,
    restaurantGuid: string,
    guid: string,
    opts?: { signal?: AbortSignal },
  ): Promise<ConfigEntity<R>>;
  tipWithholding(restaurantGuid: string, opts?: { signal?: AbortSignal }): Promise<TipWithholding>;
}

export interface RestaurantsApi {
  get(
    restaurantGuid: string,
    opts?: { includeArchived?: boolean; signal?: AbortSignal },
  ): Promise<RestaurantInfo>;
  /**
   * The restaurants of a management group (GET /restaurants/v1/groups/{guid}/restaurants), each
   * only a GUID. `restaurantGuid` names one location of the group, as the definition requires.
   */
  inGroup(
    managementGroupGuid: string,
    restaurantGuid: string | undefined,
    opts?: { signal?: AbortSignal },
  ): Promise<GroupRestaurant[]>;
}

export interface PartnersApi {
  /** GET /partners/v1/restaurants: every location that granted this partner client access (all pages). */
  restaurants(opts?: ListOptions): Promise<PartnerRestaurant[]>;
}

export type { ClientIdentity } from "./jwt-claims";

export interface PlatformClient {
  kitchen: KitchenResource;
  config: ConfigApi;
  restaurants: RestaurantsApi;
  partners: PartnersApi;
  /** The token's client type and group or partner (logs in when there is no token; no data request). */
  clientIdentity(opts?: { signal?: AbortSignal }): Promise<ClientIdentity>;
  /** Counters for benchmarks and tests: logins performed and HTTP attempts sent. */
  stats(): { logins: number; requests: number };
  /** The request budgets and logins, for GET /api/health. */
  budgets(): Promise<ClientBudgetReport>;
}

/** The client's budgets: the current window's counts (every instance's, when shared), this process's waiters, its logins. */
export interface ClientBudgetReport {
  /** True when the counts are shared by every instance (PostgreSQL). */
  shared: boolean;
  usage: BudgetUsage;
  /** This process's callers waiting for a slot, per location with any ("" is the account-level budget). */
  waiting: { location: string; waiters: number }[];
  /** Slots this process gave up for reaching them late (a busy event loop). */
  lateSlots: number;
  logins: {
    count: number;
    tokenHeld: boolean;
    backoff?: { reason: LoginFailure; status?: number; retryInMs: number };
  };
}
