import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/** One hue per fulfillment level across every chart, so level 1 is always the same colour. */
export const LEVEL_COLORS: Record<KitchenLevel, string> = {
  0: "var(--chart-1)",
  1: "var(--chart-2)",
  2: "var(--chart-3)",
};
