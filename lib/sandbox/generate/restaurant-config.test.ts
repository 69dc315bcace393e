import { describe, expect, it } from "vitest";

import {
  CONFIG_RESOURCES,
  configResources,
  DINING_BEHAVIORS,
  DISCOUNT_TYPES,
  EXPO_ROUTINGS,
  MENU_ITEM_TYPES,
  prepStation,
  PRINTING_MODES,
  PROMO_USAGE_TYPES,
  TAX_TYPES,
  taxRate,
  tipWithholding,
  type MenuGroup,
  type UnitOfMeasure,
} from "@/lib/platform/schemas";

import { defaultWorld } from "../world";
import { CONCEPTS } from "./concept";
import { FUTURE_ENUM_VALUES } from "./future-enum-values";
import { generateRestaurantConfig, type RestaurantConfig } from "./index";
import { generateItemFulfillments } from "./item-fulfillments";
import { DISH_FAMILIES, type FoodKind } from "./menu-catalog";
import { firstBusinessDateMs, MODIFIED_EPOCH } from "./scope";

const world = defaultWorld();
const ctxOf = (restaurant: (typeof world.restaurants)[number], brand = "Platform") => ({
  world,
  restaurant,
  brand,
});
const configs = new Map<string, RestaurantConfig>(
  world.restaurants.map((r) => [r.guid, generateRestaurantConfig(ctxOf(r))]),
);
const each = world.restaurants.map((r) => ({
  name: r.name,
  restaurant: r,
  config: configs.get(r.guid) as RestaurantConfig,
}));

/** The published values, plus the future one a restaurant with `futureEnumValues` sends besides them. */
function valuesOf(
  restaurant: (typeof world.restaurants)[number],
  known: readonly string[],
  future: string,
): Set<string> {
  return new Set(restaurant.futureEnumValues ? [...known, future] : known);
}

function byGuid<T extends { guid: string }>(list: readonly { entity: T }[]): Map<string, T> {
  return new Map(list.map((v) => [v.entity.guid, v.entity]));
}

// Harbor's 5000-item menu is generated and walked several times; on a shared two-core machine that
// can exceed the default 5 s, which would make a correct test flaky.
describe("generateRestaurantConfig", { timeout: 60_000 }, () => {
  it.each(each)(
    "is deterministic for $name: deep-equal and byte-identical JSON",
    ({ restaurant, config }) => {
      const again = generateRestaurantConfig(ctxOf(restaurant));
      expect(again).toEqual(config);
      expect(JSON.stringify(again)).toBe(JSON.stringify(config));
    },
  );

  it("differs between restaurants and spells the brand into the operator destination", () => {
    const [a, b] = each;
    expect(a!.config.resources.menus[0]!.entity.guid).not.toBe(b!.config.resources.menus[0]!.entity.guid);
    const branded = generateRestaurantConfig(ctxOf(a!.restaurant, "Acme"));
    const destinations = (c: RestaurantConfig) => c.resources.serviceCharges.map((s) => s.entity.destination);
    expect(destinations(a!.config)).toContain("PLATFORM");
    expect(destinations(branded)).toContain("ACME");
    expect(destinations(branded)).not.toContain("PLATFORM");
  });

  it.each(each)(
    "every entity of $name parses with its schema, carries its entityType and a unique guid",
    ({ config }) => {
      for (const resource of CONFIG_RESOURCES) {
        const { entity: entityType, schema } = configResources[resource];
        const list = config.resources[resource];
        expect(list.length, resource).toBeGreaterThan(0);
        for (const { entity } of list) {
          expect(schema.safeParse(entity).success, `${resource} ${entity.guid}`).toBe(true);
          expect(entity.entityType).toBe(entityType);
          if ("externalId" in entity && entity.externalId != null)
            expect(entity.externalId).toMatch(/^POS:\S+$/);
        }
        expect(new Set(list.map((v) => v.entity.guid)).size, resource).toBe(list.length);
      }
      for (const { entity } of config.prepStations) expect(prepStation.safeParse(entity).success).toBe(true);
      expect(tipWithholding.safeParse(config.tipWithholding).success).toBe(true);
    },
  );

  it.each(each)(
    "modifiedAt of $name is spread between the first business date and the fixed epoch",
    ({ restaurant, config }) => {
      const stamps = [
        ...CONFIG_RESOURCES.flatMap((r) => config.resources[r].map((v) => v.modifiedAt)),
        ...config.prepStations.map((v) => v.modifiedAt),
      ];
      const first = firstBusinessDateMs(restaurant.firstBusinessDate);
      for (const t of stamps) {
        expect(Number.isInteger(t)).toBe(true);
        expect(t).toBeGreaterThanOrEqual(first);
        expect(t).toBeLessThan(MODIFIED_EPOCH);
      }
      const lastYear = MODIFIED_EPOCH - 365 * 86_400_000;
      const recent = stamps.filter((t) => t >= lastYear).length;
      expect(recent).toBeGreaterThan(0);
      expect(recent).toBeLessThan(stamps.length);
    },
  );

  it.each(each)(
    "$name sells exactly world.menuItems items, and every menu reference resolves",
    ({ restaurant, config }) => {
      const { menus, menuGroups, menuItems, menuOptionGroups } = config.resources;
      const groups = byGuid(menuGroups);
      const items = byGuid(menuItems);
      const optionGroups = byGuid(menuOptionGroups);
      const menuGuids = new Set(menus.map((m) => m.entity.guid));
      const sellable = new Set<string>();
      for (const { entity: m } of menus)
        for (const g of m.groups ?? []) expect(groups.get(g.guid)?.parent ?? null).toBeNull();
      for (const { entity: g } of menuGroups) {
        expect(menuGuids.has(g.menu!.guid)).toBe(true);
        if (g.parent) expect(groups.get(g.parent.guid)?.subgroups?.map((s) => s.guid)).toContain(g.guid);
        for (const s of g.subgroups ?? []) expect(groups.get(s.guid)?.parent?.guid).toBe(g.guid);
        for (const i of g.items ?? []) {
          expect(items.has(i.guid)).toBe(true);
          sellable.add(i.guid);
        }
        for (const o of g.optionGroups ?? []) expect(optionGroups.has(o.guid)).toBe(true);
      }
      expect(sellable.size).toBe(restaurant.menuItems);
      const modifiers = new Set<string>();
      for (const { entity: og } of menuOptionGroups) {
        for (const o of og.options ?? []) {
          expect(items.has(o.guid)).toBe(true);
          modifiers.add(o.guid);
        }
      }
      for (const { entity: i } of menuItems) {
        for (const o of i.optionGroups ?? []) expect(optionGroups.has(o.guid)).toBe(true);
        expect(sellable.has(i.guid) || modifiers.has(i.guid)).toBe(true);
      }
    },
  );

  it.each(each)("$name nests groups three levels deep and reuses an item in two groups", ({ config }) => {
    const groups = byGuid(config.resources.menuGroups);
    const depth = (g: MenuGroup): number => (g.parent ? 1 + depth(groups.get(g.parent.guid)!) : 1);
    expect(Math.max(...[...groups.values()].map(depth))).toBe(3);
    const seen = new Map<string, number>();
    for (const g of groups.values())
      for (const i of g.items ?? []) seen.set(i.guid, (seen.get(i.guid) ?? 0) + 1);
    const reused = [...seen.values()].filter((n) => n >= 2).length;
    if (config.resources.menus.some((m) => m.entity.name === "Happy Hour")) expect(reused).toBeGreaterThan(0);
  });

  it("reuses items across groups at Harbor Street Kitchen", () => {
    const harbor = each.find((e) => e.restaurant.menuItems === 5000)!.config;
    const seen = new Map<string, number>();
    for (const { entity: g } of harbor.resources.menuGroups)
      for (const i of g.items ?? []) seen.set(i.guid, (seen.get(i.guid) ?? 0) + 1);
    expect([...seen.values()].filter((n) => n === 2).length).toBeGreaterThan(10);
  });

  it.each(each)(
    "$name has items that inherit a modifier group and a unit of measure down the group chain",
    ({ config }) => {
      const groups = byGuid(config.resources.menuGroups);
      const menus = byGuid(config.resources.menus);
      const parentOf = new Map<string, MenuGroup>();
      for (const g of groups.values())
        for (const i of g.items ?? []) if (!parentOf.has(i.guid)) parentOf.set(i.guid, g);
      const inheritedOptions = (g: MenuGroup | undefined): number => {
        if (!g) return 0;
        const own = g.optionGroups?.length ?? 0;
        return own + (g.inheritOptionGroups && g.parent ? inheritedOptions(groups.get(g.parent.guid)) : 0);
      };
      const unitOf = (g: MenuGroup): UnitOfMeasure | null | undefined =>
        !g.inheritUnitOfMeasure
          ? g.unitOfMeasure
          : g.parent
            ? unitOf(groups.get(g.parent.guid)!)
            : menus.get(g.menu!.guid)?.unitOfMeasure;
      let inheritsOptions = 0;
      let inheritsUnit = 0;
      for (const { entity: item } of config.resources.menuItems) {
        const g = parentOf.get(item.guid);
        if (!g) continue;
        if (
          item.inheritOptionGroups &&
          g.inheritOptionGroups &&
          (g.optionGroups?.length ?? 0) === 0 &&
          inheritedOptions(g) > 0
        )
          inheritsOptions++;
        if (item.inheritUnitOfMeasure && unitOf(g) !== "NONE") inheritsUnit++;
      }
      expect(inheritsOptions).toBeGreaterThan(0);
      expect(inheritsUnit).toBeGreaterThan(0);
      expect([...groups.values()].some((g) => g.parent && g.inheritOptionGroups === false)).toBe(true);
    },
  );

  it.each(each)(
    "$name has every item type, zero and negative calories, images, sku and plu",
    ({ config, restaurant }) => {
      const items = config.resources.menuItems.map((v) => v.entity);
      expect(new Set(items.map((i) => i.type))).toEqual(
        valuesOf(restaurant, MENU_ITEM_TYPES, FUTURE_ENUM_VALUES.menuItemType),
      );
      expect(items.some((i) => i.calories === 0)).toBe(true);
      expect(items.some((i) => (i.calories ?? 0) < 0)).toBe(true);
      expect(items.some((i) => (i.images?.length ?? 0) > 0 && i.images![0]!.url)).toBe(true);
      expect(items.every((i) => typeof i.sku === "string" && i.sku.length > 0)).toBe(true);
      expect(items.some((i) => typeof i.plu === "string")).toBe(true);
    },
  );

  it.each(each)("$name has pre-modifiers under their groups with exactly one default group", ({ config }) => {
    const groups = byGuid(config.resources.preModifierGroups);
    expect([...groups.values()].filter((g) => g.isDefault).length).toBe(1);
    for (const { entity: p } of config.resources.preModifiers) expect(groups.has(p.parent!.guid)).toBe(true);
  });

  it.each(each)(
    "$name covers every printingMode and expoRouting, with one inconsistent station and one dangling connection",
    ({ config, restaurant }) => {
      const stations = config.prepStations.map((v) => v.entity);
      expect(new Set(stations.map((s) => s.printingMode))).toEqual(
        valuesOf(restaurant, PRINTING_MODES, FUTURE_ENUM_VALUES.printingMode),
      );
      expect(new Set(stations.map((s) => s.expoRouting))).toEqual(
        valuesOf(restaurant, EXPO_ROUTINGS, FUTURE_ENUM_VALUES.expoRouting),
      );
      const inconsistent = stations.filter(
        (s) =>
          (s.expoRouting === "SEND_TO_EXPO" && s.includeWithExpediter === false) ||
          (s.expoRouting === "SKIP_EXPO" && s.includeWithExpediter === true),
      );
      expect(inconsistent.length).toBe(1);
      const guids = new Set(stations.map((s) => s.guid));
      const dangling = stations.flatMap((s) =>
        (s.connectedPrepStations ?? []).filter((c) => !guids.has(c.guid)),
      );
      expect(dangling.length).toBe(1);
      const expo = stations.find((s) => s.name === "Expo")!;
      expect(expo.connectedPrepStations!.length).toBeGreaterThan(2);
      expect(stations.some((s) => s.name === "Expo 2")).toBe(restaurant.twoLevelExpo);
      const printers = byGuid(config.resources.printers);
      expect(stations.filter((s) => !s.kitchenPrinter).length).toBe(1);
      for (const s of stations) if (s.kitchenPrinter) expect(printers.has(s.kitchenPrinter.guid)).toBe(true);
      for (const { entity: d } of config.resources.cashDrawers)
        expect(printers.has(d.printer!.guid)).toBe(true);
    },
  );

  it.each(each)("$name: tables -> service areas -> revenue centers resolve", ({ config }) => {
    const areas = byGuid(config.resources.serviceAreas);
    const centers = byGuid(config.resources.revenueCenters);
    for (const { entity: a } of config.resources.serviceAreas)
      expect(centers.has(a.revenueCenter!.guid)).toBe(true);
    for (const { entity: t } of config.resources.tables) {
      const area = areas.get(t.serviceArea!.guid);
      expect(area).toBeDefined();
      expect(t.revenueCenter!.guid).toBe(area!.revenueCenter!.guid);
    }
    expect(new Set(config.resources.serviceAreas.map((a) => a.entity.serviceAreaType))).toEqual(
      new Set(["ON_PREMISES", "OFF_PREMISES"]),
    );
  });

  it.each(each)(
    "$name has every dining behavior, discount type, promo usage, tax type and service charge type",
    ({ config, restaurant }) => {
      const dining = config.resources.diningOptions.map((v) => v.entity);
      expect(new Set(dining.map((d) => d.behavior))).toEqual(
        valuesOf(restaurant, DINING_BEHAVIORS, FUTURE_ENUM_VALUES.diningBehavior),
      );
      expect(dining.some((d) => d.curbside)).toBe(true);
      expect(dining.some((d) => d.driveThru)).toBe(true);
      const discounts = config.resources.discounts.map((v) => v.entity);
      expect(new Set(discounts.map((d) => d.type))).toEqual(
        valuesOf(restaurant, DISCOUNT_TYPES, FUTURE_ENUM_VALUES.discountType),
      );
      expect(new Set(discounts.flatMap((d) => d.promoCodes ?? []).map((p) => p.usageType))).toEqual(
        new Set(PROMO_USAGE_TYPES),
      );
      const taxes = config.resources.taxRates.map((v) => v.entity);
      expect(new Set(taxes.map((t) => t.type))).toEqual(new Set(TAX_TYPES));
      for (const t of taxes) {
        // PERCENT rates are fractions (6.25 % is 0.0625), never whole percentages.
        if (t.type === "PERCENT") expect(t.rate! > 0 && t.rate! < 0.2).toBe(true);
        if (t.type === "NONE") expect(t.rate).toBeNull();
        if (t.type !== "PERCENT") expect(t.roundingType).toBeNull();
      }
      expect(taxes.filter((t) => t.isDefault).length).toBe(1);
      expect(taxes.find((t) => t.type === "TABLE")!.taxTable!.some((row) => row.pattern)).toBe(true);
      expect(taxes.some((t) => (t.conditionalTaxRates?.length ?? 0) > 0)).toBe(true);
      const charges = config.resources.serviceCharges.map((v) => v.entity);
      expect(new Set(charges.map((c) => c.amountType))).toEqual(new Set(["FIXED", "PERCENT", "OPEN"]));
      const taxGuids = new Set(taxes.map((t) => t.guid));
      for (const c of charges) {
        for (const t of c.applicableTaxes ?? []) {
          expect(taxRate.safeParse(t).success).toBe(true);
          expect(taxGuids.has(t.guid)).toBe(true);
        }
        if (c.amountType !== "PERCENT") expect(c.serviceChargeCalculation).toBeNull();
      }
      expect(new Set(charges.map((c) => c.destination))).toEqual(
        new Set(["SERVER", "RESTAURANT", "PLATFORM", "THIRD_PARTY"]),
      );
      const breaks = config.resources.breakTypes.map((v) => v.entity);
      expect(
        breaks.some(
          (b) => b.trackMissedBreaks === false && b.breakIntervalHrs === null && b.breakIntervalMins === null,
        ),
      ).toBe(true);
    },
  );

  it("sends values outside the published lists only for a restaurant with futureEnumValues, without changing what the kitchen export follows", () => {
    const flagged = each.filter((e) => e.restaurant.futureEnumValues);
    expect(flagged.map((e) => e.name)).toEqual(["Northside Noodle Bar"]);
    const { restaurant, config } = flagged[0]!;
    const plainCtx = ctxOf({ ...restaurant, futureEnumValues: false });
    const plain = generateRestaurantConfig(plainCtx);
    const stations = config.prepStations.map((v) => v.entity);
    const rerouted = stations.find((s) => s.expoRouting === FUTURE_ENUM_VALUES.expoRouting)!;
    const reprinted = stations.find((s) => s.printingMode === FUTURE_ENUM_VALUES.printingMode)!;
    // Both were SEND_TO_EXPO stations that said so in their flag: the export routes them alike.
    for (const s of [rerouted, reprinted]) {
      expect(s.includeWithExpediter).toBe(true);
      expect(plain.prepStations.find((p) => p.entity.guid === s.guid)!.entity.expoRouting).toBe(
        "SEND_TO_EXPO",
      );
    }
    expect(reprinted.kitchenPrinter).toBeTruthy();
    const combo = config.resources.menuItems.find(
      (v) => v.entity.type === FUTURE_ENUM_VALUES.menuItemType,
    )!.entity;
    expect(combo).toMatchObject({
      unitOfMeasure: FUTURE_ENUM_VALUES.unitOfMeasure,
      inheritUnitOfMeasure: false,
    });
    expect(config.resources.menuGroups.some((g) => g.entity.items?.some((i) => i.guid === combo.guid))).toBe(
      true,
    );
    expect(config.resources.diningOptions.length).toBe(plain.resources.diningOptions.length + 1);
    expect(config.resources.discounts.length).toBe(plain.resources.discounts.length + 1);
    // Everything else is as the plain restaurant's, the day's kitchen export included.
    expect(config.resources.taxRates).toEqual(plain.resources.taxRates);
    expect(config.resources.menuGroups).toEqual(plain.resources.menuGroups);
    expect(JSON.stringify(generateItemFulfillments(ctxOf(restaurant), config, "20250314"))).toBe(
      JSON.stringify(generateItemFulfillments(plainCtx, plain, "20250314")),
    );
  });

  it("maps every top-level group name to one kitchen line across all concepts", () => {
    const seen = new Map<string, FoodKind>();
    for (const concept of Object.values(CONCEPTS)) {
      for (const menu of concept.menus) {
        const pairs: [string, FoodKind][] = [
          ...menu.groups.map((g) => [g.name, DISH_FAMILIES[g.family].kind] as [string, FoodKind]),
          ...(menu.reuseGroups ?? []).map((g) => [g.name, g.kind] as [string, FoodKind]),
        ];
        for (const [name, kind] of pairs) {
          expect(seen.get(name) ?? kind, name).toBe(kind);
          seen.set(name, kind);
        }
      }
    }
  });
});
