import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";

import { PostgresBudget, type PostgresBudgetOptions } from "@/lib/db/platform-budget";
import { createPlatformClient, type FetchLike, type PlatformClientOptions } from "@/lib/platform";
import type { AttemptLogger } from "@/lib/platform/attempt-log";
import { nodeHttpFetch } from "@/lib/platform/node-http-fetch";

import {
  busiestSecond,
  credentials,
  HARBOR,
  MESA,
  sandboxForFile,
  twoInstancesForFile,
} from "./contract-harness";

/**
 * Budgets per location, as the service counts them: two app instances (two clients, each with its
 * own pg pool) with one set of credentials on one real PostgreSQL, asking for two restaurants at
 * once from the sandbox, which enforces 20 a second per client and restaurant (429 beyond). Each
 * location stays within 20 a second, the two together go well past 20, and nothing is refused.
 */
const sandbox = sandboxForFile();
const instances = twoInstancesForFile();

interface Arrival {
  location: string;
  at: number;
  status: number;
}

/** The transport's own fetch, noting when each request left and what came back. */
function recordingFetch(arrivals: Arrival[]): FetchLike {
  return async (input, init) => {
    const location = new Headers(init.headers).get("Platform-Restaurant-External-ID") ?? "";
    const at = Date.now();
    const response = await nodeHttpFetch(input, init);
    arrivals.push({ location, at, status: response.status });
    return response;
  };
}

/**
 * One client per instance with the partner's credentials, sharing one budget key made for the
 * test (`budget`: the PostgresBudget's limits); `options` adds to the client's.
 */
function instanceClients(
  budget: Omit<PostgresBudgetOptions, "key" | "loginKey">,
  options: Partial<PlatformClientOptions>,
) {
  const key = randomUUID();
  return instances.map((db) =>
    createPlatformClient({
      baseUrl: sandbox.url,
      ...credentials("kp-partner"),
      budget: new PostgresBudget(async () => db, { key, loginKey: `${key}-login`, ...budget }),
      ...options,
    }),
  );
}

function recordingLogger() {
  const lines: { level: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: object) =>
    void lines.push({ level, fields: fields as Record<string, unknown> });
  const logger: AttemptLogger = { debug: at("debug"), info: at("info"), warn: at("warn") };
  return { lines, logger };
}

describe("request budgets per location, shared through PostgreSQL", () => {
  it(
    "keeps each location within 20 a second while two instances together send more than 20 a second, with no 429",
    { timeout: 30_000 },
    async () => {
      const arrivals: Arrival[] = [];
      const log = recordingLogger();
      const [a, b] = instanceClients(
        { limits: { maxPerSecond: 20 } },
        // A 429 must show, not be retried away.
        { maxRps: 20, maxRetries: 0, fetch: recordingFetch(arrivals), logger: log.logger },
      );
      // Warm both instances (login, sockets), so what follows measures the budgets only.
      await Promise.all([a!.config.tipWithholding(HARBOR), b!.config.tipWithholding(MESA)]);
      arrivals.length = 0;

      const perInstanceAndLocation = 25;
      const started = Date.now();
      await Promise.all(
        [a!, b!].flatMap((client) =>
          [HARBOR, MESA].flatMap((guid) =>
            Array.from({ length: perInstanceAndLocation }, () => client.config.tipWithholding(guid)),
          ),
        ),
      );
      const elapsed = Date.now() - started;

      expect(arrivals.filter((x) => x.status !== 200)).toEqual([]);
      const at = (guid: string) => arrivals.filter((x) => x.location === guid).map((x) => x.at);
      expect(at(HARBOR)).toHaveLength(50);
      expect(at(MESA)).toHaveLength(50);
      const offsets = (times: number[]) => times.map((t) => t - started).join(", ");
      expect(
        busiestSecond(at(HARBOR)),
        `Harbor (ms after the start): ${offsets(at(HARBOR))}`,
      ).toBeLessThanOrEqual(20);
      expect(busiestSecond(at(MESA)), `Mesa (ms after the start): ${offsets(at(MESA))}`).toBeLessThanOrEqual(
        20,
      );
      // Together: about 38 a second (two locations at 19 each); one budget for both would give 20.
      expect(busiestSecond(arrivals.map((x) => x.at))).toBeGreaterThan(30);
      // 50 sends per location at 52.5 ms spacing take about 2.6 s; one budget for both, at least 5.25 s.
      expect(elapsed).toBeLessThan(5_000);

      // One log line per attempt, with the location, the endpoint without its query, status, time,
      // attempt number and budget wait; nothing of the token.
      const tips = log.lines.filter((l) => String(l.fields.endpoint).endsWith("/tipWithholding"));
      expect(tips).toHaveLength(102);
      expect(
        tips.every((l) => l.level === "debug" && l.fields.status === 200 && l.fields.attempt === 1),
      ).toBe(true);
      expect(new Set(tips.map((l) => l.fields.location))).toEqual(new Set([HARBOR, MESA]));
      expect(Math.max(...tips.map((l) => Number(l.fields.budgetWaitMs)))).toBeGreaterThan(1_000);
      const logins = log.lines.filter((l) => String(l.fields.endpoint).endsWith("/login"));
      expect(logins.map((l) => l.fields.location)).toEqual([null, null]);
      expect(JSON.stringify(log.lines)).not.toMatch(/Bearer|eyJ|clientSecret/);
    },
  );

  it("stops a location whose window is spent, while the other location goes on", async () => {
    // A window of 11 days, so that no boundary falls inside the test.
    const [a, b] = instanceClients(
      { limits: { maxPerSecond: 100, maxPerWindow: 3, windowMs: 1e9 } },
      { maxRps: 100, maxRetryAfterMs: 1_000 },
    );
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: unknown) => (e as { code?: string }).code,
      );
    const harbor = await Promise.all(
      Array.from({ length: 4 }, (_, i) => outcome((i % 2 ? a! : b!).config.tipWithholding(HARBOR))),
    );
    expect(harbor.sort()).toEqual(["ok", "ok", "ok", "rate_budget_exhausted"]);
    // Mesa's own window is untouched by Harbor's.
    const mesa = await Promise.all(
      Array.from({ length: 3 }, (_, i) => outcome((i % 2 ? a! : b!).config.tipWithholding(MESA))),
    );
    expect(mesa).toEqual(["ok", "ok", "ok"]);
    const budgets = await a!.budgets();
    expect(budgets.shared).toBe(true);
    expect(budgets.usage.locations).toEqual(
      expect.arrayContaining([
        { location: HARBOR, used: 3 },
        { location: MESA, used: 3 },
      ]),
    );
  });

  it(
    "keeps every location together within the account cap when one is set",
    { timeout: 20_000 },
    async () => {
      const arrivals: Arrival[] = [];
      const [a, b] = instanceClients(
        { limits: { maxPerSecond: 20, windowMs: 1e9 }, account: { maxPerSecond: 10 } },
        { maxRetries: 0, fetch: recordingFetch(arrivals) },
      );
      await Promise.all([a!.config.tipWithholding(HARBOR), b!.config.tipWithholding(MESA)]);
      arrivals.length = 0;
      await Promise.all(
        [a!, b!].flatMap((client) =>
          [HARBOR, MESA].flatMap((guid) =>
            Array.from({ length: 6 }, () => client.config.tipWithholding(guid)),
          ),
        ),
      );
      expect(arrivals).toHaveLength(24);
      expect(
        busiestSecond(arrivals.map((x) => x.at)),
        `arrivals: ${arrivals.map((x) => x.at - arrivals[0]!.at).join(", ")}`,
      ).toBeLessThanOrEqual(10);
      const usage = (await b!.budgets()).usage;
      // Every request of the client counts: the 24, the two warm-up requests and the two logins.
      expect(usage.account).toEqual({ maxPerSecond: 10, used: 28 });
    },
  );
});
