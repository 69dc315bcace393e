import { describe, expect, it } from "vitest";

import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { emptyIngestCounts } from "@/lib/kitchen/ingest/ingest";

import { ingestNotes } from "./ingest-notes";
import { stationKey, stationLabel, stationRows } from "./summary-shapes";

const zero = { ...emptyIngestCounts(), received: 100 };

describe("ingestNotes", () => {
  it("says nothing when nothing was left out", () => {
    expect(ingestNotes(zero)).toEqual([]);
    expect(ingestNotes(undefined)).toEqual([]);
  });

  it("names each reason in words, singular and plural", () => {
    expect(
      ingestNotes({
        ...zero,
        duplicates: 12,
        noLevel: 2,
        otherRestaurant: 1,
        unknownLevel: 1,
        notRecords: 2,
        malformed: 1,
      }),
    ).toEqual([
      "12 duplicate records ignored",
      "2 records without a level",
      "1 record with a level other than 0, 1 or 2",
      "1 record of another restaurant refused",
      "2 entries that were not a record",
      "1 record with unreadable fields (read as missing)",
    ]);
    expect(ingestNotes({ ...zero, duplicates: 1 })).toEqual(["1 duplicate record ignored"]);
  });
});

describe("station rows of expediter records without a prep station", () => {
  const stats = (count: number, p90: number) => ({
    count,
    excluded: 0,
    mean: p90,
    p50: p90,
    p75: p90,
    p90,
    p95: p90,
    max: p90,
  });

  it("are named for their level, and level-0 records without a station keep a No station row", () => {
    expect(stationLabel({ stationGuid: null, stationName: null, level: 1 })).toBe("Expediter");
    expect(stationLabel({ stationGuid: null, stationName: null, level: 2 })).toBe("Second expediter");
    expect(stationLabel({ stationGuid: null, stationName: null, level: 0 })).toBe("No station");
    expect(stationKey({ stationGuid: null, stationName: null, level: 1 })).not.toBe(
      stationKey({ stationGuid: null, stationName: null, level: 0 }),
    );
  });

  it("never join a No station row among the prep stations", () => {
    const summary = {
      filters: { level: null, station: null, behavior: null, source: null, item: null, until: null },
      itemName: null,
      outliers: null,
      levels: [0, 1, 2].map((level) => ({ level, stats: stats(5, 100) })),
      stations: [
        { stationGuid: "g", stationName: "Grill", level: 0, stats: stats(5, 300) },
        { stationGuid: null, stationName: null, level: 0, stats: stats(2, 200) },
        { stationGuid: null, stationName: null, level: 1, stats: stats(5, 400) },
        { stationGuid: null, stationName: null, level: 2, stats: stats(5, 500) },
      ],
    } as unknown as KitchenSummary;
    const rows = stationRows(summary);
    expect(rows.map((r) => r.label).sort()).toEqual(["Expediter", "Grill", "No station", "Second expediter"]);
    expect(rows.find((r) => r.label === "No station")!.byLevel).toEqual({ 0: stats(2, 200) });
    expect(rows.find((r) => r.label === "Expediter")!.byLevel).toEqual({ 1: stats(5, 400) });
  });
});
