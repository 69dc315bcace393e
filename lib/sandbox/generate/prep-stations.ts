import type { PrepStation } from "@/lib/platform/schemas";

import { conceptKinds, conceptOf } from "./concept";
import type { Versioned } from "./context";
import { FOOD_KINDS, type FoodKind } from "./menu-catalog";
import { ref } from "./references";
import type { Scope } from "./scope";

export type StationKey = FoodKind | "expo" | "expo2";

export interface StationPlan {
  key: StationKey;
  name: string;
  printingMode: NonNullable<PrepStation["printingMode"]>;
  expoRouting: NonNullable<PrepStation["expoRouting"]>;
  includeWithExpediter: boolean;
  printerName: string | null;
  connected: StationKey[];
  /** A connection to a station that was deleted: its GUID resolves to nothing. */
  danglingConnection: string | null;
}

const STATION_NAMES: Record<Exclude<FoodKind, "cold">, string> = {
  grill: "Grill",
  fry: "Fry",
  saute: "Sauté",
  pizza: "Pizza",
  bar: "Bar",
  pastry: "Pastry",
};

/** Station name -> kitchen line, so fulfillments route by the configuration they are given. */
export const STATION_KEY_BY_NAME: ReadonlyMap<string, StationKey> = new Map<string, StationKey>([
  ...Object.entries(STATION_NAMES).map(([k, name]) => [name, k as StationKey] as const),
  ["Garde Manger", "cold"],
  ["Cold Line", "cold"],
  ["Expo", "expo"],
  ["Expo 2", "expo2"],
]);

/**
 * The prep stations of a restaurant. Every restaurant covers every printingMode and expoRouting.
 * Two configuration faults are deliberate, so the stations page has warnings to show:
 *  - the cold station ("Garde Manger" / "Cold Line") routes SEND_TO_EXPO but has
 *    includeWithExpediter false, contradicting its own expoRouting;
 *  - the Bar lists a connected station ("Service Bar", since deleted) whose GUID does not exist.
 * Pastry is EXPO_ONLY (desserts are plated at the pass), so it needs and has no kitchen printer.
 */
export function stationPlan(scope: Scope): StationPlan[] {
  const concept = conceptOf(scope.ctx.restaurant);
  const present = new Set(conceptKinds(concept));
  const kinds = FOOD_KINDS.filter((k) => present.has(k));
  const plans: StationPlan[] = kinds.map((kind) => {
    const base = { key: kind, connected: [] as StationKey[], danglingConnection: null };
    switch (kind) {
      case "grill":
        return {
          ...base,
          name: STATION_NAMES.grill,
          printingMode: "OFFLINE_ONLY",
          expoRouting: "SEND_TO_EXPO",
          includeWithExpediter: true,
          printerName: "Hot Line Printer",
        };
      case "fry":
        return {
          ...base,
          name: STATION_NAMES.fry,
          printingMode: "OFFLINE_ONLY",
          expoRouting: "SEND_TO_EXPO",
          includeWithExpediter: true,
          printerName: present.has("grill") ? "Hot Line Printer" : "Fry Printer",
        };
      case "saute":
        return {
          ...base,
          name: STATION_NAMES.saute,
          printingMode: "ON",
          expoRouting: "SEND_TO_EXPO",
          includeWithExpediter: true,
          printerName: "Sauté Printer",
        };
      case "cold":
        return {
          ...base,
          name: concept.coldStationName,
          printingMode: "ON",
          expoRouting: "SEND_TO_EXPO",
          includeWithExpediter: false,
          printerName: `${concept.coldStationName} Printer`,
        };
      case "pizza":
        return {
          ...base,
          name: STATION_NAMES.pizza,
          printingMode: "ON",
          expoRouting: "SEND_TO_EXPO",
          includeWithExpediter: true,
          printerName: "Pizza Printer",
        };
      case "bar":
        return {
          ...base,
          name: STATION_NAMES.bar,
          printingMode: "ON",
          expoRouting: "SKIP_EXPO",
          includeWithExpediter: false,
          printerName: "Bar Printer",
          danglingConnection: scope.guid("PrepStation", "deleted", "Service Bar"),
        };
      case "pastry":
        return {
          ...base,
          name: STATION_NAMES.pastry,
          printingMode: "ON",
          expoRouting: "EXPO_ONLY",
          includeWithExpediter: true,
          printerName: null,
        };
    }
  });
  const monitored = plans.filter((p) => p.expoRouting !== "SKIP_EXPO").map((p) => p.key);
  plans.push({
    key: "expo",
    name: "Expo",
    printingMode: "ON",
    expoRouting: "SKIP_EXPO",
    includeWithExpediter: false,
    printerName: "Expo Printer",
    connected: monitored,
    danglingConnection: null,
  });
  if (scope.ctx.restaurant.twoLevelExpo) {
    plans.push({
      key: "expo2",
      name: "Expo 2",
      printingMode: "OFFLINE_ONLY",
      expoRouting: "SKIP_EXPO",
      includeWithExpediter: false,
      printerName: "Expo Printer",
      connected: ["expo"],
      danglingConnection: null,
    });
  }
  return plans;
}

export function stationGuid(scope: Scope, key: StationKey): string {
  return scope.guid("PrepStation", key);
}

export function printerGuid(scope: Scope, printerName: string): string {
  return scope.guid("Printer", printerName);
}

export function generatePrepStations(scope: Scope): Versioned<PrepStation>[] {
  return stationPlan(scope).map((plan) => {
    const connected = plan.connected.map((key) => ref(stationGuid(scope, key), "PrepStation"));
    if (plan.danglingConnection) connected.push(ref(plan.danglingConnection, "PrepStation"));
    const station: PrepStation = {
      guid: stationGuid(scope, plan.key),
      entityType: "PrepStation",
      name: plan.name,
      connectedPrepStations: connected,
      printingMode: plan.printingMode,
      includeWithExpediter: plan.includeWithExpediter,
      expoRouting: plan.expoRouting,
      kitchenPrinter: plan.printerName ? ref(printerGuid(scope, plan.printerName), "Printer") : null,
    };
    return scope.versioned(station);
  });
}
