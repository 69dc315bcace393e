import { z } from "zod";

import {
  externalReference,
  image,
  openEnum,
  orderableOnline,
  platformReference,
  unitOfMeasure,
  visibility,
} from "./common";

/**
 * 2.8 Configuration entities. Only guid and entityType are known to be required; every other
 * field is nullish so that a sparse object from the real service still parses, while a field of
 * the wrong type fails. Every enumeration is open (./open-enum.ts): a value added by the service
 * is kept as sent; the exported lists are the values the contract names, which the sandbox
 * generates and the app has words for.
 */
const str = z.string().nullish();
const num = z.number().nullish();
const int = z.number().int().nullish();
const bool = z.boolean().nullish();
const refs = z.array(externalReference).nullish();

export const alternatePaymentType = externalReference.extend({ name: str });

export const breakType = platformReference.extend({
  name: str,
  active: bool,
  paid: bool,
  duration: int,
  enforceMinimumTime: bool,
  trackMissedBreaks: bool,
  breakIntervalHrs: int,
  breakIntervalMins: int,
  trackBreakAcknowledgement: bool,
});

export const cashDrawer = platformReference.extend({ printer: platformReference.nullish() });

export const DINING_BEHAVIORS = ["DINE_IN", "TAKE_OUT", "DELIVERY"] as const;
export const diningOption = externalReference.extend({
  name: str,
  behavior: openEnum(DINING_BEHAVIORS).nullish(),
  curbside: bool,
  driveThru: bool,
});

export const PROMO_USAGE_TYPES = ["SINGLE_USE_PHONE", "SINGLE_USE_UNIQUE_CODE", "MULTI_USE"] as const;
export const promoCode = platformReference.extend({
  code: str,
  name: str,
  usageType: openEnum(PROMO_USAGE_TYPES).nullish(),
});

export const DISCOUNT_TYPES = [
  "PERCENT",
  "FIXED",
  "OPEN_PERCENT",
  "OPEN_FIXED",
  "BOGO",
  "FIXED_TOTAL",
] as const;
export const SELECTION_TYPES = ["CHECK", "ITEM", "BOGO"] as const;
export const ITEM_PICKING_PRIORITIES = ["FIRST", "LEAST_EXPENSIVE", "MOST_EXPENSIVE"] as const;
export const discount = platformReference.extend({
  name: str,
  active: bool,
  type: openEnum(DISCOUNT_TYPES).nullish(),
  percentage: num,
  amount: num,
  selectionType: openEnum(SELECTION_TYPES).nullish(),
  nonExclusive: bool,
  itemPickingPriority: openEnum(ITEM_PICKING_PRIORITIES).nullish(),
  fixedTotal: num,
  promoCodes: z.array(promoCode).nullish(),
});

export const menu = externalReference.extend({
  name: str,
  orderableOnline: orderableOnline.nullish(),
  visibility: visibility.nullish(),
  groups: refs,
  images: z.array(image).nullish(),
  unitOfMeasure: unitOfMeasure.nullish(),
});

export const menuGroup = externalReference.extend({
  name: str,
  menu: externalReference.nullish(),
  orderableOnline: orderableOnline.nullish(),
  visibility: visibility.nullish(),
  parent: externalReference.nullish(),
  items: refs,
  subgroups: refs,
  optionGroups: refs,
  inheritOptionGroups: bool,
  images: z.array(image).nullish(),
  unitOfMeasure: unitOfMeasure.nullish(),
  inheritUnitOfMeasure: bool,
});

export const MENU_ITEM_TYPES = ["NONE", "OPEN_ITEM", "SPECIAL_REQUEST", "PORTION"] as const;
export const menuItem = externalReference.extend({
  name: str,
  calories: int,
  sku: str,
  plu: str,
  orderableOnline: orderableOnline.nullish(),
  visibility: visibility.nullish(),
  type: openEnum(MENU_ITEM_TYPES).nullish(),
  optionGroups: refs,
  inheritOptionGroups: bool,
  images: z.array(image).nullish(),
  unitOfMeasure: unitOfMeasure.nullish(),
  inheritUnitOfMeasure: bool,
});

export const menuOptionGroup = externalReference.extend({
  name: str,
  options: refs,
  minSelections: int,
  maxSelections: int,
});

export const DISPLAY_MODES = ["PREFIX", "SUFFIX"] as const;
export const preModifier = platformReference.extend({
  name: str,
  scalePrice: bool,
  basePrice: num,
  scaleFactor: num,
  displayMode: openEnum(DISPLAY_MODES).nullish(),
  parent: platformReference.nullish(),
  chargeAsExtra: bool,
});

export const preModifierGroup = platformReference.extend({ name: str, isDefault: bool });

const named = platformReference.extend({ name: str });
export const noSaleReason = named;
export const payoutReason = named;
export const priceGroup = named;
export const printer = named;
export const restaurantService = named;
export const salesCategory = named;
export const voidReason = named;

export const revenueCenter = platformReference.extend({ name: str, description: str });

export const SERVICE_AREA_TYPES = ["OFF_PREMISES", "ON_PREMISES"] as const;
export const serviceArea = platformReference.extend({
  name: str,
  serviceAreaType: openEnum(SERVICE_AREA_TYPES).nullish(),
  revenueCenter: externalReference.nullish(),
});

export const conditionalTaxRate = z.looseObject({ condition: str, rate: num });
export const taxTableRow = z.looseObject({ start: num, end: num, tax: num, pattern: bool });

export const TAX_TYPES = ["PERCENT", "FIXED", "TABLE", "NONE", "EXTERNAL"] as const;
export const ROUNDING_TYPES = ["HALF_UP", "HALF_EVEN", "ALWAYS_UP", "ALWAYS_DOWN"] as const;
export const taxRate = platformReference.extend({
  name: str,
  isDefault: bool,
  rate: num,
  type: openEnum(TAX_TYPES).nullish(),
  roundingType: openEnum(ROUNDING_TYPES).nullish(),
  taxTable: z.array(taxTableRow).nullish(),
  conditionalTaxRates: z.array(conditionalTaxRate).nullish(),
});

export const serviceChargeCriteria = z.looseObject({
  minCheckAmount: num,
  delivery: bool,
  maxCheckAmount: num,
  minDeliveryDistance: num,
  takeout: bool,
  dineIn: bool,
});

export const SERVICE_CHARGE_AMOUNT_TYPES = ["FIXED", "PERCENT", "OPEN"] as const;
export const SERVICE_CHARGE_CALCULATIONS = ["PRE_DISCOUNT", "POST_DISCOUNT"] as const;
/** destination includes the operator's own name in upper case, so it is the brand: any string. */
export const serviceCharge = externalReference.extend({
  name: str,
  amountType: openEnum(SERVICE_CHARGE_AMOUNT_TYPES).nullish(),
  amount: num,
  percent: num,
  criteria: serviceChargeCriteria.nullish(),
  gratuity: bool,
  taxable: bool,
  applicableTaxes: z.array(taxRate).nullish(),
  serviceChargeCalculation: openEnum(SERVICE_CHARGE_CALCULATIONS).nullish(),
  destination: str,
  taxInclusive: bool,
  taxProrated: bool,
});

export const table = platformReference.extend({
  name: str,
  serviceArea: platformReference.nullish(),
  revenueCenter: externalReference.nullish(),
});

export const tipWithholding = platformReference.extend({ enabled: bool, percentage: num });

/**
 * The 23 list resources of 4.3, keyed by path segment, with the entityType the service puts on
 * their objects. The sandbox serves exactly these; the client offers a helper for each.
 */
export const configResources = {
  alternatePaymentTypes: { entity: "AlternatePaymentType", schema: alternatePaymentType },
  breakTypes: { entity: "BreakType", schema: breakType },
  cashDrawers: { entity: "CashDrawer", schema: cashDrawer },
  diningOptions: { entity: "DiningOption", schema: diningOption },
  discounts: { entity: "Discount", schema: discount },
  menuGroups: { entity: "MenuGroup", schema: menuGroup },
  menuItems: { entity: "MenuItem", schema: menuItem },
  menuOptionGroups: { entity: "MenuOptionGroup", schema: menuOptionGroup },
  menus: { entity: "Menu", schema: menu },
  preModifiers: { entity: "PreModifier", schema: preModifier },
  preModifierGroups: { entity: "PreModifierGroup", schema: preModifierGroup },
  noSaleReasons: { entity: "NoSaleReason", schema: noSaleReason },
  payoutReasons: { entity: "PayoutReason", schema: payoutReason },
  priceGroups: { entity: "PriceGroup", schema: priceGroup },
  printers: { entity: "Printer", schema: printer },
  salesCategories: { entity: "SalesCategory", schema: salesCategory },
  serviceAreas: { entity: "ServiceArea", schema: serviceArea },
  serviceCharges: { entity: "ServiceCharge", schema: serviceCharge },
  revenueCenters: { entity: "RevenueCenter", schema: revenueCenter },
  restaurantServices: { entity: "RestaurantService", schema: restaurantService },
  tables: { entity: "Table", schema: table },
  taxRates: { entity: "TaxRate", schema: taxRate },
  voidReasons: { entity: "VoidReason", schema: voidReason },
} as const;

export type ConfigResource = keyof typeof configResources;
export const CONFIG_RESOURCES = Object.keys(configResources) as ConfigResource[];
export type ConfigEntity<R extends ConfigResource> = z.infer<(typeof configResources)[R]["schema"]>;

export type AlternatePaymentType = z.infer<typeof alternatePaymentType>;
export type BreakType = z.infer<typeof breakType>;
export type CashDrawer = z.infer<typeof cashDrawer>;
export type DiningOption = z.infer<typeof diningOption>;
export type Discount = z.infer<typeof discount>;
export type PromoCode = z.infer<typeof promoCode>;
export type Menu = z.infer<typeof menu>;
export type MenuGroup = z.infer<typeof menuGroup>;
export type MenuItem = z.infer<typeof menuItem>;
export type MenuOptionGroup = z.infer<typeof menuOptionGroup>;
export type PreModifier = z.infer<typeof preModifier>;
export type PreModifierGroup = z.infer<typeof preModifierGroup>;
export type RevenueCenter = z.infer<typeof revenueCenter>;
export type ServiceArea = z.infer<typeof serviceArea>;
export type ServiceCharge = z.infer<typeof serviceCharge>;
export type Table = z.infer<typeof table>;
export type TaxRate = z.infer<typeof taxRate>;
export type TipWithholding = z.infer<typeof tipWithholding>;
export type NamedEntity = z.infer<typeof named>;
