/**
 * The explorer's resource path segments as plain strings, free of zod and of server code, so
 * proxy.ts can check them before a page starts streaming: once the [guid] loading boundary has
 * sent its fallback, a page's notFound() can no longer change the status from 200. The unit test
 * keeps this list equal to the schemas' registry plus tipWithholding.
 */
export const EXPLORER_RESOURCE_NAMES: readonly string[] = [
  "alternatePaymentTypes",
  "breakTypes",
  "cashDrawers",
  "diningOptions",
  "discounts",
  "menuGroups",
  "menuItems",
  "menuOptionGroups",
  "menus",
  "preModifiers",
  "preModifierGroups",
  "noSaleReasons",
  "payoutReasons",
  "priceGroups",
  "printers",
  "salesCategories",
  "serviceAreas",
  "serviceCharges",
  "revenueCenters",
  "restaurantServices",
  "tables",
  "taxRates",
  "voidReasons",
  "tipWithholding",
];

const CONFIG_PAGE = /^\/restaurants\/[^/]+\/config\/([^/]+)\/?$/;

/** True for /restaurants/<guid>/config/<resource> pages whose resource does not exist. */
export function isUnknownResourcePage(pathname: string): boolean {
  const match = CONFIG_PAGE.exec(pathname);
  if (!match) return false;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]!);
  } catch {
    return true;
  }
  return !EXPLORER_RESOURCE_NAMES.includes(segment);
}
