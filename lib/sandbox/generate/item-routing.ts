import type { MenuGroup } from "@/lib/platform/schemas";

import { topGroupKinds } from "./concept";
import type { GenerateContext, RestaurantConfig } from "./context";
import { multiLocationId } from "./ids";
import { FOOD_KINDS, type FoodKind } from "./menu-catalog";
import { STATION_KEY_BY_NAME, type StationKey } from "./prep-stations";

/** A uniform number in [0, 1) from 8 hex digits of a GUID at `at` (0 or 24 are clear of dashes and version bits). */
function guidUnit(guid: string, at: number): number {
  const n = Number.parseInt(guid.slice(at, at + 8), 16);
  return Number.isNaN(n) ? 0.5 : n / 4294967296;
}

export interface GeneratedStation {
  key: StationKey;
  guid: string;
  name: string;
  multiLocationId: string;
  expoRouting: string;
}

export interface CookStep {
  station: GeneratedStation;
  kind: FoodKind;
}

export interface RoutedItem {
  guid: string;
  name: string | null;
  /** Filled in when the item is first sold: most of a 5000-item menu is not sold on a given day. */
  multiLocationId: string | null;
  kind: FoodKind;
  /** Where it is cooked and on which line's clock: a level-0 record each, unless the station is EXPO_ONLY. */
  steps: CookStep[];
  /** Some station sends it to the expediter (level 1, and level 2 with two-level expo). */
  toExpo: boolean;
}

export interface KindPool {
  items: RoutedItem[];
  /** Running sum of popularity weights, for picking an item in O(log n). */
  cumulative: Float64Array;
  total: number;
}

export interface KitchenRouting {
  pools: Map<FoodKind, KindPool>;
  expo: GeneratedStation | null;
  expo2: GeneratedStation | null;
}

/** Where a cooked item also goes: a burger's fries come off the fry station, some sauté plates get a cold garnish. */
const SECONDARY: Partial<Record<FoodKind, { kind: FoodKind; share: number }>> = {
  grill: { kind: "fry", share: 0.3 },
  saute: { kind: "cold", share: 0.12 },
};

/**
 * Which prep stations cook each sellable item, read from the configuration it is given: an item
 * is cooked on the line of its top-level menu group, and stations are found by name. Items are
 * the ones menu groups list (modifiers are never fired on their own).
 */
export function itemMultiLocationId(ctx: GenerateContext, item: RoutedItem): string {
  return (item.multiLocationId ??= multiLocationId(
    ctx.world.seed,
    ctx.restaurant.managementGroupGuid,
    "MenuItem",
    item.name ?? item.guid,
  ));
}

export function kitchenRouting(ctx: GenerateContext, config: RestaurantConfig): KitchenRouting {
  const { world, restaurant } = ctx;
  const mlid = (kind: string, name: string) =>
    multiLocationId(world.seed, restaurant.managementGroupGuid, kind, name);
  const stations = new Map<StationKey, GeneratedStation>();
  for (const { entity: s } of config.prepStations) {
    const key = s.name ? STATION_KEY_BY_NAME.get(s.name) : undefined;
    if (key && s.name && !stations.has(key)) {
      stations.set(key, {
        key,
        guid: s.guid,
        name: s.name,
        multiLocationId: mlid("PrepStation", s.name),
        expoRouting: s.expoRouting ?? "SEND_TO_EXPO",
      });
    }
  }

  const groups = new Map<string, MenuGroup>(
    config.resources.menuGroups.map((v) => [v.entity.guid, v.entity]),
  );
  const names = new Map<string, string | null>(
    config.resources.menuItems.map((v) => [v.entity.guid, v.entity.name ?? null]),
  );
  const kindByTopName = topGroupKinds();
  const kindOfGroup = new Map<string, FoodKind | undefined>();
  const groupKind = (g: MenuGroup): FoodKind | undefined => {
    if (kindOfGroup.has(g.guid)) return kindOfGroup.get(g.guid);
    const parent = g.parent ? groups.get(g.parent.guid) : undefined;
    const kind = parent ? groupKind(parent) : g.name ? kindByTopName.get(g.name) : undefined;
    kindOfGroup.set(g.guid, kind);
    return kind;
  };

  const fallback = [...stations.values()].find((s) => s.key !== "expo" && s.key !== "expo2") ?? null;
  const pools = new Map<FoodKind, { items: RoutedItem[]; weights: number[] }>(
    FOOD_KINDS.map((k) => [k, { items: [], weights: [] }]),
  );
  const seen = new Set<string>();
  for (const { entity: g } of config.resources.menuGroups) {
    const kind = groupKind(g);
    if (!kind) continue;
    for (const { guid } of g.items ?? []) {
      if (seen.has(guid)) continue;
      seen.add(guid);
      const name = names.get(guid) ?? null;
      const steps: CookStep[] = [];
      const primary = stations.get(kind) ?? fallback;
      if (primary) steps.push({ station: primary, kind });
      const extra = SECONDARY[kind];
      const second = extra && stations.get(extra.kind);
      // Item GUIDs are hashes already: their bits are the per-item coin flips, without hashing again.
      if (extra && second && guidUnit(guid, 24) < extra.share)
        steps.push({ station: second, kind: extra.kind });
      const item: RoutedItem = {
        guid,
        name,
        multiLocationId: null,
        kind,
        steps,
        toExpo: stations.has("expo") && steps.some((step) => step.station.expoRouting !== "SKIP_EXPO"),
      };
      // A long-tailed popularity: a few dishes sell all day, most sell now and then.
      const u = guidUnit(guid, 0);
      const open = name?.startsWith("Open ") ? 0.1 : 1;
      const pool = pools.get(kind)!;
      pool.items.push(item);
      pool.weights.push(open * Math.pow(0.04 + u, -1.1));
    }
  }

  const out = new Map<FoodKind, KindPool>();
  for (const [kind, { items, weights }] of pools) {
    if (items.length === 0) continue;
    const cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) cumulative[i] = sum += weights[i] as number;
    out.set(kind, { items, cumulative, total: sum });
  }
  return { pools: out, expo: stations.get("expo") ?? null, expo2: stations.get("expo2") ?? null };
}

/** The item at a uniform draw `u` in [0, 1) of a pool's popularity. */
export function pickFromPool(pool: KindPool, u: number): RoutedItem {
  const x = u * pool.total;
  let lo = 0;
  let hi = pool.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((pool.cumulative[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return pool.items[lo] as RoutedItem;
}
