import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as fulfillmentsRoute } from "@/app/api/restaurants/[guid]/kitchen/fulfillments.csv/route";
import { GET as menuLoadCsvRoute } from "@/app/api/restaurants/[guid]/kitchen/menu-load.csv/route";
import { GET as menuLoadRoute } from "@/app/api/restaurants/[guid]/kitchen/menu-load/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { resetEnvForTests } from "@/lib/env";
import type { KitchenMenuLoad } from "@/lib/kitchen/contract/menu-load";
import { resetPlatformClientForTests } from "@/lib/platform-wiring/platform-client";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { partnerTarget } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX } from "./contract-harness";
import { isLeftOnScreen, levelOf, seconds, type RawRecord } from "./independent-stats";
import { parseFulfillmentsCsv } from "./kitchen-harness";

/**
 * The menu's load (issue 36) over HTTP: the JSON route and its CSV, behind a node:http server as
 * Next calls them (the sandbox as the Platform over HTTP), held against an oracle that reads the
 * same range's fulfillments.csv: per item GUID at level 0, the fire-to-fulfill seconds of its
 * records (items left on screen left out, as every figure does), their count, exact sum,
 * nearest-rank p50 and p90, and its distinct selections. Two restaurants, two ranges.
 */
type Handler = (request: Request, context: { params: Promise<{ guid: string }> }) => Promise<Response>;
const ROUTES: Record<string, Handler> = {
  "menu-load": menuLoadRoute,
  "menu-load.csv": menuLoadCsvRoute,
  "fulfillments.csv": fulfillmentsRoute,
};

const world = defaultWorld();
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
const CASES = [
  { name: "Harbor Street Kitchen", from: "20250317", to: "20250318" },
  { name: "Mesa Verde Cantina", from: "20250228", to: "20250228" },
];
const VARS = [
  "PLATFORM_BASE_URL",
  "PLATFORM_CLIENT_ID",
  "PLATFORM_CLIENT_SECRET",
  "ACCOUNTS_FILE",
  "DATA_DIR",
  "DATABASE_URL",
  "KITCHEN_RAW_RETENTION_DAYS",
] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));

let sandbox: SandboxServer;
let app: Server;
let appUrl: string;

function startApp(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/api\/restaurants\/([^/]+)\/kitchen\/([^/]+)$/.exec(url.pathname);
    const handler = match ? ROUTES[match[2]!] : undefined;
    if (!match || !handler) return void res.writeHead(404).end();
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
  Object.assign(process.env, {
    ...partnerTarget(sandbox.url),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-menu-load-")),
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

/** The route's answer once every date of the range has one (a 202 names its Retry-After until then). */
async function answered(pathname: string): Promise<Response> {
  for (let i = 0; i < 240; i++) {
    const response = await fetch(`${appUrl}${pathname}`);
    if (response.status !== 202) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${pathname} never became ready`);
}

interface OracleItem {
  values: number[];
  excluded: number;
  selections: Set<string>;
}

/** Per item GUID ("" for none), from fulfillments.csv's rows at `level` (and `station`). */
function oracle(rows: RawRecord[], level: number, station?: string): Map<string, OracleItem> {
  const out = new Map<string, OracleItem>();
  rows.forEach((r, i) => {
    if (levelOf(r) !== level || isLeftOnScreen(r)) return;
    if (station !== undefined && r.prepStationGuid !== station) return;
    const key = String(r.selectionMenuItemGuid ?? "");
    const o = out.get(key) ?? out.set(key, { values: [], excluded: 0, selections: new Set() }).get(key)!;
    const s = seconds(r.ticketFiredAt || undefined, r.itemFulfilledAt || undefined);
    if (s === null) o.excluded++;
    else o.values.push(s);
    o.selections.add(r.selectionGuid ? String(r.selectionGuid) : `#${i}`);
  });
  for (const o of out.values()) o.values.sort((a, b) => a - b);
  return out;
}

const rank = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]! : null;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const csvMin = (s: number) => String(Math.floor(s / 6 + 0.5) / 10);

function expectOracle(load: KitchenMenuLoad, expected: Map<string, OracleItem>, label: string) {
  expect(new Set(load.items.map((i) => i.itemGuid ?? "")), label).toEqual(new Set(expected.keys()));
  for (const item of load.items) {
    const o = expected.get(item.itemGuid ?? "")!;
    expect(
      [item.records, item.excluded, item.p50, item.p90, item.seconds, item.minutes, item.selections],
      `${label} ${item.itemName}`,
    ).toEqual([
      o.values.length,
      o.excluded,
      rank(o.values, 50),
      rank(o.values, 90),
      sum(o.values),
      sum(o.values) / 60,
      o.selections.size,
    ]);
  }
  expect(load.seconds, label).toBe(sum([...expected.values()].map((o) => sum(o.values))));
  expect(sum(load.items.map((i) => i.share)), label).toBeCloseTo(1, 9);
}

describe("the menu load route and its CSV", () => {
  it.each(CASES)(
    "equal fulfillments.csv's items at level 0 for $name $from-$to, and one station's alone",
    async ({ name, from, to }) => {
      const base = `/api/restaurants/${guidOf(name)}/kitchen`;
      const range = `from=${from}&to=${to}`;
      const rows = parseFulfillmentsCsv(await (await answered(`${base}/fulfillments.csv?${range}`)).text());
      const json = await answered(`${base}/menu-load?${range}`);
      expect(json.status).toBe(200);
      const load = (await json.json()) as KitchenMenuLoad;
      expect([load.from, load.to, load.level, load.station]).toEqual([from, to, 0, null]);
      expect(load.items.length).toBeGreaterThan(5);
      expectOracle(load, oracle(rows, 0), `${name} ${from}`);

      // The CSV: the same items in the same order, seconds exact beside minutes with one decimal.
      const csv = await answered(`${base}/menu-load.csv?${range}`);
      expect(csv.headers.get("content-disposition")).toContain(`_${from.slice(0, 4)}-${from.slice(4, 6)}-`);
      const csvRows = parseFulfillmentsCsv(await csv.text());
      expect(csvRows.map((r) => r.item_guid)).toEqual(load.items.map((i) => i.itemGuid ?? ""));
      csvRows.forEach((r, j) => {
        const item = load.items[j]!;
        expect([r.from, r.level, r.records, r.p50_s, r.p90_s, r.station_time_s, r.station_time_min]).toEqual([
          `${from.slice(0, 4)}-${from.slice(4, 6)}-${from.slice(6)}`,
          "0",
          String(item.records),
          String(item.p50 ?? ""),
          String(item.p90 ?? ""),
          String(item.seconds),
          csvMin(item.seconds),
        ]);
      });

      // One station: the station with the most time, its items' records only, their shares of it adding to 100%.
      const top = load.stations[0]!;
      const one = (await (
        await answered(`${base}/menu-load?${range}&station=${top.stationGuid}`)
      ).json()) as KitchenMenuLoad;
      expectOracle(one, oracle(rows, 0, top.stationGuid!), `${name} ${top.stationName}`);
      expect(one.seconds).toBe(top.seconds);
      expect(
        sum(
          load.items.flatMap((i) =>
            i.stations.filter((s) => s.stationGuid === top.stationGuid).map((s) => s.shareOfStation),
          ),
        ),
      ).toBeCloseTo(1, 9);
    },
    180_000,
  );

  it("refuses a level outside 0-2 and a reversed range with 400", async () => {
    const base = `/api/restaurants/${guidOf("Harbor Street Kitchen")}/kitchen/menu-load`;
    expect((await fetch(`${appUrl}${base}?from=20250317&to=20250317&level=3`)).status).toBe(400);
    const reversed = await fetch(`${appUrl}${base}?from=20250318&to=20250317`);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(await reversed.json())).toContain("from must not be after to");
  });
});
