import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { KITCHEN_LEVELS, RECORD_METRICS } from "@/lib/kitchen/contract/vocabulary";
import { createPlatformClient } from "@/lib/platform";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { accessToken } from "../support/sandbox-login";
import { fixtureKitchenService } from "./fixture-service-harness";
import {
  byLevelAndStation,
  dropByteDuplicates,
  levelOf,
  statsOf,
  withoutLeftOnScreen,
  type RawRecord,
} from "./independent-stats";
import { openTestDatabase, ready, worldRestaurant, type TestDatabase } from "./kitchen-harness";

/**
 * The sandbox with its real-service defaults on (rate limits, an export that waits seconds
 * before its first byte, byte-identical duplicate rows, expediter rows without a prep station),
 * the real client with its default timeouts, and the kitchen pipeline: the range's summary must
 * equal a computation from the raw export fetched here over plain HTTP, duplicates dropped.
 */

const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const harbor = worldRestaurant("Harbor Street Kitchen");
// A Friday and a Saturday: the busiest days, so the export waits longest before its first byte.
const DATES = ["20250307", "20250308"];
const NOW = Date.parse("2025-03-20T16:00:00Z");

describe("the kitchen pipeline against the sandbox's realistic defaults", () => {
  let sandbox: SandboxServer;
  let t: TestDatabase;
  const raw = new Map<string, RawRecord[]>();

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: () => NOW });
    t = await openTestDatabase("pglite");
    // The raw exports, read the plain way: one login, one GET per date.
    const token = await accessToken(sandbox.url, partner);
    // Both at once: each export waits seconds before its first byte, as the real one does.
    await Promise.all(
      DATES.map(async (date) => {
        const res = await fetch(`${sandbox.url}/kitchen/v1/export/itemFulfillments?businessDate=${date}`, {
          headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": harbor.guid },
        });
        expect(res.status).toBe(200);
        raw.set(date, (await res.json()) as RawRecord[]);
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await t?.drop();
    await sandbox?.close();
  });

  it("stores the busy days once each and every figure equals the computation from the raw export", async () => {
    const client = createPlatformClient({
      baseUrl: sandbox.url,
      clientId: partner.clientId,
      clientSecret: partner.clientSecret,
    });
    const service = fixtureKitchenService(t.db, client, NOW);
    const entries = DATES.flatMap((d) => raw.get(d)!);
    const { unique, duplicates } = dropByteDuplicates(entries);
    const measurable = unique.filter((r) => levelOf(r) !== null);
    // The realistic defaults are on: there is something to drop and station-less expediter rows.
    expect(duplicates).toBeGreaterThan(0);
    expect(measurable.some((r) => levelOf(r)! > 0 && typeof r.prepStationGuid !== "string")).toBe(true);

    // Items left on screen: left out by default, counted with stuck=include; the sandbox has some here.
    const stuck = measurable.length - withoutLeftOnScreen(measurable).length;
    expect(stuck).toBeGreaterThan(0);
    for (const [metric, choice] of [
      ...RECORD_METRICS.map((m) => [m, "exclude"] as const),
      ["start_to_fulfill", "include"] as const,
    ]) {
      const counted = choice === "include" ? measurable : withoutLeftOnScreen(measurable);
      const summary = await ready(
        service.summary(harbor, { from: DATES[0]!, to: DATES[1]!, metric, stuck: choice }),
      );
      expect(summary.coverage.complete).toEqual(DATES);
      expect(summary.ingest?.duplicates).toBe(duplicates);
      expect(summary.ingest?.received).toBe(entries.length);
      expect(summary.stuck).toEqual({ maxMinutes: 240, records: stuck, included: choice === "include" });
      for (const level of KITCHEN_LEVELS) {
        expect(
          summary.levels.find((l) => l.level === level)?.stats,
          `${metric} level ${level}`,
        ).toMatchObject(
          statsOf(
            counted.filter((r) => levelOf(r) === level),
            metric,
          ),
        );
      }
      const groups = byLevelAndStation(counted);
      expect(summary.stations).toHaveLength(groups.size);
      for (const row of summary.stations) {
        expect(row.stats, `${metric} ${row.stationName} L${row.level}`).toMatchObject(
          statsOf(groups.get(`${row.level}|${row.stationGuid ?? ""}`)!, metric),
        );
      }
    }
  }, 180_000);
});
