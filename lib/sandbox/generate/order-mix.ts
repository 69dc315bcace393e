import { KNOWN_ORDER_SOURCES, type DiningOption } from "@/lib/platform/schemas";

import type { Concept } from "./concept";
import type { RestaurantConfig } from "./context";

/** How guests order, by contract orderSource value (brand-neutral spelling). In Store dominates. */
const BASE_SOURCE_WEIGHTS: Record<(typeof KNOWN_ORDER_SOURCES)[number], number> = {
  "In Store": 60,
  Online: 7,
  "Order-and-Pay-at-Table": 4,
  API: 6,
  Kiosk: 2,
  "Caller Id": 2,
  Invoice: 0.2,
  "Platform Pickup App": 4,
  "Platform Local": 1,
  "Branded Online Ordering": 5,
  Catering: 0.5,
  "Catering Online Ordering": 0.5,
  "Platform Tables": 1.5,
  "eCommerce Online ordering": 0.3,
  "Branded Mobile App": 2,
};

type Role = "dineIn" | "bar" | "takeOut" | "curbside" | "window" | "delivery" | "thirdParty";

/** Which dining option an order from each channel uses. */
const DINING_BY_SOURCE: Record<string, Partial<Record<Role, number>>> = {
  "In Store": { dineIn: 70, bar: 10, takeOut: 17, window: 2, delivery: 1 },
  "Order-and-Pay-at-Table": { dineIn: 90, bar: 10 },
  "Platform Tables": { dineIn: 100 },
  Kiosk: { dineIn: 45, takeOut: 55 },
  API: { thirdParty: 85, takeOut: 15 },
  "Caller Id": { takeOut: 60, delivery: 40 },
  Catering: { delivery: 50, takeOut: 50 },
  "Catering Online Ordering": { delivery: 60, takeOut: 40 },
  Invoice: { delivery: 50, takeOut: 50 },
};
const ONLINE_DINING: Partial<Record<Role, number>> = { takeOut: 50, curbside: 15, delivery: 35 };

export interface DiningChoice {
  guid: string;
  name: string | null;
  behavior: string | null;
}

export interface SourceMix {
  /** orderSource as sent, with the brand in place of "Platform". */
  sources: string[];
  weights: number[];
  /** Per source: dining options and weights. */
  dining: { options: DiningChoice[]; weights: number[] }[];
}

/** The first dine-in option is the dining room, the second the bar; take-out splits by curbside and window. */
function roleOf(option: DiningOption, dineInSeen: boolean): Role | null {
  if (option.behavior === "DINE_IN") return dineInSeen ? "bar" : "dineIn";
  if (option.behavior === "TAKE_OUT")
    return option.curbside ? "curbside" : option.driveThru ? "window" : "takeOut";
  return null;
}

/** The orderSource and dining option mix of a restaurant, resolved against its configured dining options. */
export function sourceMix(concept: Concept, config: RestaurantConfig, brand: string): SourceMix {
  const byRole = new Map<Role, DiningChoice>();
  const deliveries: DiningChoice[] = [];
  for (const { entity: o } of config.resources.diningOptions) {
    const choice = { guid: o.guid, name: o.name ?? null, behavior: o.behavior ?? null };
    if (o.behavior === "DELIVERY") {
      deliveries.push(choice);
      continue;
    }
    const role = roleOf(o, byRole.has("dineIn"));
    if (role && !byRole.has(role)) byRole.set(role, choice);
  }
  if (deliveries[0]) byRole.set("delivery", deliveries[0]);
  const thirdParty = deliveries[1] ?? deliveries[0];
  if (thirdParty) byRole.set("thirdParty", thirdParty);

  const sources: string[] = [];
  const weights: number[] = [];
  const dining: SourceMix["dining"] = [];
  for (const source of KNOWN_ORDER_SOURCES) {
    const w = BASE_SOURCE_WEIGHTS[source] * (concept.sourceBias[source] ?? 1);
    const mix = DINING_BY_SOURCE[source] ?? ONLINE_DINING;
    const options: DiningChoice[] = [];
    const optionWeights: number[] = [];
    for (const [role, weight] of Object.entries(mix) as [Role, number][]) {
      const choice = byRole.get(role);
      if (choice) {
        options.push(choice);
        optionWeights.push(weight);
      }
    }
    if (w <= 0 || options.length === 0) continue;
    sources.push(source.replace("Platform", brand));
    weights.push(w);
    dining.push({ options, weights: optionWeights });
  }
  return { sources, weights, dining };
}
