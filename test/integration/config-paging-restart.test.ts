import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as menuRoute } from "@/app/api/restaurants/[guid]/menu/route";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { generateRestaurantConfig } from "@/lib/sandbox/generate";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/node-server";
import { defaultWorld } from "@/lib/sandbox/world";

import { partnerTarget, setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { FAST_SANDBOX } from "./contract-harness";

/**
 * A 409 while paging (the service republished the configuration: "re-submit without the
 * pageToken"), over real HTTP: the sandbox refuses follow-up pages of menuItems as its test hook
 * says, and the Menu route, through the real client and the config reads, answers the whole menu
 * after one 409, and a clear 502 after three (two restarts, then the error).
 */
const world = defaultWorld();
const harbor = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const menuItems = generateRestaurantConfig({ world, restaurant: harbor, brand: "Platform" }).resources
  .menuItems;
/** Cleared and set for the file besides the Platform target (test/support/app-env.ts). */
const VARS = ["ACCOUNTS_FILE", "SANDBOX_ENABLED", "DATA_DIR", "DATABASE_URL"] as const;
let restoreEnv: (() => void) | undefined;

/** Follow-up pages of menuItems still to refuse with 409, and every one the sandbox was asked for. */
let conflictsLeft = 0;
const followUps: string[] = [];
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    ...FAST_SANDBOX,
    port: 0,
    pagingConflict: ({ list }) => {
      if (list !== "config/menuItems") return false;
      followUps.push(conflictsLeft > 0 ? "409" : "200");
      if (conflictsLeft === 0) return false;
      conflictsLeft -= 1;
      return true;
    },
  });
  restoreEnv = setAppEnv(VARS, {
    ...partnerTarget(sandbox.url),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-paging-409-")),
  });
  signIn("ana@kitchen.test");
});

afterAll(async () => {
  setServerSessionReaderForTests(null);
  restoreEnv?.();
  await sandbox?.close();
});

const menu = () =>
  menuRoute(new Request(`http://localhost/api/restaurants/${harbor.guid}/menu`), {
    params: Promise.resolve({ guid: harbor.guid }),
  });

describe("the Menu when the configuration is republished while paging", () => {
  // First, because the config reads keep a success for a minute and never a failure.
  it("fails clearly after a 409 on three passes in a row: two restarts, then a 502", async () => {
    conflictsLeft = 3;
    followUps.length = 0;
    const response = await menu();
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: expect.objectContaining({
        status: 502,
        code: "platform_republished",
        message: "The Platform's configuration kept changing while it was read; try again in a minute",
      }),
    });
    // Each pass stopped at its second page: three passes, no fourth.
    expect(followUps).toEqual(["409", "409", "409"]);
    expect(conflictsLeft).toBe(0);
  });

  it("answers the whole menu after a 409 on the second page, every item once", async () => {
    conflictsLeft = 1;
    followUps.length = 0;
    const response = await menu();
    expect(response.status).toBe(200);
    const model = (await response.json()) as { items: Record<string, unknown> };
    const expected = menuItems.map((v) => (v.entity as { guid: string }).guid);
    expect(new Set(expected).size).toBe(expected.length);
    expect(expected.every((guid) => guid in model.items)).toBe(true);
    // The restart listed the whole menu again: the first pass's one page plus a full second pass.
    expect(followUps[0]).toBe("409");
    expect(followUps.length).toBeGreaterThan(2);
  });
});
