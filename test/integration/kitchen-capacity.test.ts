import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as capacityCsvRoute } from "@/app/api/restaurants/[guid]/kitchen/capacity.csv/route";
import { GET as capacityRoute } from "@/app/api/restaurants/[guid]/kitchen/capacity/route";
import { GET as fulfillmentsRoute } from "@/app/api/restaurants/[guid]/kitchen/fulfillments.csv/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import type { KitchenCapacity } from "@/lib/kitchen/contract/capacity";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { partnerTarget, setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX } from "./contract-harness";
import { isLeftOnScreen, levelOf, seconds } from "./independent-stats";
import { parseFulfillmentsCsv, type CsvRow } from "./kitchen-harness";

/**
 * Capacity (issue 36) over HTTP: the capacity, capacity.csv and fulfillments.csv route handlers
 * behind a node:http server, the sandbox as the Platform. For two restaurants and two ranges, the
 * loads, p90 and knee are recomputed here from each date's fulfillments.csv: a record's slot is
 * its ticket's fire time read off the CSV's wall-clock instant (HH:MM div 15), a slot instance is
 * (business date, slot), its load the records of the level (and station) in it, the p90 nearest
 * rank over the records of every instance of that load with a fire to fulfill, items left on
 * screen (over 240 min) out of the p90 only; the knee the smallest load from which every load with
 * at least 20 items has p90 over the 600 s level-0 default target.
 */
type Handler = (request: Request, context: { params: Promise<{ guid: string }> }) => Promise<Response>;
const ROUTES: Record<string, Handler> = {
  capacity: capacityRoute,
  "capacity.csv": capacityCsvRoute,
  "fulfillments.csv": fulfillmentsRoute,
};

const world = defaultWorld();
const restaurantNamed = (name: string) => world.restaurants.find((r) => r.name === name)!;
const TARGET = 600;

let sandbox: SandboxServer;
let app: Server;
let appUrl: string;
let restoreEnv: () => void;

function startApp(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/api\/restaurants\/([^/]+)\/kitchen\/([a-z.]+)$/.exec(url.pathname);
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
  restoreEnv = setAppEnv(["ACCOUNTS_FILE", "DATA_DIR", "DATABASE_URL"], {
    ...partnerTarget(sandbox.url),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-capacity-")),
  });
  signIn("admin@kitchen.test");
  app = await startApp();
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setServerSessionReaderForTests(null);
  await new Promise<void>((resolve) => app?.close(() => resolve()));
  await sandbox?.close();
  restoreEnv?.();
});

/** A route's answer once every date has one (202 with the coverage until then). */
async function getReady(pathname: string): Promise<Response> {
  for (let i = 0; i < 240; i++) {
    const response = await fetch(`${appUrl}${pathname}`);
    if (response.status !== 202) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${pathname} never became ready`);
}

const datesOf = (from: string, to: string) => {
  const out = [from];
  while (out.at(-1)! < to) out.push(addBusinessDays(out.at(-1)!, 1));
  return out;
};

/** The local slot of a wall-clock instant "YYYY-MM-DDTHH:MM:SS.mmm±hh:mm", read off the text. */
const slotOf = (instant: string) =>
  Number(instant.slice(11, 13)) * 4 + Math.floor(Number(instant.slice(14, 16)) / 15);

function oracle(days: Map<string, CsvRow[]>, station: string | undefined) {
  const groups = new Map<number, { slots: number; items: number; values: number[] }>();
  for (const [date, rows] of days) {
    const instances = new Map<number, CsvRow[]>();
    for (const r of rows) {
      if (levelOf(r) !== 0 || (station !== undefined && r.prepStationGuid !== station)) continue;
      if (!r.ticketFiredAt) continue;
      const slot = slotOf(r.ticketFiredAt);
      instances.set(slot, [...(instances.get(slot) ?? []), r]);
    }
    expect(date).toMatch(/^\d{8}$/);
    for (const records of instances.values()) {
      const load = records.length;
      const g = groups.get(load) ?? groups.set(load, { slots: 0, items: 0, values: [] }).get(load)!;
      g.slots++;
      g.items += load;
      for (const r of records) {
        const s = seconds(r.ticketFiredAt, r.itemFulfilledAt);
        if (s !== null && !isLeftOnScreen(r)) g.values.push(s);
      }
    }
  }
  const slots = [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([load, g]) => {
      const sorted = g.values.sort((a, b) => a - b);
      const p90 = sorted.length ? sorted[Math.ceil(0.9 * sorted.length) - 1]! : null;
      return { load, slots: g.slots, items: g.items, timed: sorted.length, p90 };
    });
  const ranked = slots.filter((s) => s.items >= 20 && s.p90 !== null);
  let knee: number | null = null;
  for (let i = ranked.length - 1; i >= 0 && ranked[i]!.p90! > TARGET; i--) knee = ranked[i]!.load;
  return { slots, knee };
}

describe("capacity against fulfillments.csv", () => {
  it("gives each load its slots, items and p90, and the knee, in the JSON and the CSV, for two restaurants and two ranges", async () => {
    const kneesSeen: (number | null)[] = [];
    for (const name of ["Lakeside Diner", "Northside Noodle Bar"]) {
      const r = restaurantNamed(name);
      const today = currentBusinessDate(r, Date.now());
      const ranges = [
        { from: addBusinessDays(today, -7), to: addBusinessDays(today, -1) },
        { from: addBusinessDays(today, -3), to: addBusinessDays(today, -2) },
      ];
      const rows = new Map<string, CsvRow[]>();
      for (const date of datesOf(ranges[0]!.from, ranges[0]!.to)) {
        const response = await getReady(
          `/api/restaurants/${r.guid}/kitchen/fulfillments.csv?from=${date}&to=${date}`,
        );
        expect(response.status).toBe(200);
        rows.set(date, parseFulfillmentsCsv(await response.text()));
      }
      // The station with most level-0 records, for the station filter.
      const counts = new Map<string, number>();
      for (const row of [...rows.values()].flat())
        if (levelOf(row) === 0 && row.prepStationGuid)
          counts.set(row.prepStationGuid, (counts.get(row.prepStationGuid) ?? 0) + 1);
      const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];

      for (const range of ranges) {
        for (const station of [undefined, busiest]) {
          const label = `${name} ${range.from}-${range.to} ${station ?? "every station"}`;
          const days = new Map([...rows].filter(([d]) => d >= range.from && d <= range.to));
          const expected = oracle(days, station);
          const query = `from=${range.from}&to=${range.to}&level=0${station ? `&station=${station}` : ""}`;
          const response = await getReady(`/api/restaurants/${r.guid}/kitchen/capacity?${query}`);
          expect(response.status, label).toBe(200);
          const body = (await response.json()) as KitchenCapacity;
          expect(body.targetSeconds, label).toBe(TARGET);
          expect(
            body.slots.map(({ load, slots, items, timed, p90 }) => ({ load, slots, items, timed, p90 })),
            label,
          ).toEqual(expected.slots);
          expect(body.knee, label).toBe(expected.knee);
          expect(body.capacity, label).toBe(body.kneeStatus === "knee" ? expected.knee! - 1 : null);
          kneesSeen.push(body.knee);

          const csv = await getReady(`/api/restaurants/${r.guid}/kitchen/capacity.csv?${query}`);
          expect(csv.status, label).toBe(200);
          expect(csv.headers.get("content-disposition"), label).toContain(range.from.slice(0, 4));
          const table = parse(await csv.text(), { columns: true, bom: true }) as Record<string, string>[];
          expect(
            table.map((t) => ({
              load: Number(t.load_items_per_15_min),
              slots: Number(t.slots),
              items: Number(t.items),
              timed: Number(t.timed_items),
              p90: t.p90_s === "" ? null : Number(t.p90_s),
            })),
            label,
          ).toEqual(expected.slots);
          expect(
            table.filter((t) => t.knee === "true").map((t) => Number(t.load_items_per_15_min)),
            label,
          ).toEqual(expected.knee === null ? [] : [expected.knee]);
          expect(new Set(table.map((t) => t.target_s)), label).toEqual(new Set([String(TARGET)]));
        }
      }
    }
    // The sandbox plants a knee: a week of every station finds one somewhere.
    expect(kneesSeen.some((k) => k !== null)).toBe(true);
  }, 180_000);

  it("refuses a bad level or range with 400 naming the problem", async () => {
    const r = restaurantNamed("Lakeside Diner");
    const bad = await fetch(`${appUrl}/api/restaurants/${r.guid}/kitchen/capacity?from=20250102&to=20250101`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("from must not be after to");
    const level = await fetch(
      `${appUrl}/api/restaurants/${r.guid}/kitchen/capacity?from=20250101&to=20250101&level=3`,
    );
    expect(level.status).toBe(400);
    expect(JSON.stringify(await level.json())).toContain("level must be 0, 1 or 2");
  });
});
