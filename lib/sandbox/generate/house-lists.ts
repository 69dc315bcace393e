import type { AlternatePaymentType, BreakType, NamedEntity, TipWithholding } from "@/lib/platform/schemas";

import { conceptOf, scheduleKeys } from "./concept";
import type { Versioned } from "./context";
import { hashUnit } from "./rng";
import { SCHEDULES } from "./schedule";
import type { Scope } from "./scope";

/** Small named lists: reasons, price groups, sales categories, services. */
function named(scope: Scope, entityType: string, names: readonly string[]): Versioned<NamedEntity>[] {
  return names.map((name) => scope.versioned({ guid: scope.guid(entityType, name), entityType, name }));
}

export const noSaleReasons = (scope: Scope) =>
  named(scope, "NoSaleReason", ["Make Change", "Open for Count", "Wrong Tender Closed", "Drawer Check"]);
export const payoutReasons = (scope: Scope) =>
  named(scope, "PayoutReason", ["Produce Delivery", "Petty Cash", "Cash Tip Payout", "Repair Service"]);
export const voidReasons = (scope: Scope) =>
  named(scope, "VoidReason", [
    "Customer Changed Mind",
    "Kitchen Error",
    "Server Error",
    "Item 86'd",
    "Long Wait",
    "Test Order",
  ]);
export const priceGroups = (scope: Scope) =>
  named(scope, "PriceGroup", ["Standard", "Happy Hour", "Brunch", "Catering"]);
export const salesCategories = (scope: Scope) =>
  named(scope, "SalesCategory", [
    "Food",
    "Liquor",
    "Beer",
    "Wine",
    "Non-Alcoholic Beverages",
    "Retail",
    "Catering",
  ]);

/** The services the restaurant's schedules run (Lunch, Dinner, Late Night...), in schedule order. */
export function restaurantServices(scope: Scope): Versioned<NamedEntity>[] {
  const names = new Set<string>();
  for (const key of scheduleKeys(conceptOf(scope.ctx.restaurant)))
    for (const s of SCHEDULES[key].services) names.add(s.name);
  return named(scope, "RestaurantService", [...names]);
}

export function alternatePaymentTypes(scope: Scope): Versioned<AlternatePaymentType>[] {
  return [
    ["GIFTCERT", "Gift Certificate"],
    ["HOUSE", "House Account"],
    ["CHECK", "Check"],
    ["VENMO", "Venmo"],
    ["PREPAID", "Marketplace Prepaid"],
  ].map(([code, name]) =>
    scope.versioned({
      guid: scope.guid("AlternatePaymentType", code as string),
      entityType: "AlternatePaymentType",
      externalId: `POS:APT-${code}`,
      name,
    }),
  );
}

/** Break intervals are null when missed breaks are not tracked, as the contract allows. */
export function breakTypes(scope: Scope): Versioned<BreakType>[] {
  type BreakFields = Pick<
    BreakType,
    | "active"
    | "paid"
    | "duration"
    | "enforceMinimumTime"
    | "trackMissedBreaks"
    | "breakIntervalHrs"
    | "breakIntervalMins"
    | "trackBreakAcknowledgement"
  > & { name: string };
  const types: BreakFields[] = [
    {
      name: "Meal Break",
      active: true,
      paid: false,
      duration: 30,
      enforceMinimumTime: true,
      trackMissedBreaks: true,
      breakIntervalHrs: 5,
      breakIntervalMins: 0,
      trackBreakAcknowledgement: true,
    },
    {
      name: "Rest Break",
      active: true,
      paid: true,
      duration: 10,
      enforceMinimumTime: false,
      trackMissedBreaks: true,
      breakIntervalHrs: 3,
      breakIntervalMins: 30,
      trackBreakAcknowledgement: false,
    },
    {
      name: "Split Shift Break",
      active: true,
      paid: false,
      duration: 120,
      enforceMinimumTime: false,
      trackMissedBreaks: false,
      breakIntervalHrs: null,
      breakIntervalMins: null,
      trackBreakAcknowledgement: false,
    },
    {
      name: "Smoke Break (retired)",
      active: false,
      paid: true,
      duration: 5,
      enforceMinimumTime: false,
      trackMissedBreaks: false,
      breakIntervalHrs: null,
      breakIntervalMins: null,
      trackBreakAcknowledgement: false,
    },
  ];
  return types.map((t) =>
    scope.versioned({ guid: scope.guid("BreakType", t.name), entityType: "BreakType", ...t }),
  );
}

/** percentage is a percentage (3.5 = 3.5 %), kept even when withholding is off, as the service does. */
export function tipWithholding(scope: Scope): TipWithholding {
  const { world, restaurant } = scope.ctx;
  const u = hashUnit(world.seed, restaurant.guid, "tipWithholding");
  return {
    guid: scope.guid("TipWithholding"),
    entityType: "TipWithholding",
    enabled: u < 0.6,
    percentage: [2.5, 3, 3.5][Math.floor(u * 3)] ?? 3,
  };
}
