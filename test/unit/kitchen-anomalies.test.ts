import { describe, expect, it } from "vitest";

import { addBusinessDays } from "@/lib/business-date/business-date";
import { summariseDay } from "@/lib/kitchen/ingest/day-summary";
import {
  bandOf,
  dayP90s,
  findAnomalies,
  medianOf,
  outsideBand,
  type DayP90s,
} from "@/lib/kitchen/query/anomalies";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The unusual-day rule (issue 35): the band of the previous 8 same weekdays' p90 (median ± 3 ×
 * 1.4826 × MAD, at least 60 s each side, only with ≥ 6 of the 8 days), and the per-day exact p90
 * per level × station × service read from a day's service cube.
 */

describe("the band", () => {
  it("is the median ± 3 × 1.4826 × MAD", () => {
    // Median 600; deviations 0, 20, 20, 60, 80, 100, 120 (sorted) -> MAD 60 -> half-width 266.868.
    const band = bandOf([600, 620, 580, 660, 520, 700, 480, null])!;
    expect(band.median).toBe(600);
    expect(band.low).toBeCloseTo(600 - 3 * 1.4826 * 60, 9);
    expect(band.high).toBeCloseTo(600 + 3 * 1.4826 * 60, 9);
  });

  it("takes the mean of the two middle values for an even count", () => {
    expect(medianOf([1, 4, 2, 3])).toBe(2.5);
    expect(medianOf([5])).toBe(5);
    expect(() => medianOf([])).toThrow();
    // 8 days: median (600 + 610) / 2; deviations 5,5,15,15,25,25,35,35 -> MAD 20 -> 88.956 s.
    const band = bandOf([570, 580, 590, 600, 610, 620, 630, 640])!;
    expect(band.median).toBe(605);
    expect(band.high - band.median).toBeCloseTo(3 * 1.4826 * 20, 9);
  });

  it("is at least 60 s on each side", () => {
    // A steady kitchen: MAD 0, so without the floor any change of a second would be flagged.
    const band = bandOf([600, 600, 600, 600, 600, 600, 601, 599])!;
    expect(band).toEqual({ median: 600, low: 540, high: 660 });
    expect(outsideBand(660, band)).toBe(false);
    expect(outsideBand(661, band)).toBe(true);
    expect(outsideBand(539, band)).toBe(true);
    expect(outsideBand(540, band)).toBe(false);
  });

  it("needs at least 6 of the 8 days with figures", () => {
    expect(bandOf([600, 600, 600, 600, 600, null, null, null])).toBeNull();
    expect(bandOf([600, 600, 600, 600, 600, 600, null, null])).not.toBeNull();
    expect(bandOf([])).toBeNull();
  });
});

describe("findAnomalies", () => {
  const key = "0|g:grill|s:Dinner";
  const slice = (p90: number) => ({
    level: 0 as const,
    station: { stationGuid: "grill", stationName: "Grill" },
    service: "Dinner",
    p90,
  });
  const table = (p90: number): DayP90s => new Map([[key, slice(p90)]]);

  it("flags a day outside the band of its previous 8 same weekdays, and only such a day", () => {
    const friday = "20250314";
    const days = new Map<string, DayP90s>();
    [600, 610, 590, 620, 580, 600, 605, 595].forEach((p, i) =>
      days.set(addBusinessDays(friday, -7 * (i + 1)), table(p)),
    );
    // Other weekdays with wild values: never part of a Friday's band.
    for (let i = 1; i < 7; i++) days.set(addBusinessDays(friday, -i), table(5000));
    days.set(friday, table(900));
    const found = findAnomalies([friday], (d) => days.get(d) ?? null);
    expect(found).toEqual([
      {
        date: friday,
        level: 0,
        station: { stationGuid: "grill", stationName: "Grill" },
        service: "Dinner",
        p90: 900,
        median: 600,
        low: 540,
        high: 660,
      },
    ]);
    days.set(friday, table(650));
    expect(findAnomalies([friday], (d) => days.get(d) ?? null)).toEqual([]);
  });

  it("does not flag where fewer than 6 of the 8 days are stored or have the slice", () => {
    const friday = "20250314";
    const days = new Map<string, DayP90s>();
    // 5 days with the slice, one stored without it (no record there), two not stored.
    [600, 600, 600, 600, 600].forEach((p, i) => days.set(addBusinessDays(friday, -7 * (i + 1)), table(p)));
    days.set(addBusinessDays(friday, -42), new Map());
    days.set(friday, table(2000));
    expect(findAnomalies([friday], (d) => days.get(d) ?? null)).toEqual([]);
    days.set(addBusinessDays(friday, -49), table(600));
    expect(findAnomalies([friday], (d) => days.get(d) ?? null)).toHaveLength(1);
  });
});

describe("dayP90s", () => {
  const TZ = "America/Chicago";
  // 20250314 is a Friday, Chicago on daylight time (UTC-5): local hour h is h + 5 UTC.
  const date = "20250314";
  const parts = {
    closeoutHour: 4,
    services: [
      { name: "Lunch", startMinutes: 11 * 60, endMinutes: 15 * 60, overnight: false },
      { name: "Dinner", startMinutes: 17 * 60, endMinutes: 22 * 60, overnight: false },
    ],
  };
  const record = (
    i: number,
    firedLocalHour: number,
    station: string | null,
    level: 0 | 1,
    seconds: number,
  ) => {
    const fired = Date.parse(`2025-03-14T${String(firedLocalHour + 5).padStart(2, "0")}:00:00Z`) + i * 1000;
    return {
      restaurantGuid: "r",
      orderGuid: `o${i}`,
      selectionGuid: `s${i}`,
      ticketGuid: `t${i}`,
      ticketFiredAt: new Date(fired).toISOString(),
      itemStartedAt: new Date(fired).toISOString(),
      itemFulfilledAt: new Date(fired + seconds * 1000).toISOString(),
      itemFulfillmentLevel: level,
      prepStationGuid: station,
      prepStationName: station === null ? null : station.toUpperCase(),
    } as ItemFulfillment;
  };

  it("gives the nearest-rank p90 per level × station × service, every station together at level 0", () => {
    const records: ItemFulfillment[] = [];
    // Grill at dinner: 1..10 minutes -> p90 = 540 s (rank 9 of 10).
    for (let i = 1; i <= 10; i++) records.push(record(i, 18, "grill", 0, i * 60));
    // Fry at dinner: 20 records of 100 s and one of 3000 s -> p90 rank 19 of 21 -> 100 s.
    for (let i = 0; i < 20; i++) records.push(record(100 + i, 19, "fry", 0, 100));
    records.push(record(200, 19, "fry", 0, 3000));
    // Grill at lunch: one record.
    records.push(record(300, 12, "grill", 0, 420));
    // The expediter, no station, at dinner.
    for (let i = 0; i < 4; i++) records.push(record(400 + i, 18, null, 1, 200 + i));
    const day = summariseDay(records, date, TZ, parts);
    const t = dayP90s(day);
    const p90 = (key: string) => t.get(key)?.p90;
    expect(p90("0|g:grill|s:Dinner")).toBe(540);
    expect(p90("0|g:fry|s:Dinner")).toBe(100);
    expect(p90("0|g:grill|s:Lunch")).toBe(420);
    // Every station at dinner: 31 values, rank 28: 20 × 100, then 60..540 (10 values) -> the 8th of those = 480.
    expect(p90("0|*|s:Dinner")).toBe(480);
    expect(p90("1|-|s:Dinner")).toBe(203);
    // No every-station slice at the expediter levels: the level is its expediter.
    expect(t.has("1|*|s:Dinner")).toBe(false);
    expect(t.get("0|*|s:Dinner")!.station).toBeNull();
    // Items left on screen past the cut leave the slice's values: fry's 3000 s goes, rank 18 of 20.
    expect(dayP90s(day, 1800).get("0|g:fry|s:Dinner")!.p90).toBe(100);
    expect(dayP90s(day, 400).get("0|g:grill|s:Dinner")!.p90).toBe(360);
    expect(dayP90s(day, 400).has("0|g:grill|s:Lunch")).toBe(false);
  });
});
