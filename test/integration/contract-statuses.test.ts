import { describe, expect, it } from "vitest";

import {
  PlatformAuthenticationError,
  PlatformBadRequestError,
  PlatformError,
  PlatformForbiddenError,
  PlatformLoginError,
  PlatformMissingScopeError,
  PlatformNotFoundError,
} from "@/lib/platform";

import {
  clientFor,
  credentials,
  HARBOR,
  MESA,
  OLD_TOWN,
  PAST_DATE,
  PIER9,
  sandboxForFile,
  UNKNOWN_GUID,
  wire,
} from "./contract-harness";

/** Every status of the contract, as the typed error (or result) the client turns it into. */
const server = sandboxForFile();

/** The rejection of `promise`, asserted to be a PlatformError that leaks no credential. */
async function failure(promise: Promise<unknown>, secrets: string[] = []): Promise<PlatformError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ""}`;
  for (const secret of [
    ...secrets,
    ...["kp-partner", "kp-harbor-group", "kp-config-only"].map((id) => credentials(id).clientSecret),
  ]) {
    expect(text).not.toContain(secret);
  }
  return error as PlatformError;
}

describe("401", () => {
  it("reports refused credentials as a refused PlatformLoginError without the secret, and does not retry", async () => {
    const net = wire();
    const secret = "not-the-secret-9f8e7d";
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch, clientSecret: secret });
    const error = await failure(client.restaurants.get(MESA), [secret]);
    expect(error).toBeInstanceOf(PlatformLoginError);
    expect((error as PlatformLoginError).reason).toBe("refused");
    expect(error.status).toBe(401);
    expect(error.endpoint).toBe("POST /authentication/v1/authentication/login");
    expect(error.requestId).toMatch(/\S/);
    expect(net.logins()).toBe(1);
    expect(net.calls).toHaveLength(1);
  });

  it("answers an unrecognized token with one new login and one retry, then PlatformAuthenticationError", async () => {
    let seenToken = "";
    const net = wire([], (headers) => {
      const auth = headers.get("authorization");
      if (auth) {
        seenToken = auth.slice("Bearer ".length);
        headers.set("authorization", "Bearer not-a-real-token");
      }
    });
    const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
    const error = await failure(client.config.list("menus", MESA));
    expect(error).toBeInstanceOf(PlatformAuthenticationError);
    expect(error.endpoint).toBe("GET /config/v2/menus");
    expect(seenToken).not.toBe("");
    expect(error.message).not.toContain(seenToken);
    expect(net.logins()).toBe(2);
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(2);
  });
});

describe("403", () => {
  it("refuses kitchen data to a client without the kitchen:read scope", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-config-only", { fetch: net.fetch });
    // The export is refused by the client itself: the token's scopes, read at sign-in, lack kitchen:read.
    const error = await failure(client.kitchen.itemFulfillments(HARBOR, PAST_DATE));
    expect(error).toBeInstanceOf(PlatformMissingScopeError);
    expect(error).toBeInstanceOf(PlatformForbiddenError);
    expect(error.status).toBeUndefined();
    expect(net.requestsTo("/kitchen/v1/export/itemFulfillments")).toHaveLength(0);
    expect(client.kitchen.missingScope()).toBe("kitchen:read");
    // The service refuses it too, with 403 (the prep stations are not checked by the client).
    const refused = await failure(client.kitchen.prepStations(HARBOR));
    expect(refused).toBeInstanceOf(PlatformForbiddenError);
    expect(refused.status).toBe(403);
    // The same client may read configuration, which its scope allows.
    await expect(client.config.list("menus", HARBOR)).resolves.toBeInstanceOf(Array);
  });

  it("refuses a restaurant outside the client's management group", async () => {
    const net = wire();
    const client = clientFor(server.url, "kp-harbor-group", { fetch: net.fetch });
    const error = await failure(client.config.list("menus", PIER9));
    expect(error).toBeInstanceOf(PlatformForbiddenError);
    expect(error.message).toContain("GET /config/v2/menus: 403");
    await expect(client.kitchen.itemFulfillments(PIER9, PAST_DATE)).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
    expect(net.requestsTo("/config/v2/menus")).toHaveLength(1);
  });
});

describe("404", () => {
  it("reports an unknown configuration GUID as PlatformNotFoundError", async () => {
    const client = clientFor(server.url);
    const error = await failure(client.config.get("menuItems", MESA, UNKNOWN_GUID));
    expect(error).toBeInstanceOf(PlatformNotFoundError);
    expect(error.endpoint).toBe(`GET /config/v2/menuItems/${UNKNOWN_GUID}`);
  });

  it("reports an unknown prep station and an unknown restaurant as not found", async () => {
    const client = clientFor(server.url);
    await expect(client.kitchen.prepStation(HARBOR, UNKNOWN_GUID)).rejects.toBeInstanceOf(
      PlatformNotFoundError,
    );
    await expect(client.restaurants.get(UNKNOWN_GUID)).rejects.toBeInstanceOf(PlatformNotFoundError);
  });

  it("hides an archived restaurant unless includeArchived is true", async () => {
    const client = clientFor(server.url);
    await expect(client.restaurants.get(OLD_TOWN)).rejects.toBeInstanceOf(PlatformNotFoundError);
    await expect(client.restaurants.get(OLD_TOWN, { includeArchived: true })).resolves.toMatchObject({
      guid: OLD_TOWN,
    });
  });
});

describe("400", () => {
  it.each(["2025-03-10", "20251340", "yesterday"])(
    "rejects businessDate %s as PlatformBadRequestError",
    async (date) => {
      const net = wire();
      const client = clientFor(server.url, "kp-partner", { fetch: net.fetch });
      const error = await failure(client.kitchen.itemFulfillments(HARBOR, date));
      expect(error).toBeInstanceOf(PlatformBadRequestError);
      expect(error.status).toBe(400);
      expect(error.message).toContain("GET /kitchen/v1/export/itemFulfillments: 400");
      expect(error.message).toContain(date);
    },
  );
});

describe("204", () => {
  it("reports a basic-tier restaurant's fulfillments as not-entitled, never as an empty day", async () => {
    const client = clientFor(server.url);
    const result = await client.kitchen.itemFulfillments(PIER9, PAST_DATE);
    expect(result.kind).toBe("not-entitled");
    expect(result).not.toHaveProperty("records");
  });
});
