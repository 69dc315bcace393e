import { describe, expect, it } from "vitest";

import type { KitchenSummary, Stats } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { busiestHour, heatData } from "@/lib/kitchen/present/summary-shapes";

/**
 * The heatmap opens on a phone at its busiest hour: checked against an oracle that adds the raw
 * hour × station counts itself (no HeatData), over generated grids with ties and empty levels.
 */
const stats = (count: number): Stats => ({
  count,
  excluded: 0,
  mean: 60,
  p50: 60,
  p75: 70,
  p90: 80,
  p95: 90,
  max: 100,
});

type Cell = { hour: number; station: string; level: KitchenLevel; count: number };

function summaryOf(cells: Cell[]): KitchenSummary {
  return {
    filters: { level: null, station: null, behavior: null, source: null, item: null },
    levels: [0, 1].map((level) => ({ level, items: 1, stats: stats(1) })),
    stations: [...new Set(cells.map((c) => `${c.station}|${c.level}`))].map((k) => {
      const [station, level] = k.split("|");
      return {
        stationGuid: station!,
        stationName: station!,
        level: Number(level) as KitchenLevel,
        stats: stats(1),
      };
    }),
    hourStations: cells.map((c) => ({
      hour: c.hour,
      stationGuid: c.station,
      stationName: c.station,
      level: c.level,
      stats: stats(c.count),
    })),
  } as unknown as KitchenSummary;
}

/** The oracle: per hour of the business day (from the closeout hour), the level's counts added. */
function oracle(cells: Cell[], level: KitchenLevel, closeoutHour: number): number | null {
  const totals = new Map<number, number>();
  for (const c of cells)
    if (c.level === level && c.count > 0) totals.set(c.hour, (totals.get(c.hour) ?? 0) + c.count);
  let best: number | null = null;
  for (let i = 0; i < 24; i++) {
    const hour = (closeoutHour + i) % 24;
    const total = totals.get(hour) ?? 0;
    if (total > 0 && (best === null || total > totals.get(best)!)) best = hour;
  }
  return best;
}

function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe("busiest hour", () => {
  it("is the hour with the most station fulfillments, the first of the business day on a tie", () => {
    const cells: Cell[] = [
      { hour: 18, station: "grill", level: 0, count: 30 },
      { hour: 18, station: "fry", level: 0, count: 10 },
      { hour: 12, station: "grill", level: 0, count: 25 },
      { hour: 2, station: "fry", level: 0, count: 40 },
      { hour: 19, station: "grill", level: 1, count: 99 },
    ];
    // 18 and 2 both hold 40: 18 comes first in a day that closes out at 4.
    expect(busiestHour(heatData(summaryOf(cells), 0, 4))).toBe(18);
    expect(busiestHour(heatData(summaryOf(cells), 1, 4))).toBe(19);
    expect(busiestHour(heatData(summaryOf(cells), 2, 4))).toBeNull();
  });

  it("agrees with the oracle on generated grids", () => {
    const next = random(16);
    for (let run = 0; run < 200; run++) {
      const cells: Cell[] = [];
      const n = Math.floor(next() * 40);
      for (let i = 0; i < n; i++) {
        cells.push({
          hour: Math.floor(next() * 24),
          station: `s${Math.floor(next() * 5)}`,
          level: Math.floor(next() * 2) as KitchenLevel,
          count: Math.floor(next() * 4) * 5,
        });
      }
      // One row per hour × station × level, as the API sends.
      const unique = [...new Map(cells.map((c) => [`${c.hour}|${c.station}|${c.level}`, c])).values()];
      const closeout = Math.floor(next() * 12);
      for (const level of [0, 1] as KitchenLevel[]) {
        expect(busiestHour(heatData(summaryOf(unique), level, closeout)), `run ${run} level ${level}`).toBe(
          oracle(unique, level, closeout),
        );
      }
    }
  });
});
