import { describe, expect, it } from "vitest";

import type { TargetBook } from "@/lib/kitchen/contract/targets";
import { recentWindow } from "@/lib/kitchen/query/recent-window";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The "Now" window against a separately written oracle: random records around a window (some
 * fulfilled just before, at and after its bounds, some without a station, ticket or timestamp,
 * some with a fulfilment before the fire), a station with its own target and levels with theirs.
 */

const T0 = Date.parse("2026-11-26T18:00:00.000Z");
const FROM = T0 + 30 * 60_000;
const TO = FROM + 30 * 60_000;
const GRILL = "grill-guid";
const FRY = "fry-guid";
const EXPO = "expo-guid";
const BOOK: TargetBook = {
  levels: { 0: 600, 1: 720, 2: 840 },
  stations: [{ stationGuid: GRILL, level: 0, seconds: 420 }],
};

function mulberry(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function records(seed: number, n: number): ItemFulfillment[] {
  const rnd = mulberry(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out: ItemFulfillment[] = [];
  for (let i = 0; i < n; i++) {
    const fulfilled = pick([
      FROM - 1,
      FROM,
      TO - 1,
      TO,
      FROM + Math.floor(rnd() * 1_800_000),
      T0 + Math.floor(rnd() * 5_400_000),
    ]);
    const cook = Math.floor(rnd() * 1_200_000) - (rnd() < 0.05 ? 1_300_000 : 0) + pick([0, 499, 500]);
    const level = pick([0, 0, 0, 1, 2, null] as const);
    const station = level === 0 ? pick([GRILL, FRY, null]) : pick([EXPO, null]);
    out.push({
      ticketGuid: rnd() < 0.05 ? null : `t${Math.floor(rnd() * (n / 3))}`,
      ticketFiredAt: rnd() < 0.03 ? null : new Date(fulfilled - cook).toISOString(),
      itemFulfilledAt: new Date(fulfilled).toISOString(),
      itemFulfillmentLevel: level,
      prepStationGuid: station,
      prepStationName: station === null ? null : station.replace("-guid", ""),
    });
  }
  return out;
}

interface OracleCell {
  values: number[];
  late: number;
  excluded: number;
  tickets: Map<string, boolean>;
}

function oracle(rs: readonly ItemFulfillment[]) {
  const cells = new Map<string, OracleCell>();
  const cell = (key: string) => {
    if (!cells.has(key)) cells.set(key, { values: [], late: 0, excluded: 0, tickets: new Map() });
    return cells.get(key)!;
  };
  for (const r of rs) {
    if (r.itemFulfillmentLevel !== 0 && r.itemFulfillmentLevel !== 1 && r.itemFulfillmentLevel !== 2)
      continue;
    const end = new Date(r.itemFulfilledAt!).getTime();
    if (end < FROM || end >= TO) continue;
    const level = r.itemFulfillmentLevel;
    const target = r.prepStationGuid === GRILL && level === 0 ? 420 : { 0: 600, 1: 720, 2: 840 }[level];
    const start = r.ticketFiredAt ? new Date(r.ticketFiredAt).getTime() : null;
    const seconds = start === null || end < start ? null : Math.round((end - start) / 1000);
    for (const key of [`L${level}`, `S${level}|${r.prepStationGuid ?? "-"}`]) {
      const c = cell(key);
      if (seconds === null) {
        c.excluded++;
        continue;
      }
      c.values.push(seconds);
      if (seconds > target) c.late++;
      if (r.ticketGuid)
        c.tickets.set(r.ticketGuid, (c.tickets.get(r.ticketGuid) ?? false) || seconds > target);
    }
  }
  const figures = (c: OracleCell) => {
    const sorted = [...c.values].sort((a, b) => a - b);
    return {
      items: sorted.length,
      lateItems: c.late,
      p90Seconds: sorted.length === 0 ? null : sorted[Math.ceil(sorted.length * 0.9) - 1],
      tickets: c.tickets.size,
      lateTickets: [...c.tickets.values()].filter(Boolean).length,
      excluded: c.excluded,
    };
  };
  return new Map([...cells].map(([k, c]) => [k, figures(c)]));
}

describe("recentWindow", () => {
  for (const seed of [1, 2, 3, 42]) {
    it(`equals the oracle per level and per station (seed ${seed})`, () => {
      const rs = records(seed, 600);
      const want = oracle(rs);
      const got = recentWindow(rs, BOOK, { from: FROM, to: TO });
      const strip = <T extends object>(x: T) => {
        const {
          level: _l,
          stationGuid: _g,
          stationName: _n,
          targetSeconds: _t,
          ...figures
        } = x as T & {
          level?: unknown;
          stationGuid?: unknown;
          stationName?: unknown;
          targetSeconds?: unknown;
        };
        return figures;
      };
      const gotMap = new Map([
        ...got.levels.map((l) => [`L${l.level}`, strip(l)] as const),
        ...got.stations.map((s) => [`S${s.level}|${s.stationGuid ?? "-"}`, strip(s)] as const),
      ]);
      expect(gotMap).toEqual(want);
      expect(got.stations.find((s) => s.stationGuid === GRILL)?.targetSeconds).toBe(420);
      expect(got.stations.find((s) => s.stationGuid === FRY)?.targetSeconds).toBe(600);
      // Most late items first within a level.
      const zero = got.stations.filter((s) => s.level === 0).map((s) => s.lateItems);
      expect(zero).toEqual([...zero].sort((a, b) => b - a));
    });
  }

  it("answers nothing for an empty window and refuses a window that ends before it starts", () => {
    expect(recentWindow(records(5, 50), BOOK, { from: TO + 3_600_000, to: TO + 3_600_000 })).toEqual({
      from: TO + 3_600_000,
      to: TO + 3_600_000,
      levels: [],
      stations: [],
    });
    expect(() => recentWindow([], BOOK, { from: TO, to: FROM })).toThrow(RangeError);
  });
});
