import type { PrepStation } from "@/lib/platform/schemas";
import type { RoutingWarningKind } from "./station-routing";

/**
 * How a prep station's enums read to a kitchen manager. The contract (2.6) defines the values;
 * these sentences say what each one does to a ticket.
 */
export type PrintingMode = NonNullable<PrepStation["printingMode"]>;
export type ExpoRouting = NonNullable<PrepStation["expoRouting"]>;

export const PRINTING_MODE_WORDS: Record<PrintingMode, { label: string; description: string }> = {
  ON: { label: "Always prints", description: "Every ticket prints at the assigned printer." },
  OFFLINE_ONLY: {
    label: "Prints only when the display is offline",
    description: "Tickets print at the assigned printer only when the station's kitchen display is offline.",
  },
};

export const EXPO_ROUTING_WORDS: Record<ExpoRouting, { label: string; description: string }> = {
  SEND_TO_EXPO: { label: "Station and expediter", description: "Tickets go to this station and also to the expediter." },
  EXPO_ONLY: { label: "Expediter only", description: "Tickets go only to the expediter, never to this station." },
  SKIP_EXPO: { label: "Station only (skips the expediter)", description: "Tickets go to this station and never to the expediter." },
};

export function printingModeWords(mode: PrepStation["printingMode"]): { label: string; description: string } {
  return mode ? PRINTING_MODE_WORDS[mode] : { label: "Not set", description: "The station has no printing mode." };
}

export function expoRoutingWords(routing: PrepStation["expoRouting"]): { label: string; description: string } {
  return routing ? EXPO_ROUTING_WORDS[routing] : { label: "Not set", description: "The station has no expediter routing." };
}

export const WARNING_KIND_LABELS: Record<RoutingWarningKind, string> = {
  "expo-contradiction": "Expediter settings contradict each other",
  "missing-printer": "Printer not found",
  "no-printer": "No printer assigned",
  "missing-connected-station": "Connected station not found",
  "self-connection": "Connected to itself",
  "connection-cycle": "Monitoring cycle",
};
