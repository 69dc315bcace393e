import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as settingsRoute from "@/app/api/account/settings/route";
import * as previewRoute from "@/app/api/digests/preview/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { partnerTarget, setAppEnv } from "../support/app-env";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * The digest's routes called as Next calls them, on the process's own database (PGlite under a
 * fresh DATA_DIR, the demo accounts imported) and the sandbox as the Platform: the person's digest
 * setting is read and changed, bad values refused with a 400 that says what is allowed; the preview
 * refuses a bad date or kind and answers the signed-in person's restaurants, links on APP_ORIGIN.
 */

const ORIGIN = "https://pulse.kitchen.test";
type Handler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;
const call = (handler: Handler, url: string, init?: RequestInit) =>
  handler(new Request(`http://localhost${url}`, init), { params: Promise.resolve({}) });
const patch = (body: string) =>
  call(settingsRoute.PATCH as Handler, "/api/account/settings", {
    method: "PATCH",
    body,
    headers: { "Content-Type": "application/json" },
  });
const errorOf = async (response: Response) => [
  response.status,
  ((await response.json()) as { error: { message: string } }).error.message,
];

let sandbox: SandboxServer;
let restoreEnv: () => void;

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  restoreEnv = setAppEnv(["ACCOUNTS_FILE", "DATA_DIR", "DATABASE_URL", "DIGEST_CHECK_MIN"], {
    ...partnerTarget(sandbox.url),
    APP_ORIGIN: ORIGIN,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-digest-routes-")),
  });
  setServerSessionReaderForTests(async () => ({
    user: { email: "ben@kitchen.test", name: null },
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  }));
}, 120_000);

afterAll(async () => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await sandbox?.close();
});

describe("the account's digest setting", () => {
  it("is off until chosen, changes to a value allowed, and refuses any other with a 400 saying which", async () => {
    const get = () => call(settingsRoute.GET as Handler, "/api/account/settings");
    expect(await (await get()).json()).toEqual({ digest: "off" });

    const allowed = 'digest must be "daily", "weekly" or "off"';
    expect(await errorOf(await patch(JSON.stringify({ digest: "hourly" })))).toEqual([
      400,
      expect.stringContaining(allowed),
    ]);
    expect(await errorOf(await patch(JSON.stringify({ digest: null })))).toEqual([
      400,
      expect.stringContaining(allowed),
    ]);
    expect(await errorOf(await patch("{}"))).toEqual([400, expect.stringContaining(allowed)]);
    expect((await patch(JSON.stringify({ digest: "daily", extra: 1 }))).status).toBe(400);
    expect(await errorOf(await patch("daily"))).toEqual([
      400,
      expect.stringContaining("The body must be JSON"),
    ]);
    expect(await (await get()).json()).toEqual({ digest: "off" });

    const saved = await patch(JSON.stringify({ digest: "weekly" }));
    expect([saved.status, await saved.json()]).toEqual([200, { digest: "weekly" }]);
    expect(await (await get()).json()).toEqual({ digest: "weekly" });
  }, 120_000);
});

describe("GET /api/digests/preview", () => {
  const preview = (query: string) => call(previewRoute.GET as Handler, `/api/digests/preview${query}`);

  it("refuses a date that is none, a weekly digest not ending on a Sunday, and an unknown kind", async () => {
    for (const query of ["", "?date=2025-03-19", "?date=20250230", "?date=20250319&kind=monthly"])
      expect((await preview(query)).status, query).toBe(400);
    expect(await errorOf(await preview("?date=20250319&kind=weekly"))).toEqual([
      400,
      "a weekly digest ends on a Sunday (its Monday to Sunday)",
    ]);
  });

  it("answers the signed-in person's restaurants, a date not yet closed as such, with links on APP_ORIGIN", async () => {
    const response = await preview("?date=20991231");
    expect(response.status).toBe(200);
    const digest = (await response.json()) as {
      restaurants: { name: string; status: string; link: string }[];
      exceptions: unknown[];
    };
    // ben (the demo viewer) sees Lakeside Diner and Pier 9 Pizza.
    expect(digest.restaurants.map((r) => [r.name, r.status])).toEqual([
      ["Lakeside Diner", "not_closed"],
      ["Pier 9 Pizza", "not_closed"],
    ]);
    expect(digest.exceptions).toEqual([]);
    for (const r of digest.restaurants) expect(r.link.startsWith(`${ORIGIN}/restaurants/`)).toBe(true);
  }, 120_000);
});
