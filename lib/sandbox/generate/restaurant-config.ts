import type { ConfigLists, GenerateContext, RestaurantConfig } from "./context";
import { generateCashDrawers, generatePrinters } from "./devices";
import { generateDiningOptions } from "./dining-options";
import { generateDiscounts } from "./discounts";
import { generateFloorPlan } from "./floor-plan";
import { withFutureConfigValues, withFutureStationValues } from "./future-enum-values";
import {
  alternatePaymentTypes,
  breakTypes,
  noSaleReasons,
  payoutReasons,
  priceGroups,
  restaurantServices,
  salesCategories,
  tipWithholding,
  voidReasons,
} from "./house-lists";
import { generateMenu } from "./menu";
import { generatePrepStations } from "./prep-stations";
import { scopeOf } from "./scope";
import { generateServiceCharges, generateTaxRates } from "./taxes-and-charges";

/** The whole configuration of one restaurant (4.3 resources, prep stations, tip withholding), in stable order. */
export function generateRestaurantConfig(ctx: GenerateContext): RestaurantConfig {
  const scope = scopeOf(ctx);
  const menu = generateMenu(scope);
  const floor = generateFloorPlan(scope);
  const taxRates = generateTaxRates(scope);
  const resources: ConfigLists = {
    alternatePaymentTypes: alternatePaymentTypes(scope),
    breakTypes: breakTypes(scope),
    cashDrawers: generateCashDrawers(scope),
    diningOptions: generateDiningOptions(scope),
    discounts: generateDiscounts(scope),
    menuGroups: menu.menuGroups,
    menuItems: menu.menuItems,
    menuOptionGroups: menu.menuOptionGroups,
    menus: menu.menus,
    preModifiers: menu.preModifiers,
    preModifierGroups: menu.preModifierGroups,
    noSaleReasons: noSaleReasons(scope),
    payoutReasons: payoutReasons(scope),
    priceGroups: priceGroups(scope),
    printers: generatePrinters(scope),
    salesCategories: salesCategories(scope),
    serviceAreas: floor.serviceAreas,
    serviceCharges: generateServiceCharges(scope, taxRates),
    revenueCenters: floor.revenueCenters,
    restaurantServices: restaurantServices(scope),
    tables: floor.tables,
    taxRates,
    voidReasons: voidReasons(scope),
  };
  const prepStations = generatePrepStations(scope);
  if (ctx.restaurant.futureEnumValues) {
    return {
      resources: withFutureConfigValues(scope, resources),
      prepStations: withFutureStationValues(prepStations),
      tipWithholding: tipWithholding(scope),
    };
  }
  return { resources, prepStations, tipWithholding: tipWithholding(scope) };
}
