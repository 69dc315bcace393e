import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import * as ruleRoute from "@/app/api/restaurants/[guid]/alert-rules/[id]/route";
import * as rulesRoute from "@/app/api/restaurants/[guid]/alert-rules/route";
import * as alertsRoute from "@/app/api/restaurants/[guid]/alerts/route";
import * as nowRoute from "@/app/api/restaurants/[guid]/kitchen/now/route";
import * as targetsRoute from "@/app/api/restaurants/[guid]/kitchen/targets/route";
import type { AlertRule, AlertsResponse } from "@/lib/alerts/alert-contract";
import { evaluateAlertsNow } from "@/lib/alerts/alerts-server";
import { listAudit } from "@/lib/audit/audit-log";
import { getDatabase } from "@/lib/db/server";
import type { KitchenNow } from "@/lib/kitchen/contract/kitchen-now";
import { onOpenDayRefreshed } from "@/lib/kitchen/service/server";
import { readOutbox } from "@/lib/mail/mailer";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * Live late alerts end to end: the sandbox over HTTP (its noodle bar runs late from 19:00 to 20:00
 * every evening, lib/sandbox/generate LATE_HOUR), the app's PGlite, the rules routes as Next calls
 * them, and a webhook receiver (a real node http server). The clock is chosen by faking Date alone
 * (timers run), which the app and the in-process sandbox both read; evaluation is driven directly
 * through evaluateAlertsNow, the same call the process's hook and ticker make.
 */

const world = defaultWorld();
const noodle = world.restaurants.find((r) => r.name === "Northside Noodle Bar")!;
const lakeside = world.restaurants.find((r) => r.name === "Lakeside Diner")!;
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const restaurant = {
  guid: noodle.guid,
  name: noodle.name,
  timeZone: noodle.timeZone,
  closeoutHour: noodle.closeoutHour,
};
// Thursday 2026-11-19 in Los Angeles (UTC-8): lunch 11:30-14:30, dinner 17:00-22:00.
const local = (hhmm: string) => Date.parse(`2026-11-19T${hhmm}:00-08:00`);

let sandbox: SandboxServer;
let receiver: Server;
let hookUrl: string;
const received: { text: string; alert: { ruleId: string; kind: string } }[] = [];
let restoreEnv: () => void;

const ctx = (guid: string) => ({ params: Promise.resolve({ guid }) });
const ruleCtx = (guid: string, id: string) => ({ params: Promise.resolve({ guid, id }) });
const url = (guid: string, tail: string) => `http://localhost/api/restaurants/${guid}/${tail}`;
const post = (guid: string, body: unknown) =>
  rulesRoute.POST(
    new Request(url(guid, "alert-rules"), {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    }),
    ctx(guid),
  );
const putTargets = (targets: { level: number; seconds: number | null }[]) =>
  targetsRoute.PUT(
    new Request(url(noodle.guid, "kitchen/targets"), {
      method: "PUT",
      body: JSON.stringify({ targets }),
      headers: { "Content-Type": "application/json" },
    }),
    ctx(noodle.guid),
  );
const hooksOf = (rule: AlertRule) =>
  received.filter((r) => r.alert.ruleId === rule.id).map((r) => r.alert.kind);

/**
 * Evaluates at `hhmm`, once the open date has been read then: a refresh longer than the route's
 * wait (a busy machine) goes on in the background, and an evaluation meanwhile would judge the
 * previous read (as it would in production); the test waits for the fresh one (real timers).
 */
async function readAt(hhmm: string) {
  vi.setSystemTime(local(hhmm));
  for (let i = 0; i < 120; i++) {
    const now = (await (
      await nowRoute.GET(new Request(url(noodle.guid, "kitchen/now")), ctx(noodle.guid))
    ).json()) as KitchenNow;
    if (now.dataAsOf === new Date(local(hhmm)).toISOString()) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function at(hhmm: string) {
  await readAt(hhmm);
  return evaluateAlertsNow(restaurant);
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: local("14:20") });
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  restoreEnv = setAppEnv(
    ["ACCOUNTS_FILE", "SANDBOX_ENABLED", "DATA_DIR", "DATABASE_URL", "KITCHEN_OPEN_REFRESH_S", "SMTP_URL"],
    {
      PLATFORM_BASE_URL: sandbox.url,
      PLATFORM_CLIENT_ID: partner.clientId,
      PLATFORM_CLIENT_SECRET: partner.clientSecret,
      KITCHEN_OPEN_REFRESH_S: "60",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-live-alerts-")),
    },
  );
  signIn("admin@kitchen.test");
});

afterAll(async () => {
  signIn(null);
  restoreEnv?.();
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  vi.useRealTimers();
});

describe("alert rules", () => {
  it("refuse bad input with 400 naming the problem, and a viewer with 403", async () => {
    const cases: [unknown, string][] = [
      [
        { kind: "late_share", level: 0, stationGuid: "abc", threshold: 20 },
        "exactly one of stationGuid or level",
      ],
      [{ kind: "late_share", threshold: 20 }, "exactly one of stationGuid or level"],
      [{ kind: "late_share", level: 0, threshold: 150 }, "percentage under 100"],
      [{ kind: "p90_over_target", level: 3, threshold: 2 }, "level must be 0, 1 or 2"],
      [{ kind: "late_share", level: 0, threshold: 20, webhookUrl: "http://example.com/hook" }, "https"],
      [{ kind: "late_share", level: 0, threshold: 20, webhookUrl: "not a url" }, "absolute URL"],
      [{ kind: "late_share", level: 0, threshold: 20, emailTo: ["nobody"] }, "e-mail"],
      [{ kind: "late_share", level: 0, threshold: 20, quietMinutes: 1 }, "at least 5"],
      [{ kind: "soon", level: 0, threshold: 20 }, "kind must be one of"],
      ["{not json", "must be JSON"],
    ];
    for (const [body, words] of cases) {
      const res = await post(noodle.guid, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(words);
    }
    expect(
      (await (
        await rulesRoute.GET(new Request(url(noodle.guid, "alert-rules")), ctx(noodle.guid))
      ).json()) as object,
    ).toEqual({
      rules: [],
      mayEdit: true,
    });
    signIn("ben@kitchen.test"); // a viewer of Lakeside Diner
    try {
      expect((await post(lakeside.guid, { kind: "late_share", level: 0, threshold: 20 })).status).toBe(403);
      expect((await post(noodle.guid, { kind: "late_share", level: 0, threshold: 20 })).status).toBe(404);
    } finally {
      signIn("admin@kitchen.test");
    }
    // The first request opens (and migrates) the app's PGlite: slow on a busy machine.
  }, 180_000);
});

describe("live late alerts", () => {
  let everyItem: AlertRule;
  let lateHour: AlertRule;

  it("nothing fires outside services: a rule breached between lunch and dinner stays silent, then fires at dinner", async () => {
    // A one-minute target at the prep stations for the day: every item is late, so the rule below
    // is breached whenever the last 30 minutes hold items, in a service or not.
    expect((await putTargets([{ level: 0, seconds: 60 }])).status).toBe(200);
    vi.setSystemTime(local("14:40")); // lunch ended at 14:30, dinner starts at 17:00
    everyItem = (await (
      await post(noodle.guid, { kind: "late_share", level: 0, threshold: 1, webhookUrl: hookUrl })
    ).json()) as AlertRule;
    expect(everyItem.quietMinutes).toBe(30);
    const now = (await (
      await nowRoute.GET(new Request(url(noodle.guid, "kitchen/now")), ctx(noodle.guid))
    ).json()) as KitchenNow;
    expect(now.inService).toBeNull();
    expect(now.lastHalfHour.levels[0]!.lateItems).toBeGreaterThanOrEqual(5);
    expect(await at("14:40")).toEqual([]);
    expect(await at("16:45")).toEqual([]);
    expect(hooksOf(everyItem)).toEqual([]);
    // In a service, the same rule fires, once.
    expect((await at("17:25")).map((e) => e.kind)).toEqual(["fired"]);
    expect(await at("17:35")).toEqual([]);
    expect(hooksOf(everyItem)).toEqual(["fired"]);
    const del = await ruleRoute.DELETE(
      new Request(url(noodle.guid, `alert-rules/${everyItem.id}`), { method: "DELETE" }),
      ruleCtx(noodle.guid, everyItem.id),
    );
    expect(del.status).toBe(204);
    expect((await putTargets([{ level: 0, seconds: null }])).status).toBe(200);
  });

  it("fires once when the open date runs late, across concurrent evaluations, stays quiet, then says back to normal", async () => {
    const heard: string[] = [];
    const stop = onOpenDayRefreshed((r, date) => heard.push(`${r.guid}|${date}`));
    lateHour = (await (
      await post(noodle.guid, {
        kind: "late_share",
        level: 0,
        threshold: 50,
        quietMinutes: 30,
        webhookUrl: hookUrl,
        emailTo: ["gm@noodle.test"],
      })
    ).json()) as AlertRule;
    // Before the late hour, at dinner: on time.
    expect(await at("18:50")).toEqual([]);
    // The hook: a refresh of the open date (here by the Now route) is heard.
    await readAt("18:55");
    expect(heard).toContain(`${noodle.guid}|20261119`);
    stop();

    // Two evaluations at once, as two instances would: one firing, one webhook, one e-mail.
    await readAt("19:45");
    const both = await Promise.all([evaluateAlertsNow(restaurant), evaluateAlertsNow(restaurant)]);
    expect(both.flat().map((e) => e.kind)).toEqual(["fired"]);
    expect(both.flat()[0]!.message).toMatch(
      /^Northside Noodle Bar: Prep stations running late: \d+% of \d+ items late/,
    );
    expect(hooksOf(lateHour)).toEqual(["fired"]);
    expect(received.find((r) => r.alert.ruleId === lateHour.id)!.text).toContain("running late");

    const listed = (await (
      await alertsRoute.GET(
        new Request(
          url(
            noodle.guid,
            `alerts?from=${encodeURIComponent(new Date(local("19:00")).toISOString())}&to=${encodeURIComponent(new Date(local("20:00")).toISOString())}`,
          ),
        ),
        ctx(noodle.guid),
      )
    ).json()) as AlertsResponse;
    expect(listed.alerts.map((a) => [a.ruleId, a.kind])).toEqual([[lateHour.id, "fired"]]);
    expect(listed.active.map((a) => a.ruleId)).toEqual([lateHour.id]);

    // Still late, inside the quiet period: nothing more. (The window of 20:00 is the late hour's
    // last half; by 20:10 it holds quicker tickets of after it, and its share sits near the line.)
    expect(await at("19:50")).toEqual([]);
    expect(await at("20:00")).toEqual([]);
    expect(hooksOf(lateHour)).toEqual(["fired"]);
    // The late hour's tickets are out by then: back to normal, once.
    expect((await at("21:00")).map((e) => e.kind)).toEqual(["cleared"]);
    expect(await at("21:05")).toEqual([]);
    expect(hooksOf(lateHour)).toEqual(["fired", "cleared"]);
    expect(received.filter((r) => r.alert.ruleId === lateHour.id)[1]!.text).toContain("back to normal");

    const mails = (await readOutbox()).messages.filter(
      (m) => m.kind === "alert" && m.to === "gm@noodle.test",
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Back to normal: Northside Noodle Bar",
      "Kitchen alert: Northside Noodle Bar",
    ]);
    const active = (await (
      await alertsRoute.GET(new Request(url(noodle.guid, "alerts")), ctx(noodle.guid))
    ).json()) as AlertsResponse;
    expect(active.active).toEqual([]);
  });

  it("record every rule change in the audit log", async () => {
    const put = await ruleRoute.PUT(
      new Request(url(noodle.guid, `alert-rules/${lateHour.id}`), {
        method: "PUT",
        body: JSON.stringify({ kind: "p90_over_target", level: 0, threshold: 5 }),
        headers: { "Content-Type": "application/json" },
      }),
      ruleCtx(noodle.guid, lateHour.id),
    );
    expect(put.status).toBe(200);
    expect(((await put.json()) as AlertRule).kind).toBe("p90_over_target");
    const audit = await listAudit(await getDatabase(), { restaurant: noodle.guid });
    expect(audit.filter((a) => a.subjectKind === "alert_rule").map((a) => [a.action, a.actorEmail])).toEqual([
      ["alert_rule.update", "admin@kitchen.test"],
      ["alert_rule.create", "admin@kitchen.test"],
      ["alert_rule.delete", "admin@kitchen.test"],
      ["alert_rule.create", "admin@kitchen.test"],
    ]);
    const missing = await ruleRoute.PUT(
      new Request(url(noodle.guid, "alert-rules/999999"), {
        method: "PUT",
        body: JSON.stringify({ kind: "p90_over_target", level: 0, threshold: 5 }),
      }),
      ruleCtx(noodle.guid, "999999"),
    );
    expect(missing.status).toBe(404);
  });
});
