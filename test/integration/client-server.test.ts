import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { PlatformForbiddenError } from "@/lib/platform";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";

import { setAppEnv } from "../support/app-env";
import { credentials, FAST_SANDBOX, HARBOR, MESA, PAST_DATE } from "./contract-harness";

/** getPlatformClient(): which service and credentials it picks from the environment. */
const VARS = ["PORT", "PLATFORM_BRAND"] as const;
let restoreEnv: (() => void) | undefined;
let mounted: SandboxServer; // the sandbox as the app mounts it, under /sandbox

beforeAll(async () => {
  mounted = await startSandboxServer({ ...FAST_SANDBOX, port: 0, basePath: "/sandbox" });
});
afterAll(async () => {
  await mounted?.close();
});
afterEach(() => {
  restoreEnv?.();
  restoreEnv = undefined;
});

/** The environment of one test (a second call in the same test starts from the file's again). */
function setEnv(values: Record<string, string>) {
  restoreEnv?.();
  restoreEnv = setAppEnv(VARS, values);
}

describe("getPlatformClient", () => {
  it("talks to the embedded sandbox over loopback, as the partner client, when no Platform is configured", async () => {
    // A public APP_ORIGIN (behind a TLS proxy) must not be where the app calls its own sandbox.
    setEnv({ PORT: new URL(mounted.url).port, APP_ORIGIN: "https://public.invalid" });
    const client = getPlatformClient();
    const result = await client.kitchen.itemFulfillments(HARBOR, PAST_DATE);
    expect(result.kind).toBe("data");
    expect(client.stats().logins).toBe(1);
  });

  it("returns one client per process, so the token is shared", async () => {
    setEnv({ PORT: new URL(mounted.url).port });
    const first = getPlatformClient();
    await first.config.tipWithholding(MESA);
    const second = getPlatformClient();
    expect(second).toBe(first);
    await second.config.tipWithholding(MESA);
    expect(second.stats().logins).toBe(1);
  });

  it("uses PLATFORM_BASE_URL with the configured credentials", async () => {
    const { clientId, clientSecret } = credentials("kp-config-only");
    setEnv({
      APP_ORIGIN: "http://localhost:1",
      PLATFORM_BASE_URL: mounted.url,
      PLATFORM_CLIENT_ID: clientId,
      PLATFORM_CLIENT_SECRET: clientSecret,
    });
    const client = getPlatformClient();
    await expect(client.config.tipWithholding(MESA)).resolves.toMatchObject({ entityType: "TipWithholding" });
    // kp-config-only lacks kitchen:read: proof that these credentials, not the sandbox partner's, are in use.
    await expect(client.kitchen.itemFulfillments(HARBOR, PAST_DATE)).rejects.toBeInstanceOf(
      PlatformForbiddenError,
    );
  });
});
