import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as areaRoute from "@/app/api/admin/areas/[id]/route";
import * as areasRoute from "@/app/api/admin/areas/route";
import * as auditCsvRoute from "@/app/api/admin/audit.csv/route";
import * as auditRoute from "@/app/api/admin/audit/route";
import * as personRoute from "@/app/api/admin/people/[id]/route";
import * as peopleRoute from "@/app/api/admin/people/route";
import * as restaurantsRoute from "@/app/api/admin/restaurants/route";
import { permittedGuids } from "@/lib/access/permitted-restaurants";
import { mayAdminister, mayEditTargets } from "@/lib/access/roles";
import type { AuditRecord } from "@/lib/audit/audit-contract";
import { getAppSession, setServerSessionReaderForTests } from "@/lib/auth/session";
import type { AddedRestaurant, Area, Person } from "@/lib/people/admin-contract";
import { defaultWorld } from "@/lib/sandbox/world";

import { setAppEnv } from "../support/app-env";

/**
 * The admin API as Next calls its handlers, on the process's own database (a fresh DATA_DIR, the
 * demo accounts' first run): who may call it (401, 403), what bad input is told (400), and that
 * every write lands whole, audited, or not at all. How a handler gets a session here: see
 * test/integration/api-routes.test.ts (next-auth's cookie needs Next's request scope); the people
 * table, deactivation and the access rule behind it run for real.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const world = defaultWorld();
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
const nameOf = (guid: string) => world.restaurants.find((r) => r.guid === guid)?.name ?? guid;
const NEW_GUID = "0f0e0d0c-0b0a-4909-8807-060504030201";

function signIn(email: string | null): void {
  setServerSessionReaderForTests(async () =>
    email ? { user: { email, name: null }, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  );
}

async function call(
  handler: unknown,
  method: string,
  url: string,
  init: { body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown; response: Response }> {
  const body =
    init.body === undefined || method === "GET"
      ? undefined
      : typeof init.body === "string"
        ? init.body
        : JSON.stringify(init.body);
  const request = new Request(`http://localhost${url}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { "Content-Type": "application/json" } }),
  });
  const response = await (handler as Handler)(request, { params: Promise.resolve(init.params ?? {}) });
  const text = response.status === 204 ? "" : await response.clone().text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, json, response };
}

const errorOf = (r: { status: number; json: unknown }) => [r.status, (r.json as { error: unknown }).error];

let restoreEnv: (() => void) | undefined;
beforeAll(() => {
  restoreEnv = setAppEnv(
    ["ACCOUNTS_FILE", "ADMIN_EMAIL", "DATA_DIR", "DATABASE_URL", "KITCHEN_BACKFILL_DAYS"],
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-admin-routes-")),
      KITCHEN_BACKFILL_DAYS: "0",
    },
  );
});
afterAll(() => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
});

const EVERY_ROUTE: [string, string, unknown, Record<string, string>?][] = [
  ["GET", "/api/admin/people", peopleRoute.GET],
  ["POST", "/api/admin/people", peopleRoute.POST],
  ["PATCH", "/api/admin/people/1", personRoute.PATCH, { id: "1" }],
  ["GET", "/api/admin/areas", areasRoute.GET],
  ["POST", "/api/admin/areas", areasRoute.POST],
  ["PATCH", "/api/admin/areas/1", areaRoute.PATCH, { id: "1" }],
  ["DELETE", "/api/admin/areas/1", areaRoute.DELETE, { id: "1" }],
  ["GET", "/api/admin/restaurants", restaurantsRoute.GET],
  ["POST", "/api/admin/restaurants", restaurantsRoute.POST],
  ["GET", "/api/admin/audit", auditRoute.GET],
  ["GET", "/api/admin/audit.csv", auditCsvRoute.GET],
];

describe("who may use the admin API", () => {
  it.each(EVERY_ROUTE)(
    "%s %s: 401 signed out, 403 for an area manager and a viewer, before reading input",
    async (method, url, handler, params) => {
      signIn(null);
      expect((await call(handler, method, url, { body: "{nope", params })).status).toBe(401);
      for (const email of ["ana@kitchen.test", "ben@kitchen.test"]) {
        signIn(email);
        const refused = await call(handler, method, url, { body: "{nope", params });
        expect(errorOf(refused)).toEqual([
          403,
          { status: 403, code: "forbidden", message: "Only owners and admins may use the admin API" },
        ]);
        expect(refused.response.headers.get("cache-control")).toBe("private, no-store");
      }
    },
  );

  it("reads the role on every request: a viewer made admin may, made viewer again may not", async () => {
    signIn("admin@kitchen.test");
    const ben = (
      (await call(peopleRoute.GET, "GET", "/api/admin/people")).json as { people: Person[] }
    ).people.find((p) => p.email === "ben@kitchen.test")!;
    const patch = (role: string) =>
      call(personRoute.PATCH, "PATCH", `/api/admin/people/${ben.id}`, {
        body: { role },
        params: { id: String(ben.id) },
      });
    expect((await patch("admin")).status).toBe(200);
    expect(await mayAdminister({ email: "ben@kitchen.test", name: null })).toBe(true);
    signIn("ben@kitchen.test");
    expect((await call(areasRoute.GET, "GET", "/api/admin/areas")).status).toBe(200);
    signIn("admin@kitchen.test");
    expect((await patch("viewer")).status).toBe(200);
    signIn("ben@kitchen.test");
    expect((await call(areasRoute.GET, "GET", "/api/admin/areas")).status).toBe(403);
  });
});

describe("the owner's admin API", () => {
  it("creates an area and a manager for it, who then sees exactly its restaurants and may edit their targets", async () => {
    signIn("admin@kitchen.test");
    const area = await call(areasRoute.POST, "POST", "/api/admin/areas", {
      body: { name: "Lakeside", restaurants: [guidOf("Lakeside Diner"), guidOf("Northside Noodle Bar")] },
    });
    expect(area.status).toBe(201);
    const { id: areaId } = area.json as Area;
    const created = await call(peopleRoute.POST, "POST", "/api/admin/people", {
      body: {
        email: "Cook@Kitchen.test",
        name: "Casey Cook",
        role: "manager",
        areas: [areaId],
        password: "a long enough password",
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      email: "cook@kitchen.test",
      role: "manager",
      areaIds: [areaId],
      hasPassword: true,
    });
    const cook = { email: "cook@kitchen.test", name: null };
    expect((await permittedGuids(cook)).map(nameOf)).toEqual(["Lakeside Diner", "Northside Noodle Bar"]);
    expect(await mayEditTargets(cook, guidOf("Lakeside Diner"), "own")).toBe(true);
    expect(await mayEditTargets(cook, guidOf("Harbor Street Kitchen"), "own")).toBe(false);
    // A viewer reads their restaurants and edits none; an area manager edits those of their area.
    expect(
      await mayEditTargets({ email: "ben@kitchen.test", name: null }, guidOf("Lakeside Diner"), "own"),
    ).toBe(false);
    expect(
      await mayEditTargets({ email: "ana@kitchen.test", name: null }, guidOf("Harbor Street Kitchen"), "own"),
    ).toBe(true);
    const [entry] = (
      (await call(auditRoute.GET, "GET", "/api/admin/audit?action=person.create")).json as {
        entries: AuditRecord[];
      }
    ).entries;
    expect(entry).toMatchObject({
      actorEmail: "admin@kitchen.test",
      subjectId: String((created.json as Person).id),
      before: null,
      after: { email: "cook@kitchen.test", role: "manager", areaIds: [areaId] },
    });
  });

  it("deactivating a person signs them out at their next request, audited with before and after", async () => {
    signIn("admin@kitchen.test");
    const created = await call(peopleRoute.POST, "POST", "/api/admin/people", {
      body: { email: "temp@kitchen.test", role: "viewer", restaurants: [guidOf("Pier 9 Pizza")] },
    });
    const id = String((created.json as Person).id);
    signIn("temp@kitchen.test");
    expect(await getAppSession()).toMatchObject({ email: "temp@kitchen.test" });
    signIn("admin@kitchen.test");
    const off = await call(personRoute.PATCH, "PATCH", `/api/admin/people/${id}`, {
      body: { active: false },
      params: { id },
    });
    expect(off.json).toMatchObject({ active: false, deactivatedAt: expect.any(String) });
    signIn("temp@kitchen.test");
    expect(await getAppSession()).toBeNull();
    expect((await call(areasRoute.GET, "GET", "/api/admin/areas")).status).toBe(401);
    signIn("admin@kitchen.test");
    const log = (await call(auditRoute.GET, "GET", "/api/admin/audit?action=person.deactivate")).json as {
      entries: AuditRecord[];
    };
    expect(log.entries[0]).toMatchObject({
      subjectId: id,
      before: { active: true },
      after: { active: false },
    });
  });

  it("refuses bad input with a 400 naming each problem, and saves nothing of a refused write", async () => {
    signIn("admin@kitchen.test");
    expect(
      errorOf(
        await call(peopleRoute.POST, "POST", "/api/admin/people", { body: { email: "nope", role: "chef" } }),
      ),
    ).toEqual([
      400,
      {
        status: 400,
        code: "invalid_request",
        message:
          "email: must be an e-mail address; role: must be one of owner, admin, area_manager, manager, viewer",
      },
    ]);
    expect(
      errorOf(await call(peopleRoute.POST, "POST", "/api/admin/people", { body: "{nope" }))[1],
    ).toMatchObject({
      code: "invalid_json",
    });
    expect(
      errorOf(
        await call(peopleRoute.POST, "POST", "/api/admin/people", {
          body: { email: "a@b.co", role: "viewer", password: "short" },
        }),
      )[1],
    ).toMatchObject({ message: "password: must be at least 10 characters" });
    const before = await call(auditRoute.GET, "GET", "/api/admin/audit");
    // The person would be written before the area is found missing: nothing of it stays.
    const refused = await call(peopleRoute.POST, "POST", "/api/admin/people", {
      body: { email: "ghost@kitchen.test", role: "manager", areas: [9999] },
    });
    expect(errorOf(refused)).toEqual([
      400,
      { status: 400, code: "unknown_area", message: "No such area: 9999" },
    ]);
    const people = (await call(peopleRoute.GET, "GET", "/api/admin/people")).json as { people: Person[] };
    expect(people.people.map((p) => p.email)).not.toContain("ghost@kitchen.test");
    expect((await call(auditRoute.GET, "GET", "/api/admin/audit")).json).toEqual(before.json);
    expect(
      errorOf(
        await call(personRoute.PATCH, "PATCH", "/api/admin/people/1", { body: {}, params: { id: "1" } }),
      )[1],
    ).toMatchObject({
      message: "name at least one of name, role, areas, restaurants, active",
    });
    expect(
      (
        await call(personRoute.PATCH, "PATCH", "/api/admin/people/x", {
          body: { role: "viewer" },
          params: { id: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(personRoute.PATCH, "PATCH", "/api/admin/people/9999", {
          body: { role: "viewer" },
          params: { id: "9999" },
        })
      ).status,
    ).toBe(404);
    expect(errorOf(await call(auditRoute.GET, "GET", "/api/admin/audit?from=yesterday"))[1]).toMatchObject({
      message: "from: must be a date (YYYY-MM-DD) or an ISO date-time with a zone",
    });
  });

  it("keeps owners for owners: an admin's change of an owner is a 403, the last owner's demotion a 400", async () => {
    signIn("admin@kitchen.test");
    await call(peopleRoute.POST, "POST", "/api/admin/people", {
      body: { email: "boss@kitchen.test", role: "admin" },
    });
    const people = ((await call(peopleRoute.GET, "GET", "/api/admin/people")).json as { people: Person[] })
      .people;
    const owner = people.find((p) => p.email === "admin@kitchen.test")!;
    const ownerPatch = (body: unknown) =>
      call(personRoute.PATCH, "PATCH", `/api/admin/people/${owner.id}`, {
        body,
        params: { id: String(owner.id) },
      });
    expect(errorOf(await ownerPatch({ role: "viewer" }))).toEqual([
      400,
      {
        status: 400,
        code: "last_owner",
        message: "The last owner cannot be demoted or deactivated; make another owner first",
      },
    ]);
    signIn("boss@kitchen.test");
    expect(errorOf(await ownerPatch({ active: false }))).toEqual([
      403,
      { status: 403, code: "owners_only", message: "Only an owner can change an owner" },
    ]);
    expect(
      (
        await call(peopleRoute.POST, "POST", "/api/admin/people", {
          body: { email: "o2@kitchen.test", role: "owner" },
        })
      ).status,
    ).toBe(403);
  });

  it("renames, refills and deletes an area; a missing one is a 404", async () => {
    signIn("admin@kitchen.test");
    const { id } = (await call(areasRoute.POST, "POST", "/api/admin/areas", { body: { name: "North" } }))
      .json as Area;
    const params = { id: String(id) };
    expect(
      (await call(areasRoute.POST, "POST", "/api/admin/areas", { body: { name: " north " } })).json,
    ).toMatchObject({
      error: { status: 400, code: "area_name_taken", message: 'An area named "north" exists already' },
    });
    const renamed = await call(areaRoute.PATCH, "PATCH", `/api/admin/areas/${id}`, {
      body: { name: "North side", restaurants: [guidOf("Northside Noodle Bar")] },
      params,
    });
    expect(renamed.json).toMatchObject({
      name: "North side",
      restaurantGuids: [guidOf("Northside Noodle Bar")],
    });
    expect(
      errorOf(
        await call(areaRoute.PATCH, "PATCH", `/api/admin/areas/${id}`, {
          body: { restaurants: ["x"] },
          params,
        }),
      )[1],
    ).toMatchObject({
      message: "restaurants.0: must be a restaurant GUID (8-4-4-4-12 hexadecimal digits)",
    });
    expect((await call(areaRoute.DELETE, "DELETE", `/api/admin/areas/${id}`, { params })).status).toBe(204);
    expect((await call(areaRoute.DELETE, "DELETE", `/api/admin/areas/${id}`, { params })).status).toBe(404);
    const log = (
      (await call(auditRoute.GET, "GET", `/api/admin/audit?action=area.update`)).json as {
        entries: AuditRecord[];
      }
    ).entries;
    expect(log.find((e) => e.subjectId === String(id))).toMatchObject({
      before: { name: "North", restaurantGuids: [] },
      after: { name: "North side", restaurantGuids: [guidOf("Northside Noodle Bar")] },
    });
  });

  it("adds a restaurant once (409 the second time), and lists it last", async () => {
    signIn("admin@kitchen.test");
    const added = await call(restaurantsRoute.POST, "POST", "/api/admin/restaurants", {
      body: { guid: NEW_GUID.toUpperCase(), label: "Dockside" },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ guid: NEW_GUID, label: "Dockside", addedBy: "admin@kitchen.test" });
    expect(
      errorOf(
        await call(restaurantsRoute.POST, "POST", "/api/admin/restaurants", { body: { guid: NEW_GUID } }),
      )[0],
    ).toBe(409);
    const list = (
      (await call(restaurantsRoute.GET, "GET", "/api/admin/restaurants")).json as {
        restaurants: AddedRestaurant[];
      }
    ).restaurants;
    expect(list.map((r) => r.guid)).toEqual([...world.restaurants.map((r) => r.guid), NEW_GUID]);
    // Owners see it at once; the area manager does not.
    expect((await permittedGuids({ email: "admin@kitchen.test", name: null })).at(-1)).toBe(NEW_GUID);
    expect(await permittedGuids({ email: "ana@kitchen.test", name: null })).not.toContain(NEW_GUID);
  });

  it("filters the audit log and gives the same entries as CSV, newest first", async () => {
    signIn("admin@kitchen.test");
    const all = (
      (await call(auditRoute.GET, "GET", "/api/admin/audit?actor=ADMIN@kitchen.test")).json as {
        entries: AuditRecord[];
      }
    ).entries;
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((e) => e.actorEmail === "admin@kitchen.test")).toBe(true);
    expect(
      [...all].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : Number(b.id) - Number(a.id))),
    ).toEqual(all);
    const forRestaurant = (
      (await call(auditRoute.GET, "GET", `/api/admin/audit?restaurant=${NEW_GUID}`)).json as {
        entries: AuditRecord[];
      }
    ).entries;
    expect(forRestaurant.map((e) => e.action)).toEqual(["restaurant.add"]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        (await call(auditRoute.GET, "GET", `/api/admin/audit?from=${tomorrow}`)).json as {
          entries: unknown[];
        }
      ).entries,
    ).toEqual([]);
    const csv = await call(auditCsvRoute.GET, "GET", "/api/admin/audit.csv?actor=admin@kitchen.test");
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.response.headers.get("content-disposition")).toBe(
      'attachment; filename="audit-log_actor-admin-kitchen-test.csv"',
    );
    const rows = parse((csv.json as string).replace(/^\uFEFF/, ""), { columns: true }) as Record<
      string,
      string
    >[];
    // The one header style; `at` the same instant, ISO 8601 with its offset spelled +00:00.
    expect(Object.keys(rows[0]!)).toEqual([
      "at",
      "actor_email",
      "action",
      "subject_kind",
      "subject_id",
      "restaurant_guid",
      "before",
      "after",
    ]);
    expect(rows.map((r) => [r.at, r.action, r.subject_id])).toEqual(
      all.map((e) => [e.at.replace(/Z$/, "+00:00"), e.action, e.subjectId]),
    );
    expect(JSON.parse(rows.find((r) => r.action === "restaurant.add")!.after!)).toEqual({
      guid: NEW_GUID,
      label: "Dockside",
    });
  });
});
