import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as noteRoute from "@/app/api/restaurants/[guid]/annotations/[id]/route";
import * as annotationsRoute from "@/app/api/restaurants/[guid]/annotations/route";
import { GET as annotationsCsvRoute } from "@/app/api/restaurants/[guid]/kitchen/annotations.csv/route";
import { GET as summaryRoute } from "@/app/api/restaurants/[guid]/kitchen/summary/route";
import type { Annotation, AnnotationsResponse } from "@/lib/annotations/annotations-contract";
import { listAudit } from "@/lib/audit/audit-log";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { getDatabase } from "@/lib/db/server";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { stationChangeOf, type StationChange } from "@/lib/sandbox/generate/station-change";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX, world } from "./contract-harness";

/**
 * The annotations routes as Next calls them, with the sandbox (over HTTP) as the Platform and the
 * app's own PGlite: a manager's note is listed with the range's markers in the annotations answer,
 * in the whole summary and in annotations.csv; the sandbox's dated prep-station change shows on its
 * own date; a viewer reads and gets 403 on every write; bad input is a 400 naming the problem; each
 * write is audited.
 */
const harbor = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const lakeside = world.restaurants.find((r) => r.name === "Lakeside Diner")!;
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;
const MANAGER = "ana@kitchen.test"; // area manager of Harbor & Mesa
const VIEWER = "ben@kitchen.test"; // viewer of Lakeside Diner and Pier 9
let sandbox: SandboxServer;
let restoreEnv: () => void;
let change: StationChange;

const base = (guid: string) => `http://localhost/api/restaurants/${guid}`;
const ctx = <P>(params: P) => ({ params: Promise.resolve(params) });
const json = (method: string, body: unknown) => ({
  method,
  body: typeof body === "string" ? body : JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
const list = (guid: string, from: string, to: string) =>
  annotationsRoute.GET(new Request(`${base(guid)}/annotations?from=${from}&to=${to}`), ctx({ guid }));
const post = (guid: string, body: unknown) =>
  annotationsRoute.POST(new Request(`${base(guid)}/annotations`, json("POST", body)), ctx({ guid }));
const patch = (guid: string, id: string, body: unknown) =>
  noteRoute.PATCH(new Request(`${base(guid)}/annotations/${id}`, json("PATCH", body)), ctx({ guid, id }));
const remove = (guid: string, id: string) =>
  noteRoute.DELETE(new Request(`${base(guid)}/annotations/${id}`, { method: "DELETE" }), ctx({ guid, id }));
const errorOf = async (r: Response) => [
  r.status,
  ((await r.json()) as { error: { code: string; message: string } }).error.message,
];

/** The whole summary, asked again while the range's dates are being fetched (202). */
async function summary(from: string, to: string): Promise<KitchenSummary & { annotations: Annotation[] }> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const r = await summaryRoute(
      new Request(`${base(harbor.guid)}/kitchen/summary?from=${from}&to=${to}`),
      ctx({ guid: harbor.guid }),
    );
    if (r.status === 200) return r.json();
    expect(r.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the summary never became ready");
}

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0 });
  change = stationChangeOf(harbor, Date.now())!;
  restoreEnv = setAppEnv(["ACCOUNTS_FILE", "SANDBOX_ENABLED", "DATA_DIR", "DATABASE_URL"], {
    PLATFORM_BASE_URL: sandbox.url,
    PLATFORM_CLIENT_ID: partner.clientId,
    PLATFORM_CLIENT_SECRET: partner.clientSecret,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-annotations-routes-")),
  });
});

afterAll(async () => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await sandbox?.close();
});

describe("the annotations routes", () => {
  it("list a manager's note with the configuration marker of its range, in the summary and in the CSV", async () => {
    signIn(MANAGER);
    const noteDate = addBusinessDays(change.businessDate, 1);
    const created = await post(harbor.guid, { date: noteDate, text: "  New grill cook on the line  " });
    expect(created.status).toBe(201);
    const { annotation: note } = (await created.json()) as { annotation: Annotation };
    expect(note).toEqual({
      id: expect.any(String),
      date: noteDate,
      kind: "note",
      text: "New grill cook on the line",
      by: MANAGER,
    });

    const answer = (await (
      await list(harbor.guid, change.businessDate, noteDate)
    ).json()) as AnnotationsResponse;
    expect(answer.mayEdit).toBe(true);
    // The sandbox changed Harbor's grill on change.businessDate: found on the first read, on that date.
    expect(answer.annotations).toEqual([
      {
        id: expect.any(String),
        date: change.businessDate,
        kind: "prep-station",
        text: "Prep station “Grill” changed (its configuration was modified)",
      },
      note,
    ]);

    const whole = await summary(change.businessDate, noteDate);
    expect(whole.annotations).toEqual(answer.annotations);
    expect([...new Set(whole.days.map((d) => d.businessDate))]).toEqual([change.businessDate, noteDate]);
    // A section's answer is the figures alone, as before.
    const section = await summaryRoute(
      new Request(`${base(harbor.guid)}/kitchen/summary?from=${noteDate}&to=${noteDate}&section=trend`),
      ctx({ guid: harbor.guid }),
    );
    expect(Object.keys(await section.json())).not.toContain("annotations");

    const csv = await annotationsCsvRoute(
      new Request(`${base(harbor.guid)}/kitchen/annotations.csv?from=${change.businessDate}&to=${noteDate}`),
      ctx({ guid: harbor.guid }),
    );
    expect(csv.status).toBe(200);
    const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
    expect(csv.headers.get("Content-Disposition")).toContain(
      `kitchen-annotations_${iso(change.businessDate)}_${iso(noteDate)}`,
    );
    expect((await csv.text()).replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "restaurant_guid,business_date,kind,text,by",
      `${harbor.guid},${iso(change.businessDate)},prep-station,Prep station “Grill” changed (its configuration was modified),`,
      `${harbor.guid},${iso(noteDate)},note,New grill cook on the line,${MANAGER}`,
      "",
    ]);
    // Outside the range: neither.
    const before = addBusinessDays(change.businessDate, -3);
    const earlier = (await (
      await list(harbor.guid, before, addBusinessDays(before, 1))
    ).json()) as AnnotationsResponse;
    expect(earlier.annotations).toEqual([]);
  });

  it("change and delete a note, each audited with who and what, and never a marker", async () => {
    signIn(MANAGER);
    const date = addBusinessDays(change.businessDate, 2);
    const { annotation } = (await (await post(harbor.guid, { date, text: "Menu launch" })).json()) as {
      annotation: Annotation;
    };
    const edited = await patch(harbor.guid, annotation.id!, { text: "Spring menu launch" });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { annotation: Annotation }).annotation.text).toBe("Spring menu launch");
    expect((await remove(harbor.guid, annotation.id!)).status).toBe(204);
    expect(await errorOf(await remove(harbor.guid, annotation.id!))).toEqual([
      404,
      expect.stringMatching(/No note/),
    ]);

    const entries = (await listAudit(await getDatabase(), { restaurant: harbor.guid })).filter(
      (e) => e.subjectId === annotation.id,
    );
    expect(entries.map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
      ["annotation.delete", MANAGER, { date, text: "Spring menu launch" }, null],
      ["annotation.update", MANAGER, { date, text: "Menu launch" }, { date, text: "Spring menu launch" }],
      ["annotation.create", MANAGER, null, { date, text: "Menu launch" }],
    ]);

    // The marker the app found is not a note: not edited, not deleted.
    const [marker] = (
      (await (
        await list(harbor.guid, change.businessDate, change.businessDate)
      ).json()) as AnnotationsResponse
    ).annotations;
    expect(marker!.kind).toBe("prep-station");
    expect((await patch(harbor.guid, marker!.id!, { text: "mine now" })).status).toBe(404);
    expect((await remove(harbor.guid, marker!.id!)).status).toBe(404);
  });

  it("refuse bad input with a 400 naming the problem, and save nothing of it", async () => {
    signIn(MANAGER);
    const date = addBusinessDays(change.businessDate, 3);
    const cases: [unknown, RegExp][] = [
      [{ date: "2026-11-01", text: "x" }, /date must be a business date written YYYYMMDD/],
      [{ date: "20261131", text: "x" }, /date must be a business date/],
      [{ date, text: "x".repeat(281) }, /text must be at most 280 characters/],
      [{ date, text: "   " }, /text must not be empty/],
      [{ date }, /text/],
      [{ date, text: "ok", kind: "routing" }, /kind/],
      ["{not json", /JSON/i],
    ];
    for (const [body, message] of cases) {
      const [status, text] = await errorOf(await post(harbor.guid, body));
      expect([status, text], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await post(harbor.guid, { date, text: "x".repeat(280) })).status).toBe(201);
    const saved = ((await (await list(harbor.guid, date, date)).json()) as AnnotationsResponse).annotations;
    expect(saved.map((a) => a.text.length)).toEqual([280]);
    expect(await errorOf(await list(harbor.guid, date, "soon"))).toEqual([
      400,
      expect.stringMatching(/to must be/),
    ]);
    // An id that names nothing is a 404, as every route's unknown path part.
    expect((await patch(harbor.guid, "abc", { text: "x" })).status).toBe(404);
  });

  it("let a viewer read annotations and answer 403 to every write, before reading the body", async () => {
    signIn(VIEWER);
    const today = addBusinessDays(change.businessDate, 20);
    const read = await list(lakeside.guid, addBusinessDays(today, -7), today);
    expect(read.status).toBe(200);
    expect(((await read.json()) as AnnotationsResponse).mayEdit).toBe(false);
    expect((await post(lakeside.guid, { date: today, text: "mine" })).status).toBe(403);
    expect((await post(lakeside.guid, "{nope")).status).toBe(403);
    expect((await patch(lakeside.guid, "1", { text: "x" })).status).toBe(403);
    expect((await remove(lakeside.guid, "1")).status).toBe(403);
    // A restaurant the viewer does not see is a 404, as for every route.
    expect((await post(harbor.guid, { date: today, text: "x" })).status).toBe(404);
  });
});
