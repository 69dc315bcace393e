import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signIn } from "@/bench/load/users";

import {
  productionBuild,
  startAppProcess,
  startFakeProcess,
  type AppProcess,
  type FakeProcess,
} from "../support/fake-platform/processes";

/**
 * The admin API over HTTP on the production build (`npx next build` first, as npm test does), with
 * real session cookies from next-auth's own sign-in: an owner imported from the accounts file
 * makes a manager, who signs in with the password given; deactivating them ends their cookie's
 * session at the next request; "sign out everywhere" ends the owner's own.
 */
const logs = mkdtempSync(path.join(tmpdir(), "kp-admin-http-logs-"));
let fake: FakeProcess;
let app: AppProcess;

type Session = Awaited<ReturnType<typeof signIn>>;
const json = (session: Session, route: string, method: string, body?: unknown) =>
  session.request(route, {
    method,
    // Same-origin, as the browser sends it: the app refuses a state change from another site.
    headers: { "content-type": "application/json", origin: app.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("the admin API over HTTP", () => {
  beforeAll(async () => {
    if (!productionBuild()) throw new Error("admin-http: no production build; run `npx next build` first");
    fake = await startFakeProcess({ locations: 2, exportDelayMs: [0, 0] }, path.join(logs, "fake.log"));
    app = await startAppProcess(fake.plan, { KITCHEN_BACKFILL_DAYS: "0" }, path.join(logs, "app.log"));
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await fake?.stop();
  }, 30_000);

  it("makes a manager who signs in, is refused the admin API, and is signed out once deactivated", async () => {
    const owner = await signIn(app.origin, "admin@kitchen.test");
    const people = await owner.request("/api/admin/people");
    expect(people.status).toBe(200);
    expect(((await people.json()) as { people: { email: string; role: string }[] }).people).toMatchObject([
      { email: "admin@kitchen.test", role: "owner" },
    ]);

    const [first] = fake.plan.locations;
    // The demo password, which the load tool's sign-in sends.
    const created = await json(owner, "/api/admin/people", "POST", {
      email: "gm@kitchen.test",
      role: "manager",
      restaurants: [first!.guid],
      password: "kitchen-demo",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const manager = await signIn(app.origin, "gm@kitchen.test");
    expect((await manager.request("/api/admin/people")).status).toBe(403);
    const sessions = (await (await manager.request("/api/account/sessions")).json()) as {
      sessions: { current: boolean }[];
    };
    expect(sessions.sessions).toEqual([expect.objectContaining({ current: true })]);

    const off = await json(owner, `/api/admin/people/${id}`, "PATCH", { active: false });
    expect(off.status).toBe(200);
    expect((await manager.request("/api/account/sessions")).status).toBe(401);
    expect(await (await manager.request("/api/auth/session")).json()).toEqual({});

    const audit = (await (await owner.request("/api/admin/audit?actor=admin@kitchen.test")).json()) as {
      entries: { action: string; before: unknown; after: unknown }[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual(["person.deactivate", "person.create"]);
    expect(audit.entries[0]).toMatchObject({ before: { active: true }, after: { active: false } });

    // Sign out everywhere: the owner's own cookie stops working at once.
    const everywhere = await json(owner, "/api/account/sessions", "DELETE");
    expect(await everywhere.json()).toEqual({ ended: 1 });
    expect((await owner.request("/api/admin/people")).status).toBe(401);
  });
});
