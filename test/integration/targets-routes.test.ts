import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as groupRoute from "@/app/api/admin/targets/route";
import * as ownRoute from "@/app/api/restaurants/[guid]/kitchen/targets/route";
import { listAudit } from "@/lib/audit/audit-log";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { getDatabase } from "@/lib/db/server";
import type { GroupTargets, KitchenTargets } from "@/lib/kitchen/contract/responses";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { setAppEnv } from "../support/app-env";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * The targets routes as Next calls them, with the sandbox (over HTTP) as the Platform and the app's
 * own PGlite: who may change what (403 before the body is read), what is refused (400 naming the
 * problem, nothing saved), and that a change is recorded with who, when, from and to.
 */

const world = defaultWorld();
const harbor = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const lakeside = world.restaurants.find((r) => r.name === "Lakeside Diner")!;
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
let sandbox: SandboxServer;
let restoreEnv: () => void;

function signIn(email: string): void {
  setServerSessionReaderForTests(async () => ({
    user: { email, name: null },
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  }));
}

const json = (body: unknown) => ({
  method: "PUT",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
const own = (init?: RequestInit) =>
  ownRoute[init ? "PUT" : "GET"](
    new Request(`http://localhost/api/restaurants/${harbor.guid}/kitchen/targets`, init),
    { params: Promise.resolve({ guid: harbor.guid }) },
  );
const group = (init?: RequestInit) =>
  groupRoute[init ? "PUT" : "GET"](new Request("http://localhost/api/admin/targets", init), {
    params: Promise.resolve({}),
  });
const errorOf = async (r: Response) => [
  r.status,
  ((await r.json()) as { error: { code: string; message: string } }).error,
];

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  restoreEnv = setAppEnv(["ACCOUNTS_FILE", "SANDBOX_ENABLED", "DATA_DIR", "DATABASE_URL"], {
    PLATFORM_BASE_URL: sandbox.url,
    PLATFORM_CLIENT_ID: partner.clientId,
    PLATFORM_CLIENT_SECRET: partner.clientSecret,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-targets-routes-")),
  });
});

afterAll(async () => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await sandbox?.close();
});

describe("the targets routes", () => {
  it("let whoever sees a restaurant change its own targets from today, and record who, when, from and to", async () => {
    signIn("ana@kitchen.test");
    const before = (await (await own()).json()) as KitchenTargets;
    expect(before.mayEdit).toEqual({ own: true, group: false });
    const today = currentBusinessDate(harbor);
    expect(before.businessDate).toBe(today);

    const saved = await own(json({ targets: [{ level: 1, seconds: 540 }] }));
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as KitchenTargets;
    expect(body.targets[1]).toEqual({
      level: 1,
      seconds: 540,
      source: "own",
      effectiveFrom: today,
      isDefault: false,
    });
    expect(body.history[0]).toMatchObject({
      actor: "ana@kitchen.test",
      kind: "level",
      level: 1,
      before: null,
      after: 540,
      effectiveFrom: today,
    });

    // A change from a later date is scheduled: today's target stays, the change is listed.
    const later = addBusinessDays(today, 7);
    const scheduled = (await (
      await own(json({ effectiveFrom: later, targets: [{ level: 1, seconds: 480 }] }))
    ).json()) as KitchenTargets;
    expect(scheduled.targets[1]!.seconds).toBe(540);
    expect(scheduled.scheduled).toEqual([
      expect.objectContaining({ effectiveFrom: later, before: 540, after: 480, level: 1 }),
    ]);
  });

  it("refuses bad input with a 400 naming the problem, and saves nothing of it", async () => {
    signIn("ana@kitchen.test");
    const today = currentBusinessDate(harbor);
    const cases: [unknown, string, RegExp][] = [
      [{ targets: [{ level: 0, seconds: -5 }] }, "invalid_request", /seconds must be a whole number/],
      [{ targets: [{ level: 0, seconds: 90.5 }] }, "invalid_request", /seconds must be a whole number/],
      [{ effectiveFrom: "2025-03-01", targets: [{ level: 0, seconds: 90 }] }, "invalid_request", /YYYYMMDD/],
      [
        { effectiveFrom: addBusinessDays(today, -1), targets: [{ level: 0, seconds: 90 }] },
        "effective_from_past",
        /before the restaurant's business date today/,
      ],
      [
        // Level 0 valid, then a station the restaurant does not have: the whole body is refused.
        {
          targets: [{ level: 0, seconds: 91 }],
          stations: [{ stationGuid: "no-such-station", level: 0, seconds: 90 }],
        },
        "unknown_station",
        /no-such-station is not a prep station of this restaurant/,
      ],
    ];
    for (const [body, code, message] of cases) {
      const [status, error] = await errorOf(await own(json(body)));
      expect([JSON.stringify(body), status, error]).toEqual([
        JSON.stringify(body),
        400,
        expect.objectContaining({ code, message: expect.stringMatching(message) }),
      ]);
    }
    const after = (await (await own()).json()) as KitchenTargets;
    expect(after.targets[0]).toMatchObject({ seconds: 600, source: "default" });

    const [status, error] = await errorOf(
      await (signIn("admin@kitchen.test"),
      group(
        json({
          stations: [{ stationGuid: "x", level: 0, seconds: 60 }],
          targets: [{ level: 0, seconds: 60 }],
        }),
      )),
    );
    expect([status, error]).toEqual([
      400,
      expect.objectContaining({
        message: expect.stringMatching(/the group standard has no station targets/),
      }),
    ]);
  });

  it("answer 403 to a change of the group standard by anyone but an owner or admin, before reading the body", async () => {
    signIn("ana@kitchen.test");
    const seen = (await (await group()).json()) as GroupTargets;
    expect(seen.mayEdit).toBe(false);
    expect(await errorOf(await group(json({ targets: [{ level: 2, seconds: 700 }] })))).toEqual([
      403,
      expect.objectContaining({ code: "forbidden" }),
    ]);
    expect((await errorOf(await group({ method: "PUT", body: "{nope" })))[0]).toBe(403);

    // The admin's change is the group standard: a restaurant without its own target now has it, marked "group".
    signIn("admin@kitchen.test");
    const saved = await group(json({ targets: [{ level: 2, seconds: 700 }] }));
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as GroupTargets).history[0]).toMatchObject({
      scope: "group",
      restaurantGuid: null,
      actor: "admin@kitchen.test",
      after: 700,
    });
    signIn("ana@kitchen.test");
    const harborTargets = (await (await own()).json()) as KitchenTargets;
    expect(harborTargets.targets[2]).toMatchObject({
      seconds: 700,
      source: "group",
      effectiveFrom: currentBusinessDate(harbor),
    });
  });

  it("take a restaurant's pass wait, ticket spread and channel targets from a manager, audited; 403 to a viewer, 400 to bad values", async () => {
    signIn("ana@kitchen.test");
    const today = currentBusinessDate(harbor);
    const saved = await own(
      json({ passWait: [{ level: 1, seconds: 90 }], channels: [{ channel: "drive-thru", seconds: 180 }] }),
    );
    expect(saved.status).toBe(200);
    const read = (await (await own()).json()) as KitchenTargets;
    expect(read.passWait[1]).toEqual({
      level: 1,
      seconds: 90,
      source: "own",
      effectiveFrom: today,
      isDefault: false,
    });
    expect(read.ticketSpread[0]).toMatchObject({ seconds: 180, source: "default" });
    expect(read.channels.find((c) => c.channel === "drive-thru")).toMatchObject({
      seconds: 180,
      source: "own",
    });
    expect(read.channels.find((c) => c.channel === "take-out")).toMatchObject({
      seconds: 600,
      source: "default",
    });
    const audit = (await listAudit(await getDatabase(), { restaurant: harbor.guid })).filter(
      (e) => e.subjectKind === "target",
    );
    expect(audit.map((e) => [e.actorEmail, e.subjectId, e.after])).toEqual(
      expect.arrayContaining([
        ["ana@kitchen.test", `${harbor.guid}: pass_wait level 1`, { seconds: 90, effectiveFrom: today }],
        [
          "ana@kitchen.test",
          `${harbor.guid}: channel drive-thru ticket`,
          { seconds: 180, effectiveFrom: today },
        ],
      ]),
    );

    const cases: [unknown, RegExp][] = [
      [{ passWait: [{ level: 1, seconds: 0 }] }, /seconds must be a whole number/],
      [{ ticketSpread: [{ level: 3, seconds: 60 }] }, /level must be 0, 1 or 2/],
      [{ channels: [{ channel: "drive_thru", seconds: 60 }] }, /channel must be one of drive-thru, curbside/],
      [{ channels: [{ channel: "curbside", seconds: 60, level: 1 }] }, /Unrecognized key|level/],
    ];
    for (const [body, message] of cases) {
      const [status, error] = await errorOf(await own(json(body)));
      expect([JSON.stringify(body), status, error]).toEqual([
        JSON.stringify(body),
        400,
        expect.objectContaining({ message: expect.stringMatching(message) }),
      ]);
    }
    expect(((await (await own()).json()) as KitchenTargets).ticketSpread[0]!.source).toBe("default");

    signIn("ben@kitchen.test"); // a viewer of Lakeside Diner
    const response = await ownRoute.PUT(
      new Request(
        `http://localhost/api/restaurants/${lakeside.guid}/kitchen/targets`,
        json({ passWait: [{ level: 1, seconds: 90 }] }),
      ),
      { params: Promise.resolve({ guid: lakeside.guid }) },
    );
    expect((await errorOf(response))[0]).toBe(403);
  });
});
