import type { PrepStation } from "@/lib/platform/schemas";

import type { ConfigLists, Versioned } from "./context";
import type { Scope } from "./scope";

/**
 * Values the published contract does not list, sent by a restaurant whose world entry sets
 * `futureEnumValues`. The real service adds enum values without a new API version (the
 * configuration API's unitOfMeasure grew from 5 to 14 values between published versions); these
 * let the app be seen to keep and show such values. Each is placed where it changes nothing else
 * the sandbox derives: the stations chosen keep the routing the kitchen export follows, and the
 * added dining option and discount are ones no generated order uses.
 */
export const FUTURE_ENUM_VALUES = {
  printingMode: "KDS_ONLY",
  expoRouting: "HOLD_FOR_EXPO",
  unitOfMeasure: "EACH",
  menuItemType: "COMBO",
  discountType: "FIXED_PRICE",
  diningBehavior: "CATERING",
} as const;

const agrees = (s: PrepStation) => s.expoRouting === "SEND_TO_EXPO" && s.includeWithExpediter === true;

/**
 * Prep stations: the first station sending to the expediter (and saying so in its flag) gets a new
 * expoRouting, so the app must place it by includeWithExpediter; the next such station that
 * always prints at a printer gets a new printingMode. Neither was SKIP_EXPO or EXPO_ONLY, the two
 * routings the kitchen export treats differently, so the day's records stay the same.
 */
export function withFutureStationValues(stations: Versioned<PrepStation>[]): Versioned<PrepStation>[] {
  const rerouted = stations.find((v) => agrees(v.entity));
  const reprinted = stations.find(
    (v) => v !== rerouted && agrees(v.entity) && v.entity.printingMode === "ON" && v.entity.kitchenPrinter,
  );
  return stations.map((v) => {
    if (v === rerouted) return { ...v, entity: { ...v.entity, expoRouting: FUTURE_ENUM_VALUES.expoRouting } };
    if (v === reprinted)
      return { ...v, entity: { ...v.entity, printingMode: FUTURE_ENUM_VALUES.printingMode } };
    return v;
  });
}

/**
 * Configuration: the first standard item placed in a menu group becomes a combo sold each (its own
 * unit, no longer inherited); a catering dining option and a fixed-price discount are added.
 */
export function withFutureConfigValues(scope: Scope, resources: ConfigLists): ConfigLists {
  const placed = new Set(resources.menuGroups.flatMap((g) => (g.entity.items ?? []).map((i) => i.guid)));
  const item = resources.menuItems.find((v) => placed.has(v.entity.guid) && v.entity.type === "NONE");
  const menuItems = resources.menuItems.map((v) =>
    v === item
      ? {
          ...v,
          entity: {
            ...v.entity,
            type: FUTURE_ENUM_VALUES.menuItemType,
            unitOfMeasure: FUTURE_ENUM_VALUES.unitOfMeasure,
            inheritUnitOfMeasure: false,
          },
        }
      : v,
  );
  const catering = scope.versioned({
    guid: scope.guid("DiningOption", "CATERING"),
    entityType: "DiningOption",
    externalId: "POS:DO-CATERING",
    name: "Catering",
    behavior: FUTURE_ENUM_VALUES.diningBehavior,
    curbside: false,
    driveThru: false,
  });
  const fixedPrice = scope.versioned({
    guid: scope.guid("Discount", "Noodle Night Fixed Price"),
    entityType: "Discount",
    name: "Noodle Night Fixed Price",
    active: true,
    type: FUTURE_ENUM_VALUES.discountType,
    percentage: null,
    amount: 12,
    selectionType: "ITEM",
    nonExclusive: false,
    itemPickingPriority: "MOST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [],
  });
  return {
    ...resources,
    menuItems,
    diningOptions: [...resources.diningOptions, catering],
    discounts: [...resources.discounts, fixedPrice],
  };
}
