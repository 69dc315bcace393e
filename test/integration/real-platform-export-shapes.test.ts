import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "@/lib/db/database";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";
import { createPlatformClient, PlatformContractError, PlatformUpstreamError } from "@/lib/platform";

import {
  startFixtureServer,
  type FixtureReply,
  type FixtureServer,
} from "../contract-fixtures/fixture-server";
import { contractLoginBody } from "../support/login-body";
import { fixtureKitchenService } from "./fixture-service-harness";
import { openTestDatabase, ready } from "./kitchen-harness";

/**
 * The export read as a stream, over real HTTP, by the real client and the real ingest: the bare
 * array of the published definition, the wrappers {"data": [...]} and {"results": [...]}, an empty
 * 200 (read as no records after one retry), a body sent in small pieces that split strings and
 * escapes, and a body cut in transit after some records had been read (retried whole, nothing of
 * the cut attempt kept). Each shape is counted in the day's ingest counts.
 */

const sparseDay = readFileSync(path.join(__dirname, "../contract-fixtures/kitchen/sparse-day.json"), "utf8");
const RECORDS = JSON.parse(sparseDay) as Record<string, unknown>[];
const RESTAURANT: KitchenRestaurant = {
  guid: "6a1f2c3d-4b5e-4f60-8a7b-9c0d1e2f3a4b",
  name: "Fixture Bistro",
  timeZone: "America/New_York",
  closeoutHour: 4,
};
const NOW = Date.parse("2025-03-20T16:00:00Z");
const EXPORT = "/kitchen/v1/export/itemFulfillments";
const loginBody = contractLoginBody("header.eyJzY29wZSI6ImtpdGNoZW46cmVhZCJ9.sig");

/** The body in `size`-byte pieces: records, strings, escapes and multi-byte characters split across chunks. */
function pieces(text: string, size = 7): Buffer[] {
  const bytes = Buffer.from(text, "utf8");
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
}
const ODD_TEXT = 'say "hi" \\ \u00e9\u4e2d 😀';
const FEW = RECORDS.slice(0, 6).map((r) => ({ ...r, courseName: ODD_TEXT }));

// Each business date answers in its own way; `hit` is the attempt (1, 2, ...).
const ANSWERS: Record<string, (hit: number) => FixtureReply> = {
  "20250301": () => ({ body: sparseDay }),
  "20250302": () => ({ body: { data: RECORDS, nextPageToken: null } }),
  "20250303": () => ({ body: { results: RECORDS, total: RECORDS.length } }),
  "20250304": () => ({ body: "" }),
  "20250305": (hit) => (hit === 1 ? { body: "  " } : { body: sparseDay }),
  "20250306": () => ({ chunks: pieces(JSON.stringify(FEW)) }),
  "20250307": (hit) =>
    hit === 1
      ? { chunks: pieces(sparseDay.slice(0, Math.floor(sparseDay.length * 0.7)), 1000), cut: true }
      : { body: sparseDay },
  "20250308": () => ({ body: { items: RECORDS } }),
};

describe("the export's shapes, streamed over real HTTP", () => {
  let server: FixtureServer;
  let db: Database;
  let service: ReturnType<typeof fixtureKitchenService>;
  const client = () =>
    createPlatformClient({
      baseUrl: server.url,
      clientId: "fixture-client",
      clientSecret: "fixture-secret",
      initialRetryDelayMs: 10,
      maxRetryDelayMs: 20,
    });

  beforeAll(async () => {
    const hits = new Map<string, number>();
    server = await startFixtureServer({
      "POST /authentication/v1/authentication/login": () => ({ body: loginBody }),
      [`GET ${EXPORT}`]: (req) => {
        const date = req.query.get("businessDate")!;
        const hit = (hits.get(date) ?? 0) + 1;
        hits.set(date, hit);
        return ANSWERS[date]?.(hit) ?? { body: [] };
      },
    });
    db = (await openTestDatabase("pglite")).db;
    service = fixtureKitchenService(db, client(), NOW, { failedRetrySeconds: 3600 });
  });

  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  /** What the client's read of the date threw. */
  const errorOf = (date: string) =>
    client()
      .kitchen.itemFulfillments(RESTAURANT.guid, date)
      .catch((e: unknown) => e);
  const calls = (date: string) =>
    server.requests.filter((r) => r.path === EXPORT && r.query.get("businessDate") === date).length;
  const ingestOf = async (date: string) => {
    const summary = await ready(
      service.summary(RESTAURANT, { from: date, to: date, metric: "fire_to_fulfill" }),
    );
    expect(summary.coverage.complete, date).toEqual([date]);
    return summary;
  };

  it("reads the bare array, {data} and {results} to the same figures, each shape counted", async () => {
    const bare = await ingestOf("20250301");
    const data = await ingestOf("20250302");
    const results = await ingestOf("20250303");
    expect(bare.ingest).toMatchObject({
      received: RECORDS.length,
      wrappedData: 0,
      wrappedResults: 0,
      emptyExports: 0,
    });
    expect(data.ingest).toEqual({ ...bare.ingest, wrappedData: 1 });
    expect(results.ingest).toEqual({ ...bare.ingest, wrappedResults: 1 });
    expect(data.levels).toEqual(bare.levels);
    expect(results.stations).toEqual(bare.stations);
    for (const date of ["20250301", "20250302", "20250303"]) expect(calls(date)).toBe(1);
  });

  it("reads an empty 200 as no records after exactly one retry, and counts it", async () => {
    const empty = await ingestOf("20250304");
    expect(calls("20250304")).toBe(2);
    expect(empty.ingest).toMatchObject({ received: 0, emptyExports: 1 });
  });

  it("takes the second answer when only the first was empty", async () => {
    const day = await ingestOf("20250305");
    expect(calls("20250305")).toBe(2);
    expect(day.ingest).toMatchObject({ received: RECORDS.length, emptyExports: 0 });
  });

  it("reads a body sent in 7-byte pieces, strings, escapes and characters split, to every record", async () => {
    const result = await client().kitchen.itemFulfillments(RESTAURANT.guid, "20250306");
    expect(result.kind).toBe("data");
    if (result.kind !== "data") return;
    expect(result.records).toHaveLength(FEW.length);
    expect(result.records.map((r) => r.courseName)).toEqual(FEW.map(() => ODD_TEXT));
    expect(result.shape).toBe("array");
  });

  it("retries a body cut after some records were read, and keeps nothing of the cut attempt", async () => {
    const before = calls("20250307");
    const result = await client().kitchen.itemFulfillments(RESTAURANT.guid, "20250307");
    expect(calls("20250307") - before).toBe(2);
    expect(result.kind === "data" && result.records.length).toBe(RECORDS.length);
  });

  it("calls a body cut on every attempt an upstream truncated error", async () => {
    server.route(`GET ${EXPORT}`, () => ({ chunks: pieces(sparseDay.slice(0, 500), 100), cut: true }));
    const error = await errorOf("20250309");
    expect(error).toBeInstanceOf(PlatformUpstreamError);
    expect((error as PlatformUpstreamError).kind).toBe("truncated");
    // The export's own retries: three attempts in all.
    expect(calls("20250309")).toBe(3);
  });

  it("refuses an object without data or results as a contract error, not retried", async () => {
    server.route(`GET ${EXPORT}`, (req) => ANSWERS[req.query.get("businessDate")!]!(1));
    const error = await errorOf("20250308");
    expect(error).toBeInstanceOf(PlatformContractError);
    expect((error as Error).message).toContain("data");
    expect(calls("20250308")).toBe(1);
  });
});
