import { describe, expect, it } from "vitest";

import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";
import type { KitchenSummaryQuery } from "@/lib/kitchen/contract/params";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { sectionOf, SUMMARY_SECTIONS, type SummarySection } from "@/lib/kitchen/contract/sections";
import { KITCHEN_METRICS, NONE_FILTER, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
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
          const answer = await ready(service.section(grill, q, section));
          // Compared as booleans: a difference would print two large answers.
          const same = JSON.stringify(answer) === JSON.stringify(sectionOf(wire, section));
          expect(same, `${label}: section ${section} differs for ${JSON.stringify(q)}`).toBe(true);
          // No field the wire would drop: the server's prefetch hydrates the value as computed.
          expect(JSON.parse(JSON.stringify(answer))).toStrictEqual(answer);
          keysOf(answer).forEach((k) => covered.add(k));
        }
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

  // The busiest sandbox restaurant's last whole week (the bench's and issue 31's bound: 60 KB uncompressed).
});

// The answers are byte-identical on both stores (above), so their sizes are measured on one.
describe("kitchen summary sections' sizes", () => {
  const t = databasePerTest("pglite", clock);

  const harborWeek = { from: "20250310", to: "20250316", metric: "fire_to_fulfill" as const };
  const sectionBytes = async (section: SummarySection) => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    return Buffer.byteLength(JSON.stringify(await ready(service.section(harbor, harborWeek, section))));
  };

  it("keep each section but items of the busiest restaurant's week within 60 KB", async () => {
    const service = kitchenService(t.db, sandbox.url, newLog(), clock);
    // The whole is far over: the reason for the sections.
    expect(
      Buffer.byteLength(JSON.stringify(await ready(service.summary(harbor, harborWeek)))),
    ).toBeGreaterThan(400_000);
    const sizes: Record<string, number> = {};
    for (const section of SUMMARY_SECTIONS.filter((s) => s !== "items"))
      sizes[section] = await sectionBytes(section);
    expect(Math.max(...Object.values(sizes)), JSON.stringify(sizes)).toBeLessThanOrEqual(60 * 1024);
  });

  // Not met yet, marked so it fails once it is: the items section holds the 200 busiest items per
  // level (584 rows, 117 KB) and their item × station rows (1,017 rows, 333 KB) for this week, which
  // only a compact encoding (dictionaries of the GUIDs and names, columns of numbers) or fewer rows
  // bring within 60 KB.
  it.fails("keep the items section of the busiest restaurant's week within 60 KB", async () => {
    expect(await sectionBytes("items")).toBeLessThanOrEqual(60 * 1024);
  });
});
