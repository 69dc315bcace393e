import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET } from "@/app/api/admin/discovery/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/server";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { runDiscovery } from "@/lib/restaurants/discovery";
import type { DiscoveryReport } from "@/lib/restaurants/discovery-contract";
import { addedRestaurantGuids } from "@/lib/restaurants/discovery-server";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { UNADDED_LOCATION } from "@/lib/sandbox/unadded-location";

import { setAppEnv } from "../support/app-env";
import { credentials, FAST_SANDBOX } from "./contract-harness";

/** GET /api/admin/discovery through the route wrapper: who may read it, and what it answers. */

let sandbox: SandboxServer;
let restoreEnv: (() => void) | undefined;

beforeAll(async () => {
  sandbox = await startSandboxServer({ ...FAST_SANDBOX, port: 0, unaddedLocation: true });
  restoreEnv = setAppEnv(["DATA_DIR", "DATABASE_URL", "ACCOUNTS_FILE"], {
    PLATFORM_BASE_URL: sandbox.url,
    PLATFORM_CLIENT_ID: credentials("kp-partner").clientId,
    PLATFORM_CLIENT_SECRET: credentials("kp-partner").clientSecret,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-admin-discovery-")),
  });
});
afterAll(async () => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await sandbox?.close();
});

function signIn(email: string | null): void {
  setServerSessionReaderForTests(async () =>
    email ? { user: { email, name: null }, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  );
}

const get = () => GET(new Request("http://localhost/api/admin/discovery"), { params: Promise.resolve({}) });

describe("GET /api/admin/discovery", () => {
  it("answers 401 without a session and 403 to an account that may not administer", async () => {
    signIn(null);
    expect((await get()).status).toBe(401);
    signIn("ben@kitchen.test");
    const refused = await get();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });

  it("gives the owner the report: unknown before a listing, then each location's state", async () => {
    signIn("admin@kitchen.test");
    const before = (await (await get()).json()) as DiscoveryReport;
    expect(before.lastSuccess).toBeNull();
    expect(before.locations).toHaveLength(addedRestaurantGuids().length);
    expect(before.locations.every((l) => l.state === "unknown")).toBe(true);

    const outcome = await runDiscovery(await getDatabase(), getPlatformClient(), addedRestaurantGuids());
    expect(outcome.ok).toBe(true);
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const report = (await response.json()) as DiscoveryReport;
    expect(report.clientType).toBe("PARTNER");
    const toAdd = report.locations.filter((l) => l.state === "accessible-not-added");
    expect(toAdd.map((l) => l.guid)).toEqual([UNADDED_LOCATION.guid]);
    expect(report.locations.filter((l) => l.state === "added-accessible")).toHaveLength(
      addedRestaurantGuids().length,
    );
  });
});
