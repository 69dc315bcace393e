import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { backfillWindow } from "@/lib/kitchen/service/backfill";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

// The outside instrument: it counts the exports that reached the Platform, whatever the processes believed.
import {
  startPlatformProxy,
  type PlatformProxy,
  type PlatformProxyCounts,
} from "../support/platform-proxy.mjs";
import { NOW, openTestDatabase, TEST_CONFIG, worldRestaurant, type TestDatabase } from "./kitchen-harness";

/**
 * The backfill as separate app processes on one PostgreSQL, through a counting proxy in front of
 * the sandbox (with its real export latency, so a kill lands in the middle of downloads):
 * killed with SIGKILL at moments in the middle of its work, it leaves no partial day and never
 * downloads a stored day again; two processes at once fetch each (restaurant, date) once.
 */
const ROOT = path.resolve(__dirname, "../..");
const partner = defaultWorld().clients.find((c) => c.clientId === "kp-partner")!;
const diner = worldRestaurant("Lakeside Diner");
const mesa = worldRestaurant("Mesa Verde Cantina");
const pier = worldRestaurant("Pier 9 Pizza"); // basic tier: 204
const RESTAURANTS = [diner, mesa, pier];
const DAYS = 8;
const windowOf = (r: typeof diner) => backfillWindow(r, NOW, DAYS, TEST_CONFIG.closeGraceMinutes);
const ENTITLED_KEYS = [diner, mesa].flatMap((r) => windowOf(r).map((d) => `${r.guid}|${d}`)).sort();

let sandbox: SandboxServer;
let proxy: PlatformProxy;
beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, now: () => NOW });
  proxy = await startPlatformProxy({ target: sandbox.url });
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

interface Child {
  process: ChildProcess;
  started: Promise<void>;
  exited: Promise<number | null>;
}

function backfillProcess(databaseUrl: string): Child {
  const input = {
    databaseUrl,
    platformUrl: proxy.url,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    now: NOW,
    days: DAYS,
    restaurants: RESTAURANTS,
    config: TEST_CONFIG,
  };
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "test/support/backfill-process.ts"],
    {
      cwd: ROOT,
      env: { ...process.env, BACKFILL_PROCESS: JSON.stringify(input) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => c.toString().includes("started") && resolve());
    child.once("exit", (code) =>
      reject(new Error(`the backfill process exited (${code}) before starting: ${stderr}`)),
    );
  });
  started.catch(() => {}); // a test that only waits for the exit reads the failure there
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { process: child, started, exited };
}

async function exportsOf(): Promise<Map<string, number>> {
  const counts = (await (await fetch(`${proxy.url}/__count`)).json()) as PlatformProxyCounts;
  return new Map(Object.entries(counts.exports));
}

/** Days in the store that count as answered (complete or 204), as "guid|date". */
async function answeredDays(t: TestDatabase): Promise<Set<string>> {
  const rows = await t.db.query<{ restaurant_guid: string; business_date: string }>(
    "SELECT restaurant_guid, business_date FROM kitchen_days WHERE status IN ('complete', 'not_entitled')",
  );
  return new Set(rows.map((r) => `${r.restaurant_guid}|${r.business_date}`));
}

/** Rows that are not whole: a complete day lacking its summary, ticket facts or records (a closed day may have none), or records without a day. */
async function partialDays(t: TestDatabase): Promise<string[]> {
  const broken = await t.db.query<{ key: string }>(
    `SELECT d.restaurant_guid || '|' || d.business_date AS key FROM kitchen_days d
       LEFT JOIN (SELECT restaurant_guid, business_date, sum(record_count)::int AS n FROM kitchen_day_records GROUP BY 1, 2) r
         USING (restaurant_guid, business_date)
      WHERE d.status = 'complete' AND (d.summary IS NULL OR d.tickets IS NULL OR coalesce(r.n, 0) <> d.record_count)
     UNION ALL
     SELECT r.restaurant_guid || '|' || r.business_date FROM kitchen_day_records r
       LEFT JOIN kitchen_days d USING (restaurant_guid, business_date)
      WHERE d.status IS NULL OR d.status NOT IN ('complete', 'open')`,
  );
  return broken.map((b) => b.key);
}

function diff(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, n] of after) if (n - (before.get(k) ?? 0) > 0) out.set(k, n - (before.get(k) ?? 0));
  return out;
}

describe("the backfill as separate processes on one PostgreSQL", () => {
  it(
    "killed with SIGKILL mid-download, leaves no partial day and never downloads a stored day again",
    { timeout: 180_000 },
    async () => {
      const t = await openTestDatabase("postgres");
      try {
        const base = await exportsOf();
        const snapshots: { answered: Set<string>; exports: Map<string, number> }[] = [];
        // Each kill lands as soon as the store shows one more day than before that process started:
        // set by the work itself, not by the clock (fixed delays missed the work entirely on a busy
        // machine), so every process has stored something and its other downloads are under way.
        for (let kill = 0; kill < 3; kill++) {
          const storedBefore = (await answeredDays(t)).size;
          const child = backfillProcess(t.url!);
          await child.started;
          const deadline = Date.now() + 90_000;
          while ((await answeredDays(t)).size <= storedBefore && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 20));
          child.process.kill("SIGKILL");
          await child.exited;
          expect(await partialDays(t)).toEqual([]);
          snapshots.push({ answered: await answeredDays(t), exports: diff(await exportsOf(), base) });
        }
        const last = backfillProcess(t.url!);
        expect(await last.exited).toBe(0);
        const finalExports = diff(await exportsOf(), base);
        const answered = await answeredDays(t);

        // The kills did land mid-work: some days were stored before a kill, and some were left.
        const sizes = snapshots.map((s) => s.answered.size);
        expect(sizes.some((n) => n > 0)).toBe(true);
        expect(sizes.at(-1)!).toBeLessThan(ENTITLED_KEYS.length);
        // In the end every date of the entitled restaurants is stored, and the basic-tier one was asked once.
        expect([...answered].filter((k) => !k.startsWith(pier.guid)).sort()).toEqual(ENTITLED_KEYS);
        // One date of it asked: once, or again after a kill that landed while that answer was in flight
        // (before its refusal was stored), which the repeated-downloads bound below counts as any other.
        const pierAsks = [...finalExports].filter(([k]) => k.startsWith(pier.guid)).map(([, n]) => n);
        expect(pierAsks).toHaveLength(1);
        expect(pierAsks[0]).toBeLessThanOrEqual(1 + snapshots.length);
        expect(await partialDays(t)).toEqual([]);
        // A day stored before a kill was never downloaded again after it.
        for (const s of snapshots)
          for (const key of s.answered)
            expect([key, finalExports.get(key)]).toEqual([key, s.exports.get(key)]);
        // Only downloads cut short by a kill were repeated: at most two in flight (the concurrency) per kill.
        const repeated = [...finalExports].filter(([, n]) => n > 1);
        expect(repeated.length).toBeLessThanOrEqual(2 * snapshots.length);
        for (const [, n] of repeated) expect(n).toBeLessThanOrEqual(1 + snapshots.length);
      } finally {
        await t.drop();
      }
    },
  );

  it(
    "two processes at once fetch each (restaurant, date) exactly once between them",
    { timeout: 180_000 },
    async () => {
      const t = await openTestDatabase("postgres");
      try {
        const base = await exportsOf();
        const a = backfillProcess(t.url!);
        const b = backfillProcess(t.url!);
        expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
        const exported = diff(await exportsOf(), base);
        expect([...exported.keys()].filter((k) => !k.startsWith(pier.guid)).sort()).toEqual(ENTITLED_KEYS);
        expect([...exported.values()].every((n) => n === 1)).toBe(true);
        expect([...exported.keys()].filter((k) => k.startsWith(pier.guid))).toHaveLength(1);
        expect(await partialDays(t)).toEqual([]);
      } finally {
        await t.drop();
      }
    },
  );
});
