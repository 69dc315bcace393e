import type { NamedEntity, PrepStation } from "@/lib/platform/schemas";

import { findConnectionCycles } from "./connection-cycles";
import {
  EXPO_ROUTING_WORDS,
  expoRoutingWords,
  isKnownExpoRouting,
  isKnownPrintingMode,
  printingModeWords,
  type ExpoRouting,
  type KnownExpoRouting,
  type PrintingMode,
} from "./station-words";

/**
 * The routing report the stations page shows: every prep station with its references resolved to
 * names, its enums in words, and the warnings its configuration raises. Pure: the route handler
 * loads stations and printers and passes them in. A printingMode or expoRouting the contract does
 * not name is kept and shown as sent, and raises an "unknown-value" warning that says how the
 * diagram placed the station.
 */

export type RoutingWarningKind =
  | "expo-contradiction"
  | "missing-printer"
  | "no-printer"
  | "missing-connected-station"
  | "self-connection"
  | "connection-cycle"
  | "unknown-value";

export interface RoutingWarning {
  kind: RoutingWarningKind;
  /** The stations the warning concerns, in the order the message names them. */
  stationGuids: string[];
  message: string;
}

export interface RoutingStationRef {
  guid: string;
  name: string;
}

export interface ConnectedStation {
  guid: string;
  /** null when no prep station has this guid. */
  name: string | null;
}

export interface StationRouting {
  guid: string;
  name: string;
  printer: { guid: string; name: string | null } | null;
  /** As configured, verbatim (a value this app does not know included); null when the station sends none. */
  printingMode: PrintingMode | null;
  printingModeLabel: string;
  printingModeDescription: string;
  /** As configured, verbatim; null when the station sends none. */
  expoRouting: ExpoRouting | null;
  /**
   * What the routing diagram uses: expoRouting when it is a known value, else derived from
   * includeWithExpediter (absent or unknown expoRouting alike); null when neither says.
   */
  effectiveExpoRouting: KnownExpoRouting | null;
  expoRoutingLabel: string;
  expoRoutingDescription: string;
  includeWithExpediter: boolean | null;
  /** Stations this one monitors (connectedPrepStations). */
  connected: ConnectedStation[];
  /** Stations that monitor this one. */
  monitoredBy: RoutingStationRef[];
  /**
   * An expediter screen (see expediterStations). Its own expoRouting says nothing about where
   * food goes, so it has its own lane rather than "station only".
   */
  isExpediter: boolean;
  warningKinds: RoutingWarningKind[];
}

export interface PrinterRouting {
  guid: string;
  name: string | null;
  /** Stations that print every ticket here. */
  always: RoutingStationRef[];
  /** Stations that print here only while their display is offline. */
  offlineOnly: RoutingStationRef[];
  /** Stations assigned here with a printing mode this app does not know, with that mode as sent. */
  otherModes: (RoutingStationRef & { printingMode: string })[];
}

export interface StationsReport {
  stations: StationRouting[];
  printers: PrinterRouting[];
  expediter: {
    /** The expediter screens themselves (stations that monitor others); in none of the lanes below. */
    expediters: RoutingStationRef[];
    /** Stations whose tickets reach the expediter and the station. */
    sendToExpo: RoutingStationRef[];
    /** Stations whose tickets go only to the expediter. */
    expoOnly: RoutingStationRef[];
    /** Stations whose tickets never reach the expediter. */
    skipExpo: RoutingStationRef[];
    /** Stations with neither a known expoRouting nor includeWithExpediter. */
    unknown: RoutingStationRef[];
  };
  warnings: RoutingWarning[];
}

/**
 * The configuration has no "this is the expediter" flag, so it is inferred: a station that sends
 * nothing on to the expediter itself (SKIP_EXPO) and monitors a station whose tickets reach the
 * expediter, or monitors such an expediter (a second expediter watching the first). A line
 * station that also watches another (a fryer watching the grill) still sends to the expediter and
 * is not one.
 */
function expediterStations(
  stations: readonly PrepStation[],
  byGuid: ReadonlyMap<string, PrepStation>,
): Set<string> {
  const reachesExpo = (s: PrepStation) => {
    const routing = effectiveExpoRouting(s);
    return routing === "SEND_TO_EXPO" || routing === "EXPO_ONLY";
  };
  const found = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stations) {
      if (found.has(s.guid) || effectiveExpoRouting(s) !== "SKIP_EXPO") continue;
      const watches = (s.connectedPrepStations ?? []).some((r) => {
        const target = byGuid.get(r.guid);
        return r.guid !== s.guid && target !== undefined && (found.has(r.guid) || reachesExpo(target));
      });
      if (watches) {
        found.add(s.guid);
        grew = true;
      }
    }
  }
  return found;
}

export function stationName(station: Pick<PrepStation, "name" | "guid">): string {
  return station.name?.trim() || `Unnamed station ${station.guid.slice(0, 8)}`;
}

/** includeWithExpediter is the older flag for the same choice (2.6): true = SEND_TO_EXPO, false = SKIP_EXPO. */
export function expoContradiction(
  station: Pick<PrepStation, "expoRouting" | "includeWithExpediter">,
): boolean {
  const { expoRouting, includeWithExpediter } = station;
  // An unknown routing cannot be judged against the flag: it may mean anything.
  if (!isKnownExpoRouting(expoRouting) || includeWithExpediter == null) return false;
  // EXPO_ONLY still sends every ticket to the expediter, so the flag must say so.
  const reachesExpo = expoRouting !== "SKIP_EXPO";
  return reachesExpo !== includeWithExpediter;
}

/**
 * The lane a station's tickets take. A routing this app does not know is placed by the older
 * includeWithExpediter flag, which every station still carries and which has only two meanings.
 */
export function effectiveExpoRouting(
  station: Pick<PrepStation, "expoRouting" | "includeWithExpediter">,
): KnownExpoRouting | null {
  if (isKnownExpoRouting(station.expoRouting)) return station.expoRouting;
  if (station.includeWithExpediter == null) return null;
  return station.includeWithExpediter ? "SEND_TO_EXPO" : "SKIP_EXPO";
}

export function buildStationsReport(
  unsorted: readonly PrepStation[],
  printers: readonly NamedEntity[],
): StationsReport {
  const stations = [...unsorted].sort(
    (a, b) => stationName(a).localeCompare(stationName(b)) || a.guid.localeCompare(b.guid),
  );
  const byGuid = new Map(stations.map((s) => [s.guid, s]));
  const printerByGuid = new Map(printers.map((p) => [p.guid, p]));
  const { warnings, kindsByStation } = routingWarnings(stations, byGuid, printerByGuid);
  const expediterGuids = expediterStations(stations, byGuid);
  const monitoredBy = monitoredByStation(stations, byGuid);
  const rows = stations.map((station) =>
    stationRow(station, byGuid, printerByGuid, {
      monitoredBy: monitoredBy.get(station.guid) ?? [],
      isExpediter: expediterGuids.has(station.guid),
      warningKinds: [...(kindsByStation.get(station.guid) ?? [])],
    }),
  );
  return {
    stations: rows,
    printers: printerRoutings(stations, printers),
    expediter: expediterLanes(stations, expediterGuids),
    warnings,
  };
}

const refOf = (s: PrepStation): RoutingStationRef => ({ guid: s.guid, name: stationName(s) });

/** What is wrong with the stations' routing, in station order, then the connection cycles. */
function routingWarnings(
  stations: readonly PrepStation[],
  byGuid: ReadonlyMap<string, PrepStation>,
  printerByGuid: ReadonlyMap<string, NamedEntity>,
): { warnings: RoutingWarning[]; kindsByStation: Map<string, Set<RoutingWarningKind>> } {
  const warnings: RoutingWarning[] = [];
  const kindsByStation = new Map<string, Set<RoutingWarningKind>>();
  const warn = (kind: RoutingWarningKind, stationGuids: string[], message: string) => {
    warnings.push({ kind, stationGuids, message });
    for (const guid of stationGuids) {
      const kinds = kindsByStation.get(guid) ?? new Set();
      kinds.add(kind);
      kindsByStation.set(guid, kinds);
    }
  };

  for (const station of stations) {
    const name = stationName(station);
    if (expoContradiction(station)) {
      warn(
        "expo-contradiction",
        [station.guid],
        `${name}: expediter routing says “${expoRoutingWords(station.expoRouting).label}” but “include with expediter” is ${station.includeWithExpediter ? "on" : "off"}.`,
      );
    }
    if (station.expoRouting && !isKnownExpoRouting(station.expoRouting)) {
      const lane = effectiveExpoRouting(station);
      const placed = lane
        ? `it is placed as “${EXPO_ROUTING_WORDS[lane].label}” because “include with expediter” is ${station.includeWithExpediter ? "on" : "off"}`
        : "it is listed under “Expediter routing not set” because “include with expediter” is not set either";
      warn(
        "unknown-value",
        [station.guid],
        `${name}: expediter routing “${station.expoRouting}” is not one this app knows; ${placed}.`,
      );
    }
    if (station.printingMode && !isKnownPrintingMode(station.printingMode)) {
      warn(
        "unknown-value",
        [station.guid],
        `${name}: printing mode “${station.printingMode}” is not one this app knows; it is shown as sent.`,
      );
    }
    const printerGuid = station.kitchenPrinter?.guid;
    if (printerGuid && !printerByGuid.has(printerGuid)) {
      warn(
        "missing-printer",
        [station.guid],
        `${name}: its printer (${printerGuid}) is not among the restaurant's printers.`,
      );
    } else if (
      !printerGuid &&
      station.printingMode === "ON" &&
      effectiveExpoRouting(station) !== "EXPO_ONLY"
    ) {
      warn(
        "no-printer",
        [station.guid],
        `${name}: printing is on but no printer is assigned, so its tickets cannot print.`,
      );
    }
    for (const ref of station.connectedPrepStations ?? []) {
      if (ref.guid === station.guid) {
        warn("self-connection", [station.guid], `${name} is connected to itself.`);
      } else if (!byGuid.has(ref.guid)) {
        warn(
          "missing-connected-station",
          [station.guid],
          `${name}: connected station ${ref.guid} does not exist.`,
        );
      }
    }
  }

  const edges = new Map(stations.map((s) => [s.guid, (s.connectedPrepStations ?? []).map((r) => r.guid)]));
  for (const cycle of findConnectionCycles(edges)) {
    const names = cycle.map((guid) => stationName(byGuid.get(guid)!));
    warn(
      "connection-cycle",
      cycle,
      `Stations monitor each other in a cycle: ${[...names, names[0]].join(" → ")}.`,
    );
  }
  return { warnings, kindsByStation };
}

/** Per station, the stations that monitor it (connected to it). */
function monitoredByStation(
  stations: readonly PrepStation[],
  byGuid: ReadonlyMap<string, PrepStation>,
): Map<string, RoutingStationRef[]> {
  const monitoredBy = new Map<string, RoutingStationRef[]>();
  for (const station of stations) {
    for (const target of new Set((station.connectedPrepStations ?? []).map((r) => r.guid))) {
      if (target === station.guid || !byGuid.has(target)) continue;
      const list = monitoredBy.get(target) ?? [];
      list.push(refOf(station));
      monitoredBy.set(target, list);
    }
  }

  return monitoredBy;
}

/** One station's row: its printer, printing mode and expediter lane in words, and its connections. */
function stationRow(
  station: PrepStation,
  byGuid: ReadonlyMap<string, PrepStation>,
  printerByGuid: ReadonlyMap<string, NamedEntity>,
  seen: Pick<StationRouting, "monitoredBy" | "isExpediter" | "warningKinds">,
): StationRouting {
  const printingMode = printingModeWords(station.printingMode);
  const routing = effectiveExpoRouting(station);
  const expo = expoRoutingWords(station.expoRouting ?? routing);
  const expoDescription =
    station.expoRouting && !isKnownExpoRouting(station.expoRouting)
      ? `${expo.description} ${routing ? `Shown as “${EXPO_ROUTING_WORDS[routing].label}”, by “include with expediter”.` : "Include with expediter is not set either."}`
      : expo.description;
  const printerGuid = station.kitchenPrinter?.guid;
  return {
    guid: station.guid,
    name: stationName(station),
    printer: printerGuid
      ? { guid: printerGuid, name: printerByGuid.get(printerGuid)?.name?.trim() || null }
      : null,
    printingMode: station.printingMode ?? null,
    printingModeLabel: printingMode.label,
    printingModeDescription: printingMode.description,
    expoRouting: station.expoRouting ?? null,
    effectiveExpoRouting: routing,
    expoRoutingLabel: expo.label,
    expoRoutingDescription: expoDescription,
    includeWithExpediter: station.includeWithExpediter ?? null,
    connected: (station.connectedPrepStations ?? []).map((ref) => {
      const target = byGuid.get(ref.guid);
      return { guid: ref.guid, name: target ? stationName(target) : null };
    }),
    ...seen,
  };
}

/** Printers in the restaurant's order, then any referenced printer that the list lacks. */
function printerRoutings(
  stations: readonly PrepStation[],
  printers: readonly NamedEntity[],
): PrinterRouting[] {
  const printerRows = new Map<string, PrinterRouting>();
  for (const p of printers)
    printerRows.set(p.guid, {
      guid: p.guid,
      name: p.name?.trim() || null,
      always: [],
      offlineOnly: [],
      otherModes: [],
    });
  for (const station of stations) {
    const guid = station.kitchenPrinter?.guid;
    // An expediter-only station never prints at its own printer.
    if (!guid || effectiveExpoRouting(station) === "EXPO_ONLY") continue;
    const row = printerRows.get(guid) ?? { guid, name: null, always: [], offlineOnly: [], otherModes: [] };
    printerRows.set(guid, row);
    if (station.printingMode === "OFFLINE_ONLY") row.offlineOnly.push(refOf(station));
    else if (station.printingMode === "ON") row.always.push(refOf(station));
    else if (station.printingMode)
      row.otherModes.push({ ...refOf(station), printingMode: station.printingMode });
  }

  return [...printerRows.values()];
}

/** The stations by expediter lane; the expediters themselves apart. */
function expediterLanes(
  stations: readonly PrepStation[],
  expediterGuids: ReadonlySet<string>,
): StationsReport["expediter"] {
  const expediter: StationsReport["expediter"] = {
    expediters: [],
    sendToExpo: [],
    expoOnly: [],
    skipExpo: [],
    unknown: [],
  };
  for (const station of stations) {
    if (expediterGuids.has(station.guid)) {
      expediter.expediters.push(refOf(station));
      continue;
    }
    const lane = effectiveExpoRouting(station);
    const key =
      lane === "SEND_TO_EXPO"
        ? "sendToExpo"
        : lane === "EXPO_ONLY"
          ? "expoOnly"
          : lane === "SKIP_EXPO"
            ? "skipExpo"
            : "unknown";
    expediter[key].push(refOf(station));
  }

  return expediter;
}
