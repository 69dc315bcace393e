import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as coverageRoute } from "@/app/api/restaurants/[guid]/kitchen/coverage/route";
import { GET as summaryRoute } from "@/app/api/restaurants/[guid]/kitchen/summary/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { resetEnvForTests } from "@/lib/env";
import type {
  DateCoverage,
  DateStatus,
  KitchenCoverage,
  KitchenSummary,
} from "@/lib/kitchen/contract/responses";
import { resetPlatformClientForTests } from "@/lib/platform-wiring/platform-client";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { partnerTarget } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * Coverage and summary agree on every date's status (issue 30): for each sandbox restaurant, the
 * coverage route and the summary's coverage are asked over HTTP (the two route handlers behind a
 * node:http server, the sandbox as the Platform over HTTP) for the same ranges, and each date's
 * status must be the same in both. The ranges hold the cases that used to disagree or be wrong:
 * Pier 9 Pizza (basic tier, 204) asked for dates never fetched once its latest answer is a 204,
 * dates before 2022 and before Pier 9's first business date (2022-03-01), and the most recent
 * closed dates (provisional until KITCHEN_SETTLE_H after closeout).
 */
type Handler = (request: Request, context: { params: Promise<{ guid: string }> }) => Promise<Response>;

const world = defaultWorld();
const VARS = [
  "PLATFORM_BASE_URL",
  "PLATFORM_CLIENT_ID",
  "PLATFORM_CLIENT_SECRET",
  "ACCOUNTS_FILE",
  "DATA_DIR",
  "DATABASE_URL",
  "KITCHEN_RAW_RETENTION_DAYS",
  "APP_ORIGIN",
  "NEXTAUTH_URL",
] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));
const PIER_9 = world.restaurants.find((r) => r.name === "Pier 9 Pizza")!;

let sandbox: SandboxServer;
let app: Server;
let appUrl: string;

/** The two kitchen routes behind a real HTTP server, called as Next calls them. */
function startApp(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/api\/restaurants\/([^/]+)\/kitchen\/(coverage|summary)$/.exec(url.pathname);
    if (!match) return void res.writeHead(404).end();
    const handler: Handler = match[2] === "coverage" ? coverageRoute : summaryRoute;
    handler(new Request(url), { params: Promise.resolve({ guid: match[1]! }) }).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  for (const name of VARS) delete process.env[name];
  const dataDir = mkdtempSync(path.join(tmpdir(), "kp-date-status-"));
  Object.assign(process.env, {
    ...partnerTarget(sandbox.url),
    DATA_DIR: dataDir,
    KITCHEN_RAW_RETENTION_DAYS: "0",
  });
  resetEnvForTests();
  resetPlatformClientForTests();
  signIn("admin@kitchen.test");
  app = await startApp();
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setServerSessionReaderForTests(null);
  await new Promise<void>((resolve) => app?.close(() => resolve()));
  await sandbox?.close();
  for (const name of VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvForTests();
  resetPlatformClientForTests();
});

async function getJson<T>(pathname: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${appUrl}${pathname}`);
  return { status: response.status, body: (await response.json()) as T };
}

/** The summary once every date has an answer (202 until then). */
async function summaryOf(guid: string, from: string, to: string): Promise<KitchenSummary> {
  for (let i = 0; i < 120; i++) {
    const { status, body } = await getJson<KitchenSummary>(
      `/api/restaurants/${guid}/kitchen/summary?from=${from}&to=${to}&section=figures`,
    );
    if (status === 200) return body;
    expect(status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the summary of ${guid} ${from}-${to} never became ready`);
}

/** Each date's status as the summary's coverage gives it (provisional dates are listed in complete too). */
function statusesOf(c: DateCoverage): Map<string, DateStatus> {
  const out = new Map<string, DateStatus>();
  for (const d of c.complete) out.set(d, "complete");
  for (const p of c.provisional) out.set(p.date, "provisional");
  for (const o of c.open) out.set(o.date, "open");
  for (const f of c.failed) out.set(f.date, "failed");
  for (const d of c.notEntitled) out.set(d, "not_entitled");
  for (const d of c.pending) out.set(d, "pending");
  for (const d of c.beforeData) out.set(d, "before_data");
  return out;
}

describe("the coverage route and the summary agree on every date's status", () => {
  it("for every sandbox restaurant, over recent dates, dates before 2022 and before Pier 9's first business date", async () => {
    const seen = new Map<string, Map<string, DateStatus>>();
    for (const r of world.restaurants) {
      const today = currentBusinessDate(r, Date.now());
      // Recent first: Pier 9's 204 is stored, so its later ranges are answered from the tier, unfetched.
      const ranges = [
        { from: addBusinessDays(today, -3), to: addBusinessDays(today, -1) },
        { from: "20211230", to: "20220102" },
        { from: "20220227", to: "20220302" },
      ];
      const statuses = new Map<string, DateStatus>();
      for (const { from, to } of ranges) {
        const summary = await summaryOf(r.guid, from, to);
        const coverage = await getJson<KitchenCoverage>(
          `/api/restaurants/${r.guid}/kitchen/coverage?from=${from}&to=${to}`,
        );
        expect(coverage.status).toBe(200);
        const fromSummary = statusesOf(summary.coverage);
        const label = `${r.name} ${from}-${to}`;
        expect(
          coverage.body.dates.map((d) => [d.date, d.status]),
          label,
        ).toEqual(coverage.body.dates.map((d) => [d.date, fromSummary.get(d.date)]));
        expect(fromSummary.size, label).toBe(coverage.body.total);
        for (const d of coverage.body.dates) statuses.set(d.date, d.status);
      }
      seen.set(r.name, statuses);
    }
    // The rules themselves, beyond agreement: nothing before 2022 is data, for anyone; from then on,
    // every restaurant but Pier 9 (which opened in March 2022) has an answer for the date.
    for (const [name, statuses] of seen) {
      const newYear = name === PIER_9.name ? "before_data" : expect.not.stringMatching(/before_data|pending/);
      expect([statuses.get("20211230"), statuses.get("20211231"), statuses.get("20220101")], name).toEqual([
        "before_data",
        "before_data",
        newYear,
      ]);
    }
    // Pier 9 Pizza: before its first business date nothing exists; after it, not entitled (never "pending").
    expect(PIER_9.firstBusinessDate).toBe(20220301);
    const pier = seen.get(PIER_9.name)!;
    expect(["20220227", "20220228", "20220301", "20220302"].map((d) => pier.get(d))).toEqual([
      "before_data",
      "before_data",
      "not_entitled",
      "not_entitled",
    ]);
    expect(pier.get("20220101")).toBe("before_data");
    // The newest closed dates were read within KITCHEN_SETTLE_H of their closeout: provisional somewhere.
    expect([...seen.values()].some((s) => [...s.values()].includes("provisional"))).toBe(true);
  }, 120_000);
});
