import type { KitchenCapacity } from "@/lib/kitchen/contract/capacity";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";

/** Seconds as "10-minute" (one decimal when not whole: 630 s -> "10.5-minute"). */
function minutesWord(seconds: number): string {
  const minutes = Math.round((seconds / 60) * 10) / 10;
  return `${minutes}-minute`;
}

/** A slot number (0-95) as the local time it starts, "18:45". */
export function slotTime(slot: number): string {
  const minutes = slot * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The Capacity page's plain line: what the figure means, by the knee's status
 * (contract/capacity.ts), with the number for the Platform's kitchen-capacity setting when there is one.
 */
export function capacitySentence(
  c: Pick<
    KitchenCapacity,
    "knee" | "capacity" | "kneeStatus" | "targetSeconds" | "minItems" | "slots" | "level"
  >,
  stationName: string | null,
): string {
  const where = stationName ? ` at ${stationName}` : ` at the ${LEVEL_LABELS[c.level].toLowerCase()} level`;
  const target = `the ${minutesWord(c.targetSeconds)} target`;
  switch (c.kneeStatus) {
    case "knee":
      return `Above ${c.capacity} items per 15 minutes, p90${where} passes ${target}: ${c.capacity} is the number for the kitchen-capacity setting.`;
    case "always_over":
      return `Even at the lightest load with ${c.minItems} or more items (${c.knee} items per 15 minutes), p90${where} is over ${target}: a capacity cap alone would not bring it within.`;
    case "never_over": {
      const heaviest = c.slots.filter((s) => !s.fewItems).at(-1)?.load;
      return `p90${where} stays within ${target} at every load with ${c.minItems} or more items (up to ${heaviest} items per 15 minutes): this range shows no capacity limit.`;
    }
    default:
      return `No load${where} has ${c.minItems} or more items in this range, too few to tell a limit: choose a longer range.`;
  }
}
