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

/** Every discount type and every promo code usage type, with the contract's field rules (2.8). */
const DISCOUNTS: readonly DiscountSpec[] = [
  {
    name: "10% Off Check",
    active: true,
    type: "PERCENT",
    percentage: 10,
    amount: null,
    selectionType: "CHECK",
    nonExclusive: true,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [{ code: "WELCOME10", usageType: "MULTI_USE" }],
  },
  {
    name: "$5 Off $25",
    active: true,
    type: "FIXED",
    percentage: null,
    amount: 5,
    selectionType: "CHECK",
    nonExclusive: false,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [{ code: "FIVEOFF25", usageType: "SINGLE_USE_UNIQUE_CODE" }],
  },
  {
    name: "Manager Comp %",
    active: true,
    type: "OPEN_PERCENT",
    percentage: null,
    amount: null,
    selectionType: "CHECK",
    nonExclusive: false,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [],
  },
  {
    name: "Manager Comp $",
    active: true,
    type: "OPEN_FIXED",
    percentage: null,
    amount: null,
    selectionType: "ITEM",
    nonExclusive: false,
    itemPickingPriority: "FIRST",
    fixedTotal: null,
    promoCodes: [],
  },
  {
    name: "Buy One Get One Entrée",
    active: true,
    type: "BOGO",
    percentage: 100,
    amount: null,
    selectionType: "BOGO",
    nonExclusive: false,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [{ code: "BOGOTUES", usageType: "MULTI_USE" }],
  },
  {
    name: "Lunch Combo",
    active: true,
    type: "FIXED_TOTAL",
    percentage: null,
    amount: null,
    selectionType: "ITEM",
    nonExclusive: false,
    itemPickingPriority: "MOST_EXPENSIVE",
    fixedTotal: 14.99,
    promoCodes: [],
  },
  {
    name: "Happy Hour Half-Price Apps",
    active: true,
    type: "PERCENT",
    percentage: 50,
    amount: null,
    selectionType: "ITEM",
    nonExclusive: false,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [],
  },
  {
    name: "Birthday Dessert",
    active: true,
    type: "FIXED",
    percentage: null,
    amount: 9,
    selectionType: "ITEM",
    nonExclusive: false,
    itemPickingPriority: "FIRST",
    fixedTotal: null,
    promoCodes: [{ code: "BDAYTREAT", usageType: "SINGLE_USE_PHONE" }],
  },
  {
    name: "Employee Meal",
    active: true,
    type: "PERCENT",
    percentage: 50,
    amount: null,
    selectionType: "CHECK",
    nonExclusive: false,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [],
  },
  {
    name: "Winter Warm-Up 15%",
    active: false,
    type: "PERCENT",
    percentage: 15,
    amount: null,
    selectionType: "CHECK",
    nonExclusive: true,
    itemPickingPriority: "LEAST_EXPENSIVE",
    fixedTotal: null,
    promoCodes: [
      { code: "SNOW15", usageType: "MULTI_USE" },
      { code: "SNOW15VIP", usageType: "SINGLE_USE_UNIQUE_CODE" },
    ],
  },
];

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
