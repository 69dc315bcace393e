import { describe, expect, it } from "vitest";

import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";
import { decodeItemStations, type KitchenItemStationsWire } from "@/lib/kitchen/contract/item-columns";
import type { KitchenSummaryQuery } from "@/lib/kitchen/contract/params";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { sectionOf, SUMMARY_SECTIONS } from "@/lib/kitchen/contract/sections";
import {
  KITCHEN_LEVELS,
  KITCHEN_METRICS,
  NONE_FILTER,
  type KitchenLevel,
} from "@/lib/kitchen/contract/vocabulary";
import { readyValue } from "@/lib/kitchen/present/range-progress";
import { decodeSection } from "@/lib/queries/kitchen";
import { seededRandom } from "@/lib/sandbox/options";

import {
  databasePerTest,
  kitchenService,
  newLog,
  ready,
  sandboxForSuite,
  STORE_KINDS,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * The summary's sections (lib/kitchen/contract/sections.ts), each computed alone
 * (service/summary-sections.ts), against the whole summary of the same query, on both stores: for
 * random ranges and filters, from days and then from stored rollups, every section's JSON is byte
 * for byte the whole's fields it names, and the sections together hold every field of the whole.
 */

const grill = worldRestaurant("Old Town Grill");
const harbor = worldRestaurant("Harbor Street Kitchen");
const WINDOW = { from: "20250120", to: "20250302" };
const clock = { now: 0 };
const sandbox = sandboxForSuite(clock);

const keysOf = (o: object): string[] => Object.keys(o);

describe.each(STORE_KINDS)("kitchen summary sections on %s", (kind) => {
  const t = databasePerTest(kind, clock);

  it("answer random ranges and filters byte for byte as the whole summary's fields, from days and from rollups", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const all = await ready(service.summary(grill, { ...WINDOW, metric: "fire_to_fulfill" }));
    expect(all.coverage.complete).toHaveLength(enumerateBusinessDates(WINDOW.from, WINDOW.to).length);

    const random = seededRandom("sections");
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const stations = all.options.stations.map((s) => s.stationGuid ?? NONE_FILTER);
    const days = enumerateBusinessDates(WINDOW.from, WINDOW.to).length;
    const queries: KitchenSummaryQuery[] = Array.from({ length: 10 }, (_, i) => {
      const from = addBusinessDays(WINDOW.from, Math.floor(random() * 10));
      const to = addBusinessDays(from, Math.floor(random() * (days - 11)));
      const q: KitchenSummaryQuery = { from, to, metric: pick(KITCHEN_METRICS) };
      if (random() < 0.3) q.level = pick([0, 1, 2] as KitchenLevel[]);
      if (random() < 0.3) q.station = pick(stations);
      if (random() < 0.3) q.behavior = pick(all.options.behaviors.map((b) => b ?? NONE_FILTER));
      if (random() < 0.3) q.maxMinutes = pick([5, 12, 30]);
      if (random() < 0.2) q.stuck = "include";
      // The record filters (summarised again from raw records): one query of each.
      if (i === 0) q.service = "(none)";
      if (i === 1) q.until = "1400";
      return q;
    });

    const compare = async (label: string) => {
      for (const q of queries) {
        const whole = await ready(service.summary(grill, q));
        const wire = JSON.parse(JSON.stringify(whole)) as KitchenSummary;
        const covered = new Set<string>();
        for (const section of SUMMARY_SECTIONS) {
          const sent = await service.section(grill, q, section);
          // No field the wire would drop: the server's prefetch hydrates the value as computed.
          expect(JSON.parse(JSON.stringify(sent))).toStrictEqual(sent);
          // As the browser reads it: the items decoded from their columns (contract/item-columns.ts).
          const answer = readyValue(decodeSection(section, JSON.parse(JSON.stringify(sent)) as typeof sent))!;
          // Compared as booleans: a difference would print two large answers.
          const same = JSON.stringify(answer) === JSON.stringify(sectionOf(wire, section));
          expect(same, `${label}: section ${section} differs for ${JSON.stringify(q)}`).toBe(true);
          keysOf(answer).forEach((k) => covered.add(k));
        }
        // The item × station rows, a level at a time, together the whole's (grouped by level).
        const rows: unknown[] = [];
        for (const level of KITCHEN_LEVELS) {
          const sent = JSON.parse(JSON.stringify(await ready(service.itemStations(grill, q, level))));
          const answer = decodeItemStations(sent as KitchenItemStationsWire);
          expect(answer.itemLevel).toBe(level);
          rows.push(...answer.itemStations);
        }
        const same = JSON.stringify(rows) === JSON.stringify(wire.itemStations);
        expect(same, `${label}: itemStations differ for ${JSON.stringify(q)}`).toBe(true);
        covered.add("itemStations");
        expect([...covered].sort()).toEqual(keysOf(wire).sort());
      }
    };
    await compare("from days");
    // The first askings queued the rollups' builds; once stored, the sections read them too.
    await service.rollupsSettled();
    const stored = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM kitchen_rollups");
    expect(stored[0]!.n).toBeGreaterThan(0);
    await compare("from rollups");
  });
});

// The answers are byte-identical on both stores (above), so their sizes are measured on one.
describe("kitchen summary sections' sizes", () => {
  const t = databasePerTest("pglite", clock);

  // Issue 31's bound: every answer the Kitchen page asks for the busiest sandbox restaurant's last
  // whole week is within 60 KB uncompressed, as sent (the items as columns, their item × station
  // rows a level at a time). As rows, the items section was 453 KB.
  it("keep every section of the busiest restaurant's week within 60 KB", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    const week = { from: "20250310", to: "20250316", metric: "fire_to_fulfill" as const };
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const whole = await ready(service.summary(harbor, week));
    // The whole is far over: the reason for the sections.
    expect(bytes(whole)).toBeGreaterThan(400_000);
    const sizes: Record<string, number> = {};
    for (const section of SUMMARY_SECTIONS)
      sizes[section] = bytes(await ready(service.section(harbor, week, section)));
    for (const level of KITCHEN_LEVELS)
      sizes[`itemStations ${level}`] = bytes(await ready(service.itemStations(harbor, week, level)));
    expect(Math.max(...Object.values(sizes)), JSON.stringify(sizes)).toBeLessThanOrEqual(60 * 1024);
    // The week is a full one: 200 items (the breakdown's limit) at each level, at two stations a level above 0.
    expect(whole.items.length).toBeGreaterThan(550);
    expect(whole.itemStations.length).toBeGreaterThan(1_000);
  });
});
