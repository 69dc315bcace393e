import type { ItemFulfillment } from "@/lib/platform/schemas";
import type { GenerateContext, RestaurantConfig } from "./context";

export function generateItemFulfillments(_ctx: GenerateContext, _config: RestaurantConfig, _businessDate: string, _opts?: { asOf?: number }): ItemFulfillment[] {
  return [];
}
