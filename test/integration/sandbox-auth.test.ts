import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { loginResponse } from "@/lib/platform/schemas/auth";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { contractLoginBody } from "../support/login-body";

/**
 * Authentication and access over real HTTP: login, bearer tokens, scopes, the restaurant
 * header, and the JSON error shape on every refusal.
 */
const world = defaultWorld();
const SECRET = "integration-test-signing-secret-42";
const NOW = Date.UTC(2026, 0, 15, 18, 0, 0);
const HARBOR = "c98e3b32-060d-5d78-bec6-0f715bff58b3";
const PIER9 = "f95d8028-8839-568c-8825-a481d66fbd4b";
const OLD_TOWN = "76c20b4f-540e-5b98-aa95-7742f77528db";
const UNKNOWN = "00000000-0000-5000-8000-000000000000";
const secretOf = (clientId: string) => world.clients.find((c) => c.clientId === clientId)!.clientSecret;

/** The real service's ErrorMessage: all ten fields, the reserved ones null as in its published example. */
interface ErrorMessage {
  status: number;
  code: number;
  message: string;
  messageKey: null;
  fieldName: string | null;
  link: null;
  requestId: string;
  developerMessage: null;
  errors: ErrorMessage[];
  canRetry: null;
}
const errorBody: z.ZodType<ErrorMessage> = z.strictObject({
  status: z.number().int(),
  code: z.number().int(),
  message: z.string().min(1),
  messageKey: z.null(),
  fieldName: z.string().nullable(),
  link: z.null(),
  requestId: z.uuid(),
  developerMessage: z.null(),
  get errors() {
    return z.array(errorBody);
  },
  canRetry: z.null(),
});

let clock = NOW;
let server: SandboxServer;

beforeAll(async () => {
  // These tests send raw requests back to back; the rate limits have tests of their own (sandbox-rate-limit).
  server = await startSandboxServer({
    world,
    signingSecret: SECRET,
    tokenLifetimeS: 600,
    now: () => clock,
    rateLimit: false,
  });
});
afterAll(async () => {
  await server.close();
});

function postLogin(body: unknown, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return fetch(`${server.url}/authentication/v1/authentication/login`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function tokenFor(clientId: string): Promise<string> {
  const response = await postLogin({
    clientId,
    clientSecret: secretOf(clientId),
    userAccessType: "PLATFORM_MACHINE_CLIENT",
  });
  expect(response.status).toBe(200);
  return loginResponse.parse(await response.json()).token.accessToken;
}

function get(path: string, token: string | null, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

/** Asserts the status and the one error shape, with the request id also in the header. */
async function expectError(response: Response, status: number, message?: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = errorBody.parse(await response.json());
  expect(body.status).toBe(status);
  expect(body.fieldName).toBeNull();
  expect(Math.floor(body.code / 100)).toBe(status);
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
  if (message) expect(body.message).toMatch(message);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.ts:\d+/); // no stack traces
  return body;
}

describe("POST login", () => {
  it("returns exactly the 2.2 body with a bearer JWT", async () => {
    const response = await postLogin({
      clientId: "kp-partner",
      clientSecret: secretOf("kp-partner"),
      userAccessType: "PLATFORM_MACHINE_CLIENT",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["@class", "status", "token"]);
    expect(body).toEqual(contractLoginBody(expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), 600));
  });

  it("401s a wrong secret, an unknown client and a wrong userAccessType", async () => {
    const cases: [clientId: string, clientSecret: string, userAccessType: string, message: RegExp][] = [
      ["kp-partner", "nope", "PLATFORM_MACHINE_CLIENT", /Invalid client credentials/],
      ["kp-nobody", secretOf("kp-partner"), "PLATFORM_MACHINE_CLIENT", /Invalid client credentials/],
      ["kp-partner", secretOf("kp-partner"), "TOAST_MACHINE_CLIENT", /PLATFORM_MACHINE_CLIENT/],
    ];
    for (const [clientId, clientSecret, userAccessType, message] of cases)
      await expectError(await postLogin({ clientId, clientSecret, userAccessType }), 401, message);
  });

  it("401s a JSON body with missing fields, naming them", async () => {
    const body = await expectError(await postLogin({ clientId: "kp-partner" }), 401);
    expect(body.errors.map((e) => e.fieldName).sort()).toEqual(["clientSecret", "userAccessType"]);
    for (const nested of body.errors)
      expect(nested).toMatchObject({ status: 401, code: body.code, requestId: body.requestId, errors: [] });
  });

  it("400s a body that is not JSON, or not sent as JSON", async () => {
    await expectError(await postLogin("clientId=kp-partner"), 400, /not valid JSON/);
    await expectError(
      await postLogin({ clientId: "x" }, { "Content-Type": "text/plain" }),
      400,
      /Content-Type/,
    );
  });

  it("405s a GET", async () => {
    const response = await get("/authentication/v1/authentication/login", null);
    await expectError(response, 405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("bearer tokens", () => {
  const menus = "/config/v2/menus";
  const harbor = { "Platform-Restaurant-External-ID": HARBOR };

  it("401 without a token, with a malformed header or a forged token", async () => {
    const missing = await get(menus, null, harbor);
    await expectError(missing, 401, /Missing Authorization/);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    await expectError(
      await get(menus, null, { ...harbor, Authorization: "Basic a3A6cHc=" }),
      401,
      /Bearer <access_token>/,
    );
    await expectError(await get(menus, "not-a-jwt", harbor), 401, /not recognized/);

    const real = await tokenFor("kp-partner");
    const forged = await new SignJWT({
      azp: "kp-partner",
      scope: "kitchen:read config:read",
      gty: "client-credentials",
    })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(world.issuer)
      .setAudience(world.audience)
      .setSubject("kp-partner@clients")
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 600)
      .sign(new TextEncoder().encode("a-guessed-secret-that-is-wrong"));
    await expectError(await get(menus, forged, harbor), 401, /not recognized/);
    // The same token with one character of its signature changed.
    const last = real.at(-1) === "A" ? "B" : "A";
    await expectError(await get(menus, `${real.slice(0, -1)}${last}`, harbor), 401, /not recognized/);
    expect((await get(menus, real, harbor)).status).toBe(200);
  });

  it("401 once the token has expired, and a fresh login works again", async () => {
    const token = await tokenFor("kp-partner");
    clock = NOW + 599_000;
    expect((await get(menus, token, harbor)).status).toBe(200);
    clock = NOW + 601_000;
    await expectError(await get(menus, token, harbor), 401, /expired/);
    const fresh = await tokenFor("kp-partner");
    expect((await get(menus, fresh, harbor)).status).toBe(200);
    clock = NOW;
  });

  it("403 when the token lacks the endpoint's scope", async () => {
    const token = await tokenFor("kp-config-only");
    await expectError(await get("/kitchen/v1/published/prepStations", token, harbor), 403, /kitchen:read/);
    await expectError(
      await get("/kitchen/v1/export/itemFulfillments?businessDate=20260110", token, harbor),
      403,
      /kitchen:read/,
    );
    expect((await get(menus, token, harbor)).status).toBe(200);
  });
});

describe("the restaurant header and restaurant access", () => {
  let partner: string;
  let group: string;
  beforeAll(async () => {
    partner = await tokenFor("kp-partner");
    group = await tokenFor("kp-harbor-group");
  });

  it.each([
    "/config/v2/menus",
    "/config/v2/menus/anything",
    "/config/v2/tipWithholding",
    "/kitchen/v1/published/prepStations",
    "/kitchen/v1/published/prepStations/anything",
    "/kitchen/v1/export/itemFulfillments?businessDate=20260110",
  ])("400 without Platform-Restaurant-External-ID on %s", async (path) => {
    await expectError(await get(path, partner), 400, /Platform-Restaurant-External-ID/);
  });

  it("403 for a restaurant outside the client's set, 404 for an unknown one", async () => {
    await expectError(
      await get("/config/v2/menus", group, { "Platform-Restaurant-External-ID": PIER9 }),
      403,
      /may not access/,
    );
    await expectError(
      await get("/kitchen/v1/published/prepStations", group, { "Platform-Restaurant-External-ID": PIER9 }),
      403,
    );
    await expectError(
      await get(`/restaurants/v1/restaurants/${PIER9}`, group, { "Platform-Restaurant-External-ID": PIER9 }),
      403,
    );
    await expectError(
      await get("/config/v2/menus", partner, { "Platform-Restaurant-External-ID": UNKNOWN }),
      404,
      /not found/,
    );
    await expectError(
      await get(`/restaurants/v1/restaurants/${UNKNOWN}`, partner, {
        "Platform-Restaurant-External-ID": UNKNOWN,
      }),
      404,
    );
    expect(
      (
        await get(`/restaurants/v1/restaurants/${PIER9}`, partner, {
          "Platform-Restaurant-External-ID": PIER9,
        })
      ).status,
    ).toBe(200);
  });

  it("400 on restaurant information without the restaurant header, or with one naming another restaurant", async () => {
    await expectError(
      await get(`/restaurants/v1/restaurants/${PIER9}`, partner),
      400,
      /Platform-Restaurant-External-ID header is required/,
    );
    await expectError(
      await get(`/restaurants/v1/restaurants/${PIER9}`, partner, {
        "Platform-Restaurant-External-ID": HARBOR,
      }),
      400,
      /names c98e3b32/,
    );
  });

  it("hides an archived restaurant's info unless includeArchived=true, but still serves its config", async () => {
    const oldTown = { "Platform-Restaurant-External-ID": OLD_TOWN };
    await expectError(
      await get(`/restaurants/v1/restaurants/${OLD_TOWN}`, partner, oldTown),
      404,
      /includeArchived/,
    );
    await expectError(
      await get(`/restaurants/v1/restaurants/${OLD_TOWN}?includeArchived=false`, partner, oldTown),
      404,
    );
    const archived = await get(
      `/restaurants/v1/restaurants/${OLD_TOWN}?includeArchived=true`,
      partner,
      oldTown,
    );
    expect(archived.status).toBe(200);
    expect((await archived.json()).general.archived).toBe(true);
    await expectError(
      await get(`/restaurants/v1/restaurants/${OLD_TOWN}?includeArchived=maybe`, partner, oldTown),
      400,
    );
    expect(
      (await get("/config/v2/menus", partner, { "Platform-Restaurant-External-ID": OLD_TOWN })).status,
    ).toBe(200);
  });
});

describe("routing", () => {
  it("404s unknown paths and resources with the JSON shape", async () => {
    const token = await tokenFor("kp-partner");
    await expectError(
      await get("/config/v2/employees", token, { "Platform-Restaurant-External-ID": HARBOR }),
      404,
      /No endpoint/,
    );
    await expectError(await get("/labor/v1/employees", token), 404);
    await expectError(await get("/", null), 404);
  });

  it("405s a POST to a GET endpoint, naming the allowed method", async () => {
    const response = await fetch(`${server.url}/config/v2/menus`, { method: "POST" });
    await expectError(response, 405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});
