import type { EXPO_ROUTINGS, PrepStation, PRINTING_MODES } from "@/lib/platform/schemas";
// The zod-free module, not the schemas: these words reach the browser bundle.
import { knownEntry } from "@/lib/platform/schemas/open-enum";

import type { RoutingWarningKind } from "./station-routing";

/**
 * How a prep station's enums read to a kitchen manager. The contract (2.6) defines the values;
 * these sentences say what each one does to a ticket. The service may send a value the contract
 * does not name: it is shown as sent, never dropped and never mistaken for a known one.
 */
/** Any value the service sends (open: a known one or a newer one). */
export type PrintingMode = NonNullable<PrepStation["printingMode"]>;
export type ExpoRouting = NonNullable<PrepStation["expoRouting"]>;
/** The values the contract names, which the words below and the routing lanes know. */
export type KnownPrintingMode = (typeof PRINTING_MODES)[number];
export type KnownExpoRouting = (typeof EXPO_ROUTINGS)[number];

export interface EnumWords {
  label: string;
  description: string;
}

export const PRINTING_MODE_WORDS: Record<KnownPrintingMode, EnumWords> = {
  ON: { label: "Always prints", description: "Every ticket prints at the assigned printer." },
  OFFLINE_ONLY: {
    label: "Prints only when the display is offline",
    description: "Tickets print at the assigned printer only when the station's kitchen display is offline.",
  },
};

export const EXPO_ROUTING_WORDS: Record<KnownExpoRouting, EnumWords> = {
  SEND_TO_EXPO: {
    label: "Station and expediter",
    description: "Tickets go to this station and also to the expediter.",
  },
  EXPO_ONLY: {
    label: "Expediter only",
    description: "Tickets go only to the expediter, never to this station.",
  },
  SKIP_EXPO: {
    label: "Station only (skips the expediter)",
    description: "Tickets go to this station and never to the expediter.",
  },
};

export function isKnownPrintingMode(mode: string | null | undefined): mode is KnownPrintingMode {
  return mode != null && knownEntry(PRINTING_MODE_WORDS, mode) !== undefined;
}

export function isKnownExpoRouting(routing: string | null | undefined): routing is KnownExpoRouting {
  return routing != null && knownEntry(EXPO_ROUTING_WORDS, routing) !== undefined;
}

export function printingModeWords(mode: PrepStation["printingMode"]): EnumWords {
  return settingWords(PRINTING_MODE_WORDS, mode, "a printing mode");
}

export function expoRoutingWords(routing: PrepStation["expoRouting"]): EnumWords {
  return settingWords(EXPO_ROUTING_WORDS, routing, "an expediter routing");
}

/** A setting's words: the known value's, "Not set" for none, and the value itself for a newer one. */
function settingWords<Known extends string>(
  table: Readonly<Record<Known, EnumWords>>,
  value: string | null | undefined,
  what: string,
): EnumWords {
  if (!value) return { label: "Not set", description: `The station has no ${what.replace(/^an? /, "")}.` };
  return (
    knownEntry(table, value) ?? {
      label: value,
      description: `“${value}” is ${what} this app does not know yet, shown as the Platform sent it.`,
    }
  );
}

export const WARNING_KIND_LABELS: Record<RoutingWarningKind, string> = {
  "expo-contradiction": "Expediter settings contradict each other",
  "missing-printer": "Printer not found",
  "no-printer": "No printer assigned",
  "missing-connected-station": "Connected station not found",
  "self-connection": "Connected to itself",
  "connection-cycle": "Monitoring cycle",
  "unknown-value": "Setting this app does not know",
};
