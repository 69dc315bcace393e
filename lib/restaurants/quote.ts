import type { RestaurantInfo } from "@/lib/platform/schemas";

/**
 * The time the restaurant quotes its guests, from its restaurant information's prepTimes (minutes,
 * as the Platform's reference gives them): take-out is takeoutPrepTime plus takeoutThrottlingTime,
 * delivery deliveryPrepTime plus deliveryThrottlingTime. The throttling time is what online
 * ordering adds to the quote while the kitchen is throttled (busy), so the guest was told the sum;
 * an absent throttling time adds nothing. Delivery's prep time includes the drive, so a kitchen is
 * not meant to use all of it. A channel whose prep time is absent, negative or not a number has no
 * quote (null): its tickets are not judged.
 */
export interface RestaurantQuote {
  /** Whole seconds, or null when the restaurant information gives none. */
  takeoutSeconds: number | null;
  deliverySeconds: number | null;
}

const minutes = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;

function quoteSeconds(prep: unknown, throttling: unknown): number | null {
  const p = minutes(prep);
  if (p === null) return null;
  return Math.round((p + (minutes(throttling) ?? 0)) * 60);
}

export function restaurantQuoteOf(info: Pick<RestaurantInfo, "prepTimes">): RestaurantQuote {
  const t = info.prepTimes ?? {};
  return {
    takeoutSeconds: quoteSeconds(t.takeoutPrepTime, t.takeoutThrottlingTime),
    deliverySeconds: quoteSeconds(t.deliveryPrepTime, t.deliveryThrottlingTime),
  };
}
