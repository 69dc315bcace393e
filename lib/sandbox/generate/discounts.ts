import type { Discount, PromoCode } from "@/lib/platform/schemas";

import type { Versioned } from "./context";
import type { Scope } from "./scope";

type DiscountSpec = Pick<
  Discount,
  | "active"
  | "type"
  | "percentage"
  | "amount"
  | "selectionType"
  | "nonExclusive"
  | "itemPickingPriority"
  | "fixedTotal"
> & {
  name: string;
  promoCodes: readonly Pick<PromoCode, "code" | "usageType">[];
};

/** What a discount is unless its spec says otherwise. */
const DEFAULTS: Omit<DiscountSpec, "name" | "type"> = {
  active: true,
  percentage: null,
  amount: null,
  selectionType: "CHECK",
  nonExclusive: false,
  itemPickingPriority: "LEAST_EXPENSIVE",
  fixedTotal: null,
  promoCodes: [],
};

/** Every discount type and every promo code usage type, with the contract's field rules (2.8). */
const DISCOUNTS: readonly DiscountSpec[] = (
  [
    {
      name: "10% Off Check",
      type: "PERCENT",
      percentage: 10,
      nonExclusive: true,
      promoCodes: [{ code: "WELCOME10", usageType: "MULTI_USE" }],
    },
    {
      name: "$5 Off $25",
      type: "FIXED",
      amount: 5,
      promoCodes: [{ code: "FIVEOFF25", usageType: "SINGLE_USE_UNIQUE_CODE" }],
    },
    {
      name: "Manager Comp %",
      type: "OPEN_PERCENT",
    },
    {
      name: "Manager Comp $",
      type: "OPEN_FIXED",
      selectionType: "ITEM",
      itemPickingPriority: "FIRST",
    },
    {
      name: "Buy One Get One Entrée",
      type: "BOGO",
      percentage: 100,
      selectionType: "BOGO",
      promoCodes: [{ code: "BOGOTUES", usageType: "MULTI_USE" }],
    },
    {
      name: "Lunch Combo",
      type: "FIXED_TOTAL",
      selectionType: "ITEM",
      itemPickingPriority: "MOST_EXPENSIVE",
      fixedTotal: 14.99,
    },
    {
      name: "Happy Hour Half-Price Apps",
      type: "PERCENT",
      percentage: 50,
      selectionType: "ITEM",
    },
    {
      name: "Birthday Dessert",
      type: "FIXED",
      amount: 9,
      selectionType: "ITEM",
      itemPickingPriority: "FIRST",
      promoCodes: [{ code: "BDAYTREAT", usageType: "SINGLE_USE_PHONE" }],
    },
    {
      name: "Employee Meal",
      type: "PERCENT",
      percentage: 50,
    },
    {
      name: "Winter Warm-Up 15%",
      active: false,
      type: "PERCENT",
      percentage: 15,
      nonExclusive: true,
      promoCodes: [
        { code: "SNOW15", usageType: "MULTI_USE" },
        { code: "SNOW15VIP", usageType: "SINGLE_USE_UNIQUE_CODE" },
      ],
    },
  ] satisfies (Partial<DiscountSpec> & Pick<DiscountSpec, "name" | "type">)[]
).map((spec) => ({ ...DEFAULTS, ...spec }));

export function generateDiscounts(scope: Scope): Versioned<Discount>[] {
  return DISCOUNTS.map((d) => {
    const guid = scope.guid("Discount", d.name);
    return scope.versioned({
      guid,
      entityType: "Discount",
      name: d.name,
      active: d.active,
      type: d.type,
      percentage: d.percentage,
      amount: d.amount,
      selectionType: d.selectionType,
      nonExclusive: d.nonExclusive,
      itemPickingPriority: d.itemPickingPriority,
      fixedTotal: d.fixedTotal,
      promoCodes: d.promoCodes.map((p) => ({
        guid: scope.guid("PromoCode", d.name, p.code ?? ""),
        entityType: "PromoCode",
        code: p.code,
        name: `${d.name} (${p.code})`,
        usageType: p.usageType,
      })),
    });
  });
}
