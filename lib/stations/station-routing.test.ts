import { describe, expect, it } from "vitest";
import type { NamedEntity, PrepStation } from "@/lib/platform/schemas";
import { buildStationsReport, effectiveExpoRouting, expoContradiction } from "./station-routing";
import { routingSentence } from "./routing-sentences";
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
  ] as const)("%s with includeWithExpediter %s contradicts: %s", (expoRouting, includeWithExpediter, expected) => {
    expect(expoContradiction({ expoRouting, includeWithExpediter })).toBe(expected);
  });

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
        station("s2", "Expo window", { expoRouting: "EXPO_ONLY", printingMode: "OFFLINE_ONLY", kitchenPrinter: { guid: "p2", entityType: "Printer" } }),
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
        station("b", "Salad", { printingMode: "OFFLINE_ONLY", expoRouting: "SKIP_EXPO", includeWithExpediter: false }),
        station("c", "Pass", { expoRouting: "EXPO_ONLY" }),
        station("d", "Legacy", { expoRouting: null, includeWithExpediter: false, kitchenPrinter: { guid: "p2", entityType: "Printer" } }),
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

  it("warns about contradicting expediter settings, missing references, self-connections and cycles", () => {
    const report = buildStationsReport(
      [
        station("a", "Alpha", { expoRouting: "SKIP_EXPO", includeWithExpediter: true }),
        station("b", "Bravo", { connectedPrepStations: [ref("ghost"), ref("b")] }),
        station("c", "Charlie", { kitchenPrinter: { guid: "p-missing", entityType: "Printer" }, connectedPrepStations: [ref("d")] }),
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
      [station("a", "=Alpha", { expoRouting: "SKIP_EXPO", includeWithExpediter: true }), station("b", "Bravo")],
      printers,
    );
    const lines = stationsCsv(report).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Station,Station GUID,Printer,/);
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
        station("b", "Salad", { printingMode: "OFFLINE_ONLY", expoRouting: "SKIP_EXPO", includeWithExpediter: false }),
        station("c", "Pass", { expoRouting: "EXPO_ONLY" }),
      ],
      [printer("p1", "Hot line printer")],
    );
    const sentences = Object.fromEntries(report.stations.map((s) => [s.name, routingSentence(s)]));
    expect(sentences.Grill).toBe(
      "Grill prints every ticket at Hot line printer and also sends them to the expediter; it monitors Salad and a station that cannot be found.",
    );
    expect(sentences.Salad).toBe("Salad prints at Hot line printer only when its display is offline and skips the expediter; it is monitored by Grill.");
    expect(sentences.Pass).toBe("Pass sends its tickets only to the expediter.");
  });
});
