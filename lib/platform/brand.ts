/**
 * The real service puts its brand name in header, scope and enum names; the contract writes
 * "Platform" instead. Every name that carries the brand is derived here, so one setting
 * (PLATFORM_BRAND) lets the same client talk to the sandbox and to the real service.
 */
export interface BrandNames {
  brand: string;
  restaurantHeader: string;
  nextPageHeader: string;
  machineClient: string;
  /** Requests left in the current time slice of the limit closest to being exceeded. */
  rateLimitRemainingHeader: string;
  /** When that time slice ends, in UNIX epoch seconds (the developer guide's rate limiting headers). */
  rateLimitResetHeader: string;
  /**
   * The scope the kitchen endpoints need (4.2). The contract's scope names carry no brand word
   * (`kitchen:read` for every brand), unlike headers and enums; it is named here so that every
   * name the client sends or checks lives in one place.
   */
  kitchenScope: string;
}

export function brandNames(brand = "Platform"): BrandNames {
  return {
    brand,
    restaurantHeader: `${brand}-Restaurant-External-ID`,
    nextPageHeader: `${brand}-Next-Page-Token`,
    machineClient: `${brand.toUpperCase()}_MACHINE_CLIENT`,
    rateLimitRemainingHeader: `X-${brand}-RateLimit-Remaining`,
    rateLimitResetHeader: `X-${brand}-RateLimit-Reset`,
    kitchenScope: "kitchen:read",
  };
}
