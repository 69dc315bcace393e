import { describe, expect, it } from "vitest";

import type { NamedEntity, PrepStation } from "@/lib/platform/schemas";

import { routingSentence } from "./routing-sentences";
import { buildStationsReport, effectiveExpoRouting, expoContradiction } from "./station-routing";
import { stationsCsv } from "./stations-csv";

const ref = (guid: string) => ({ guid, entityType: "PrepStation" });
const printer = (guid: string, name: string): NamedEntity => ({ guid, entityType: "Printer", name });
const station = (guid: string, name: string, extra: Partial<PrepStation> = {}): PrepStation => ({
  guid,
  entityType: "PrepStation",
  name,
  printingMode: "ON",
  expoRouting: "SEND_TO_EXPO",
  includeWithExpediter: true,
  connectedPrepStations: [],
  kitchenPrinter: { guid: "p1", entityType: "Printer" },
  ...extra,
});

describe("expoContradiction", () => {
  it.each([
    ["SEND_TO_EXPO", true, false],
    ["SEND_TO_EXPO", false, true],
    ["EXPO_ONLY", true, false],
    ["EXPO_ONLY", false, true],
    ["SKIP_EXPO", false, false],
    ["SKIP_EXPO", true, true],
  ] as const)(
    "%s with includeWithExpediter %s contradicts: %s",
    (expoRouting, includeWithExpediter, expected) => {
      expect(expoContradiction({ expoRouting, includeWithExpediter })).toBe(expected);
    },
  );

  it("cannot contradict when either setting is absent", () => {
    expect(expoContradiction({ expoRouting: null, includeWithExpediter: false })).toBe(false);
    expect(expoContradiction({ expoRouting: "SKIP_EXPO", includeWithExpediter: undefined })).toBe(false);
  });

  it("derives the lane from includeWithExpediter when expoRouting is absent", () => {
    expect(effectiveExpoRouting({ includeWithExpediter: true })).toBe("SEND_TO_EXPO");
    expect(effectiveExpoRouting({ includeWithExpediter: false })).toBe("SKIP_EXPO");
    expect(effectiveExpoRouting({ expoRouting: "EXPO_ONLY", includeWithExpediter: false })).toBe("EXPO_ONLY");
    expect(effectiveExpoRouting({})).toBeNull();
  });
});

describe("buildStationsReport", () => {
  const printers = [printer("p1", "Hot line printer"), printer("p2", "Bar printer")];

  it("resolves printers and connected stations to names and explains the enums", () => {
    const report = buildStationsReport(
      [
        station("s1", "Grill", { connectedPrepStations: [ref("s2")] }),
        station("s2", "Expo window", {
          expoRouting: "EXPO_ONLY",
          printingMode: "OFFLINE_ONLY",
          kitchenPrinter: { guid: "p2", entityType: "Printer" },
        }),
      ],
      printers,
    );
    const grill = report.stations.find((s) => s.guid === "s1")!;
    const expo = report.stations.find((s) => s.guid === "s2")!;
    expect(grill.printer).toEqual({ guid: "p1", name: "Hot line printer" });
    expect(grill.connected).toEqual([{ guid: "s2", name: "Expo window" }]);
    expect(expo.monitoredBy).toEqual([{ guid: "s1", name: "Grill" }]);
    expect(expo.printingModeLabel).toBe("Prints only when the display is offline");
    expect(expo.expoRoutingLabel).toBe("Expediter only");
    expect(report.warnings).toEqual([]);
    // Sorted by name.
    expect(report.stations.map((s) => s.name)).toEqual(["Expo window", "Grill"]);
  });

  it("puts stations in printer and expediter lanes by their effective routing", () => {
    const report = buildStationsReport(
      [
        station("a", "Fry"),
        station("b", "Salad", {
          printingMode: "OFFLINE_ONLY",
          expoRouting: "SKIP_EXPO",
          includeWithExpediter: false,
        }),
        station("c", "Pass", { expoRouting: "EXPO_ONLY" }),
        station("d", "Legacy", {
          expoRouting: null,
          includeWithExpediter: false,
          kitchenPrinter: { guid: "p2", entityType: "Printer" },
        }),
      ],
      printers,
    );
    const p1 = report.printers.find((p) => p.guid === "p1")!;
    expect(p1.always.map((s) => s.name)).toEqual(["Fry"]);
    expect(p1.offlineOnly.map((s) => s.name)).toEqual(["Salad"]);
    expect(report.printers.find((p) => p.guid === "p2")!.always.map((s) => s.name)).toEqual(["Legacy"]);
    expect(report.expediter.sendToExpo.map((s) => s.name)).toEqual(["Fry"]);
    expect(report.expediter.expoOnly.map((s) => s.name)).toEqual(["Pass"]);
    expect(report.expediter.skipExpo.map((s) => s.name)).toEqual(["Legacy", "Salad"]);
  });

  it("gives the expediters their own lane: a SKIP_EXPO station watching stations that reach the expediter, and one watching it", () => {
    const report = buildStationsReport(
      [
        station("a", "Grill"),
        station("f", "Fry", { connectedPrepStations: [ref("a")] }),
        station("b", "Bar", {
          expoRouting: "SKIP_EXPO",
          includeWithExpediter: false,
          connectedPrepStations: [ref("ghost")],
        }),
        station("c", "Pastry", { expoRouting: "EXPO_ONLY" }),
        station("x", "Expo", {
          expoRouting: "SKIP_EXPO",
          includeWithExpediter: false,
          connectedPrepStations: [ref("a"), ref("c")],
        }),
        station("y", "Expo 2", {
          expoRouting: "SKIP_EXPO",
          includeWithExpediter: false,
          connectedPrepStations: [ref("x")],
        }),
      ],
      printers,
    );
    expect(report.expediter.expediters.map((s) => s.name)).toEqual(["Expo", "Expo 2"]);
    // Never "station only (skips the expediter)"; the Bar (watching a station that does not exist) still is.
    expect(report.expediter.skipExpo.map((s) => s.name)).toEqual(["Bar"]);
    // A fryer watching the grill sends its own tickets to the expediter: a line station.
    expect(report.expediter.sendToExpo.map((s) => s.name)).toEqual(["Fry", "Grill"]);
    expect(report.stations.filter((s) => s.isExpediter).map((s) => s.name)).toEqual(["Expo", "Expo 2"]);
  });

  it("warns about contradicting expediter settings, missing references, self-connections and cycles", () => {
    const report = buildStationsReport(
      [
        station("a", "Alpha", { expoRouting: "SKIP_EXPO", includeWithExpediter: true }),
        station("b", "Bravo", { connectedPrepStations: [ref("ghost"), ref("b")] }),
        station("c", "Charlie", {
          kitchenPrinter: { guid: "p-missing", entityType: "Printer" },
          connectedPrepStations: [ref("d")],
        }),
        station("d", "Delta", { connectedPrepStations: [ref("e")] }),
        station("e", "Echo", { connectedPrepStations: [ref("c")], kitchenPrinter: null }),
      ],
      printers,
    );
    expect(report.warnings.map((w) => [w.kind, w.stationGuids])).toEqual([
      ["expo-contradiction", ["a"]],
      ["missing-connected-station", ["b"]],
      ["self-connection", ["b"]],
      ["missing-printer", ["c"]],
      ["no-printer", ["e"]],
      ["connection-cycle", ["c", "d", "e"]],
    ]);
    expect(report.warnings.at(-1)!.message).toContain("Charlie → Delta → Echo → Charlie");
    expect(report.stations.find((s) => s.guid === "c")!.printer).toEqual({ guid: "p-missing", name: null });
    expect(report.stations.find((s) => s.guid === "b")!.connected).toEqual([
      { guid: "ghost", name: null },
      { guid: "b", name: "Bravo" },
    ]);
    expect(report.stations.find((s) => s.guid === "d")!.warningKinds).toEqual(["connection-cycle"]);
  });

  it("writes one CSV row per station with names, words and warnings", () => {
    const report = buildStationsReport(
      [
        station("a", "=Alpha", { expoRouting: "SKIP_EXPO", includeWithExpediter: true }),
        station("b", "Bravo"),
      ],
      printers,
    );
    const lines = stationsCsv(report).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^station,station_guid,printer,/);
    expect(lines[1]).toContain("'=Alpha");
    expect(lines[1]).toContain("Station only (skips the expediter)");
    expect(lines[1]).toContain("Expediter settings contradict each other");
  });
});

describe("routingSentence", () => {
  it("describes each lane in words, with monitoring", () => {
    const report = buildStationsReport(
      [
        station("a", "Grill", { connectedPrepStations: [ref("b"), ref("zz")] }),
        station("b", "Salad", {
          printingMode: "OFFLINE_ONLY",
          expoRouting: "SKIP_EXPO",
          includeWithExpediter: false,
        }),
        station("c", "Pass", { expoRouting: "EXPO_ONLY" }),
      ],
      [printer("p1", "Hot line printer")],
    );
    const sentences = Object.fromEntries(report.stations.map((s) => [s.name, routingSentence(s)]));
    expect(sentences.Grill).toBe(
      "Grill prints every ticket at Hot line printer and also sends them to the expediter; it monitors Salad and a station that cannot be found.",
    );
    expect(sentences.Salad).toBe(
      "Salad prints at Hot line printer only when its display is offline and skips the expediter; it is monitored by Grill.",
    );
    expect(sentences.Pass).toBe("Pass sends its tickets only to the expediter.");
  });
});

describe("values the contract does not name", () => {
  const printers = [printer("p1", "Hot line printer")];

  it("keeps an unknown printing mode and expediter routing verbatim, places the lane by includeWithExpediter and warns", () => {
    const report = buildStationsReport(
      [
        station("a", "Wok", {
          printingMode: "KDS_ONLY",
          expoRouting: "EXPO_WHEN_READY",
          includeWithExpediter: true,
        }),
        station("b", "Noodle", { expoRouting: "HOLD_FOR_EXPO", includeWithExpediter: false }),
        station("c", "Dumpling", { expoRouting: "HOLD_FOR_EXPO", includeWithExpediter: null }),
      ],
      printers,
    );
    const byName = Object.fromEntries(report.stations.map((s) => [s.name, s]));
    expect(byName.Wok).toMatchObject({
      printingMode: "KDS_ONLY",
      printingModeLabel: "KDS_ONLY",
      expoRouting: "EXPO_WHEN_READY",
      expoRoutingLabel: "EXPO_WHEN_READY",
      effectiveExpoRouting: "SEND_TO_EXPO",
    });
    expect(byName.Wok!.expoRoutingDescription).toContain("Shown as “Station and expediter”");
    expect(byName.Noodle!.effectiveExpoRouting).toBe("SKIP_EXPO");
    expect(byName.Dumpling!.effectiveExpoRouting).toBeNull();

    expect(report.expediter.sendToExpo.map((s) => s.name)).toEqual(["Wok"]);
    expect(report.expediter.skipExpo.map((s) => s.name)).toEqual(["Noodle"]);
    expect(report.expediter.unknown.map((s) => s.name)).toEqual(["Dumpling"]);
    // An unknown mode is listed at the printer under its own name, never as "always" or "offline".
    const p1 = report.printers.find((p) => p.guid === "p1")!;
    expect(p1.otherModes).toEqual([{ guid: "a", name: "Wok", printingMode: "KDS_ONLY" }]);
    expect(p1.always.map((s) => s.name)).toEqual(["Dumpling", "Noodle"]);

    const unknown = report.warnings.filter((w) => w.kind === "unknown-value");
    expect(unknown.map((w) => w.message)).toEqual([
      "Dumpling: expediter routing “HOLD_FOR_EXPO” is not one this app knows; it is listed under “Expediter routing not set” because “include with expediter” is not set either.",
      "Noodle: expediter routing “HOLD_FOR_EXPO” is not one this app knows; it is placed as “Station only (skips the expediter)” because “include with expediter” is off.",
      "Wok: expediter routing “EXPO_WHEN_READY” is not one this app knows; it is placed as “Station and expediter” because “include with expediter” is on.",
      "Wok: printing mode “KDS_ONLY” is not one this app knows; it is shown as sent.",
    ]);
    // An unknown routing cannot contradict the flag.
    expect(report.warnings.some((w) => w.kind === "expo-contradiction")).toBe(false);
    expect(byName.Wok!.warningKinds).toEqual(["unknown-value"]);
  });

  it("never mistakes a value named like an Object property for a known one", () => {
    const report = buildStationsReport(
      [
        station("a", "Odd", {
          printingMode: "constructor",
          expoRouting: "toString",
          includeWithExpediter: true,
        }),
      ],
      printers,
    );
    expect(report.stations[0]).toMatchObject({
      printingModeLabel: "constructor",
      expoRoutingLabel: "toString",
      effectiveExpoRouting: "SEND_TO_EXPO",
    });
  });

  it("writes unknown values verbatim in the CSV and the sentences", () => {
    const report = buildStationsReport(
      [
        station("a", "Wok", {
          printingMode: "KDS_ONLY",
          expoRouting: "EXPO_WHEN_READY",
          includeWithExpediter: true,
        }),
      ],
      printers,
    );
    const [header, row] = stationsCsv(report).trim().split("\r\n");
    const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, row!.split(",")[i]]));
    expect(cells).toMatchObject({
      printing_mode: "KDS_ONLY",
      printing: "KDS_ONLY",
      expediter_routing: "EXPO_WHEN_READY",
      expediter: "EXPO_WHEN_READY",
      warnings: "Setting this app does not know",
    });
    expect(routingSentence(report.stations[0]!)).toBe(
      "Wok is assigned Hot line printer with printing mode KDS_ONLY and also sends them to the expediter and its expediter routing is EXPO_WHEN_READY.",
    );
  });
});
