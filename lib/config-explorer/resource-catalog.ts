import { CONFIG_RESOURCES, type ConfigResource } from "@/lib/platform/schemas";

/**
 * What the configuration explorer offers: the 23 list resources of the configuration API (4.3)
 * and the single tipWithholding object, with the names a manager reads.
 */
export type ExplorerResource = ConfigResource | "tipWithholding";

export const EXPLORER_RESOURCES: readonly ExplorerResource[] = [...CONFIG_RESOURCES, "tipWithholding"];

export type ResourceSection =
  "Menu" | "Payments and discounts" | "Taxes and service charges" | "Floor and devices" | "Staff and reasons";

export interface ResourceInfo {
  title: string;
  /** Singular, lower case: "tax rate". */
  noun: string;
  section: ResourceSection;
  description: string;
}

export const RESOURCE_INFO: Record<ExplorerResource, ResourceInfo> = {
  menus: { title: "Menus", noun: "menu", section: "Menu", description: "Top-level menus and their groups." },
  menuGroups: {
    title: "Menu groups",
    noun: "menu group",
    section: "Menu",
    description: "Groups and subgroups, with what they hold and inherit.",
  },
  menuItems: {
    title: "Menu items",
    noun: "menu item",
    section: "Menu",
    description: "Items and modifiers (modifier options are menu items too).",
  },
  menuOptionGroups: {
    title: "Modifier groups",
    noun: "modifier group",
    section: "Menu",
    description: "Modifier groups, their options and how many a guest may pick.",
  },
  preModifierGroups: {
    title: "Pre-modifier groups",
    noun: "pre-modifier group",
    section: "Menu",
    description: "Groups of pre-modifiers such as Extra or On the side.",
  },
  preModifiers: {
    title: "Pre-modifiers",
    noun: "pre-modifier",
    section: "Menu",
    description: "Words put before or after a modifier, and how they change its price.",
  },
  salesCategories: {
    title: "Sales categories",
    noun: "sales category",
    section: "Menu",
    description: "Categories that sales are reported under.",
  },
  priceGroups: {
    title: "Price groups",
    noun: "price group",
    section: "Menu",
    description: "Named groups of prices.",
  },
  alternatePaymentTypes: {
    title: "Alternate payment types",
    noun: "alternate payment type",
    section: "Payments and discounts",
    description: "Payment types other than cash and cards.",
  },
  discounts: {
    title: "Discounts",
    noun: "discount",
    section: "Payments and discounts",
    description: "Discounts with their amounts, rules and promo codes.",
  },
  tipWithholding: {
    title: "Tip withholding",
    noun: "tip withholding setting",
    section: "Payments and discounts",
    description: "The share of card tips the restaurant withholds.",
  },
  taxRates: {
    title: "Tax rates",
    noun: "tax rate",
    section: "Taxes and service charges",
    description: "Taxes with their rates, tables and conditional rates.",
  },
  serviceCharges: {
    title: "Service charges",
    noun: "service charge",
    section: "Taxes and service charges",
    description: "Charges and gratuities, when they apply and which taxes they carry.",
  },
  diningOptions: {
    title: "Dining options",
    noun: "dining option",
    section: "Floor and devices",
    description: "How guests receive their order: dine in, take out, delivery.",
  },
  revenueCenters: {
    title: "Revenue centers",
    noun: "revenue center",
    section: "Floor and devices",
    description: "Areas of the business that revenue is reported by.",
  },
  serviceAreas: {
    title: "Service areas",
    noun: "service area",
    section: "Floor and devices",
    description: "Areas of the floor and the revenue center each belongs to.",
  },
  tables: {
    title: "Tables",
    noun: "table",
    section: "Floor and devices",
    description: "Tables with their service area and revenue center.",
  },
  printers: {
    title: "Printers",
    noun: "printer",
    section: "Floor and devices",
    description: "Kitchen and receipt printers.",
  },
  cashDrawers: {
    title: "Cash drawers",
    noun: "cash drawer",
    section: "Floor and devices",
    description: "Cash drawers and the printer each is attached to.",
  },
  restaurantServices: {
    title: "Restaurant services",
    noun: "restaurant service",
    section: "Floor and devices",
    description: "Services (meal periods) such as Lunch and Dinner.",
  },
  breakTypes: {
    title: "Break types",
    noun: "break type",
    section: "Staff and reasons",
    description: "Employee breaks: length, pay and missed-break tracking.",
  },
  noSaleReasons: {
    title: "No-sale reasons",
    noun: "no-sale reason",
    section: "Staff and reasons",
    description: "Reasons for opening the cash drawer without a sale.",
  },
  payoutReasons: {
    title: "Payout reasons",
    noun: "payout reason",
    section: "Staff and reasons",
    description: "Reasons for paying cash out of the drawer.",
  },
  voidReasons: {
    title: "Void reasons",
    noun: "void reason",
    section: "Staff and reasons",
    description: "Reasons for voiding an item or check.",
  },
};

export const RESOURCE_SECTIONS: readonly ResourceSection[] = [
  "Menu",
  "Payments and discounts",
  "Taxes and service charges",
  "Floor and devices",
  "Staff and reasons",
];

export function isExplorerResource(value: string): value is ExplorerResource {
  return (EXPLORER_RESOURCES as readonly string[]).includes(value);
}

/** A row of the explorer's index page. */
export interface ResourceCount {
  resource: ExplorerResource;
  title: string;
  section: ResourceSection;
  description: string;
  /** null when the resource could not be read. */
  count: number | null;
  /** A one-word state for single objects (tip withholding: On or Off). */
  summary?: string;
  error?: string;
}
