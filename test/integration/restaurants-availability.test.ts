import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as infoRoute } from "@/app/api/restaurants/[guid]/info/route";
import { GET as restaurantsRoute } from "@/app/api/restaurants/route";
import { getPermittedRestaurant, getPermittedRestaurants } from "@/lib/access/permitted-restaurants";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/server";
import type { IdentityRecord } from "@/lib/restaurants/identity-directory";
import { databaseIdentityStore } from "@/lib/restaurants/identity-store";
import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";
import { forgetRestaurantIdentitiesForTests } from "@/lib/restaurants/restaurant-directory";
import type { RestaurantsResponse } from "@/lib/restaurants/restaurants-contract";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX } from "./contract-harness";
import { openTestDatabase, STORE_KINDS } from "./kitchen-harness";

/**
 * The restaurant list when a location goes bad, over real HTTP with the sandbox as the Platform.
 * The app's credential is switched from kp-partner (all six restaurants) to kp-harbor-group, which
 * the sandbox refuses Pier 9 Pizza (403): admin's list still answers 200, Pier 9 listed as not
 * accessible with the reason and its last good identity; a restart answers from the stored
 * identities without a single restaurant read, even with the Platform down.
 */
const world = defaultWorld();
const byName = (name: string) => world.restaurants.find((r) => r.name === name)!;
const PIER9 = byName("Pier 9 Pizza");
const client = (id: string) => world.clients.find((c) => c.clientId === id)!;
/** Cleared and set for the file besides the Platform target (test/support/app-env.ts). */
const VARS = [
  "ACCOUNTS_FILE",
  "SANDBOX_ENABLED",
  "DATA_DIR",
  "DATABASE_URL",
  "KITCHEN_BACKFILL_DAYS",
] as const;
let restoreEnv: (() => void) | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "kp-availability-"));

let sandbox: SandboxServer;
/** A Platform that is down: every request answers 503, and is recorded. */
let down: Server;
const downHits: string[] = [];
/** The sandbox behind 2.5 s of silence on every request (login included). */
let slow: Server;
const SLOW_MS = 2_500;

function usePlatform(baseUrl: string, clientId: string): void {
  const c = client(clientId);
  restoreEnv = setAppEnv(VARS, {
    PLATFORM_BASE_URL: baseUrl,
    PLATFORM_CLIENT_ID: c.clientId,
    PLATFORM_CLIENT_SECRET: c.clientSecret,
    DATA_DIR: dataDir,
    KITCHEN_BACKFILL_DAYS: "0",
  });
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  down = createServer((req, res) => {
    downHits.push(`${req.method} ${req.url}`);
    res
      .writeHead(503, { "Content-Type": "application/json" })
      .end('{"status":503,"code":50300,"message":"down"}');
  });
  await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
  slow = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      setTimeout(async () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([name]) => name !== "host" && name !== "content-length"),
        ) as Record<string, string>;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const answer = await fetch(`${sandbox.url}${req.url}`, { method: req.method, headers, body });
        const text = Buffer.from(await answer.arrayBuffer());
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name))
            out[name] = value;
        });
        res.writeHead(answer.status, out).end(text);
      }, SLOW_MS);
    });
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  signIn("admin@kitchen.test");
});

afterAll(async () => {
  await forgetRestaurantIdentitiesForTests();
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await Promise.all([
    sandbox?.close(),
    new Promise<void>((resolve) => down?.close(() => resolve())),
    new Promise<void>((resolve) => slow?.close(() => resolve())),
  ]);
});

async function list(): Promise<{ status: number; restaurants: PermittedRestaurant[]; ms: number }> {
  const started = performance.now();
  const response = await restaurantsRoute(new Request("http://localhost/api/restaurants"), {
    params: Promise.resolve({}),
  });
  const ms = performance.now() - started;
  const body = (await response.json()) as RestaurantsResponse;
  return { status: response.status, restaurants: body.restaurants, ms };
}

/** Ages every stored identity past its five fresh minutes, as if the process had been down a while. */
async function ageStoredIdentities(): Promise<void> {
  await (
    await getDatabase()
  ).query(
    "UPDATE restaurant_identities SET read_at = read_at - interval '10 minutes', checked_at = checked_at - interval '10 minutes'",
  );
}

describe("GET /api/restaurants when one location goes bad", () => {
  it("lists all six through a credential that reaches them, none marked", async () => {
    usePlatform(sandbox.url, "kp-partner");
    const { status, restaurants } = await list();
    expect(status).toBe(200);
    expect(restaurants.map((r) => r.name)).toEqual(world.restaurants.map((r) => r.name));
    expect(restaurants.filter((r) => r.availability)).toEqual([]);
  });

  it("still answers 200 when the credential loses Pier 9 Pizza: its last good identity, marked not accessible with the reason", async () => {
    usePlatform(sandbox.url, "kp-harbor-group");
    await forgetRestaurantIdentitiesForTests();
    await ageStoredIdentities();
    // Stale identities answer at once; the 403 is met by the read behind them.
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.restaurants.find((r) => r.guid === PIER9.guid)).toMatchObject({ name: "Pier 9 Pizza" });
    await forgetRestaurantIdentitiesForTests();

    const { status, restaurants } = await list();
    expect(status).toBe(200);
    expect(restaurants).toHaveLength(6);
    const pier = restaurants.find((r) => r.guid === PIER9.guid)!;
    expect(pier).toMatchObject({
      name: "Pier 9 Pizza",
      timeZone: PIER9.timeZone,
      availability: {
        state: "not_accessible",
        status: 403,
        reason: expect.stringMatching(/refuses this location to Kitchen Pulse's credential \(403\)/),
        identityAsOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(Date.parse(pier.availability!.identityAsOf!)).toBeLessThan(
      Date.parse(pier.availability!.checkedAt),
    );
    expect(restaurants.filter((r) => r.guid !== PIER9.guid && r.availability)).toEqual([]);
    // The kitchen's own list keeps it too: its stored figures still show.
    expect(
      (await getPermittedRestaurants({ email: "admin@kitchen.test", name: null })).map((r) => r.guid),
    ).toContain(PIER9.guid);
  });

  it("lets the refused restaurant's pages say so: the restaurant resolves, marked, and its live read is a plain 502, not a 404", async () => {
    const restaurant = await getPermittedRestaurant({ email: "admin@kitchen.test", name: null }, PIER9.guid);
    expect(restaurant).toMatchObject({ name: "Pier 9 Pizza", availability: { state: "not_accessible" } });
    const info = await infoRoute(new Request(`http://localhost/api/restaurants/${PIER9.guid}/info`), {
      params: Promise.resolve({ guid: PIER9.guid }),
    });
    expect(info.status).toBe(502);
    expect(((await info.json()) as { error: unknown }).error).toMatchObject({
      code: "platform_forbidden",
      message: expect.stringMatching(/no longer covers this location/),
    });
    // The access rule is unchanged: a restaurant outside the account is still null (a 404).
    await expect(
      getPermittedRestaurant({ email: "ben@kitchen.test", name: null }, byName("Harbor Street Kitchen").guid),
    ).resolves.toBeNull();
  });

  it("lists a restaurant never read and refused now as a stand-in named by its GUID", async () => {
    await forgetRestaurantIdentitiesForTests();
    await (
      await getDatabase()
    ).query("DELETE FROM restaurant_identities WHERE restaurant_guid = $1", [PIER9.guid]);
    const { status, restaurants } = await list();
    expect(status).toBe(200);
    expect(restaurants.find((r) => r.guid === PIER9.guid)).toMatchObject({
      name: PIER9.guid,
      availability: { state: "not_accessible", status: 403, identityAsOf: null },
    });
    // The kitchen's list leaves it out: no zone or closeout to read its dates by.
    expect(
      (await getPermittedRestaurants({ email: "admin@kitchen.test", name: null })).map((r) => r.guid),
    ).not.toContain(PIER9.guid);
  });

  it("after a restart answers from the stored identities at once, without one restaurant read, though the Platform is down", async () => {
    await forgetRestaurantIdentitiesForTests();
    usePlatform(`http://127.0.0.1:${(down.address() as AddressInfo).port}`, "kp-partner");
    downHits.length = 0;
    const { status, restaurants, ms } = await list();
    expect(status).toBe(200);
    expect(restaurants.map((r) => r.name).filter((name) => name !== PIER9.guid)).toEqual(
      world.restaurants.filter((r) => r !== PIER9).map((r) => r.name),
    );
    expect(restaurants.filter((r) => r.guid !== PIER9.guid && r.availability)).toEqual([]);
    expect(downHits.filter((hit) => hit.includes("/restaurants/v1/restaurants/"))).toEqual([]);
    expect(ms).toBeLessThan(5_000);
  });

  it("waits at most 1.5 s for a restaurant never read: a slow first read is listed as still being read, the rest as stored", async () => {
    await forgetRestaurantIdentitiesForTests();
    const harbor = byName("Harbor Street Kitchen");
    await (
      await getDatabase()
    ).query("DELETE FROM restaurant_identities WHERE restaurant_guid = $1", [harbor.guid]);
    usePlatform(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`, "kp-partner");
    const { status, restaurants, ms } = await list();
    expect(status).toBe(200);
    // 1.5 s for the identity, and the entitlement probe's own wait (at most 2.5 s) for the others.
    expect(ms).toBeLessThan(SLOW_MS + 2_500);
    expect(restaurants.find((r) => r.guid === harbor.guid)).toMatchObject({
      name: harbor.guid,
      availability: { state: "reading", identityAsOf: null },
    });
    expect(restaurants.find((r) => r.guid === byName("Mesa Verde Cantina").guid)).toMatchObject({
      name: "Mesa Verde Cantina",
    });
    // The read went on: once it ends, the list names the restaurant.
    await forgetRestaurantIdentitiesForTests();
    expect((await list()).restaurants.find((r) => r.guid === harbor.guid)).toMatchObject({
      name: "Harbor Street Kitchen",
    });
  }, 60_000);
});

describe.each(STORE_KINDS)("stored identities on %s", (kind) => {
  it("keep the last good facts through a failure, and an older attempt never overwrites a newer one", async () => {
    const t = await openTestDatabase(kind);
    try {
      const store = databaseIdentityStore<{ name: string }>(
        async () => t.db,
        (json) => (json && typeof json === "object" && "name" in json ? (json as { name: string }) : null),
      );
      const good: IdentityRecord<{ name: string }> = {
        guid: "g",
        facts: { name: "Good" },
        readAt: 1_700_000_000_000,
        checkedAt: 1_700_000_000_000,
        problem: null,
      };
      await store.save(good);
      const failed = {
        guid: "g",
        facts: null,
        readAt: null,
        checkedAt: 1_700_000_060_000,
        problem: { state: "not_accessible" as const, status: 403, reason: "refused" },
      };
      await store.save(failed);
      expect((await store.load(["g", "other"])).get("g")).toEqual({
        ...failed,
        facts: { name: "Good" },
        readAt: good.readAt,
      });
      // A late write of the older good read is ignored.
      await store.save(good);
      expect((await store.load(["g"])).get("g")?.problem).toEqual(failed.problem);
      // A row whose facts no longer parse, with no failure recorded, is not served.
      await t.db.query(
        "UPDATE restaurant_identities SET facts = '{\"nope\":1}', problem = NULL WHERE restaurant_guid = 'g'",
      );
      expect((await store.load(["g"])).size).toBe(0);
    } finally {
      await t.drop();
    }
  });
  it("writes the saves of one moment in one statement, the newer attempt of a location winning", async () => {
    const t = await openTestDatabase(kind);
    try {
      let statements = 0;
      const counted = {
        ...t.db,
        query: ((sql: string, params?: readonly unknown[]) => {
          if (sql.includes("INSERT INTO restaurant_identities")) statements++;
          return t.db.query(sql, params);
        }) as typeof t.db.query,
      };
      const store = databaseIdentityStore<{ name: string }>(
        async () => counted,
        (json) => (json && typeof json === "object" && "name" in json ? (json as { name: string }) : null),
      );
      const record = (guid: string, name: string, at: number): IdentityRecord<{ name: string }> => ({
        guid,
        facts: { name },
        readAt: at,
        checkedAt: at,
        problem: null,
      });
      // 300 locations at once, and "l0" twice: its later read first, an older one after it.
      await Promise.all([
        ...Array.from({ length: 300 }, (_, i) => store.save(record(`l${i}`, `L${i}`, 2_000))),
        store.save(record("l0", "stale", 1_000)),
      ]);
      expect(statements).toBe(1);
      const loaded = await store.load(Array.from({ length: 300 }, (_, i) => `l${i}`));
      expect(loaded.size).toBe(300);
      expect(loaded.get("l0")?.facts).toEqual({ name: "L0" });
      expect(loaded.get("l299")?.facts).toEqual({ name: "L299" });
    } finally {
      await t.drop();
    }
  });
});
