import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { defaultWorld } from "@/lib/sandbox/world";

import { accessToken } from "../support/sandbox-login";

/**
 * Two sandboxes in two separate processes, started the way `npm run sandbox` starts one, with
 * the same frozen clock, must answer the same requests with byte-identical bodies: the data is
 * a function of the world, the request and the clock, never of process state or luck, once
 * they share a signing secret (`--signing-secret`, as instances behind one address would).
 * Without one, each process signs with its own random secret, and refuses the other's tokens.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const NOW = "2026-01-15T18:00:00.000Z";
const HARBOR = "c98e3b32-060d-5d78-bec6-0f715bff58b3";
const MESA = "bdf4a898-cff5-51ee-a01a-5f6bebeac94f";
const world = defaultWorld();
const partner = world.clients.find((c) => c.clientId === "kp-partner")!;

interface Child {
  process: ChildProcess;
  url: string;
}

const SHARED_SECRET = ["--signing-secret", "sandbox-determinism-shared-secret"];

async function startChild(extraFlags: string[]): Promise<Child> {
  // Unpaced requests and no busy-day wait: only the answers are under test here.
  const flags = [
    "--port",
    "0",
    "--now",
    NOW,
    "--rate-limit",
    "off",
    "--export-latency",
    "off",
    ...extraFlags,
  ];
  const child = spawn(process.execPath, ["--import", "tsx", "lib/sandbox/standalone.ts", ...flags], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Sandbox listening on (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}:\n${output}`)));
  });
  return { process: child, url };
}

async function stopChild(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null) return;
  const exited = once(child.process, "exit");
  child.process.kill("SIGTERM");
  await exited;
}

let a: Child | undefined;
let b: Child | undefined;
let c: Child | undefined; // c and d: no --signing-secret
let d: Child | undefined;

beforeAll(async () => {
  [a, b, c, d] = await Promise.all([
    startChild(SHARED_SECRET),
    startChild(SHARED_SECRET),
    startChild([]),
    startChild([]),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([stopChild(a), stopChild(b), stopChild(c), stopChild(d)]);
});

async function tokenAt(base: string): Promise<string> {
  return accessToken(base, partner);
}

async function fetchBoth(path: string, restaurant: string | null) {
  return Promise.all(
    [a!, b!].map(async (child) => {
      const response = await fetch(`${child.url}${path}`, {
        headers: {
          Authorization: `Bearer ${await tokenAt(child.url)}`,
          ...(restaurant ? { "Platform-Restaurant-External-ID": restaurant } : {}),
        },
      });
      expect(response.status, path).toBe(200);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        next: response.headers.get("platform-next-page-token"),
      };
    }),
  );
}

describe("two sandbox processes", () => {
  it("issue the same token for the same client at the same instant", async () => {
    expect(await tokenAt(a!.url)).toBe(await tokenAt(b!.url));
  });

  it.each([
    ["/config/v2/menus", HARBOR],
    ["/config/v2/menuItems", HARBOR],
    ["/config/v2/menuGroups", MESA],
    ["/config/v2/menuOptionGroups", MESA],
    ["/config/v2/taxRates", HARBOR],
    ["/config/v2/serviceCharges", HARBOR],
    ["/config/v2/discounts", MESA],
    ["/config/v2/tables", HARBOR],
    ["/config/v2/tipWithholding", HARBOR],
    ["/kitchen/v1/published/prepStations", HARBOR],
    [`/restaurants/v1/restaurants/${HARBOR}`, HARBOR],
    [`/restaurants/v1/restaurants/${MESA}`, MESA],
    ["/kitchen/v1/export/itemFulfillments?businessDate=20260110", HARBOR],
    ["/kitchen/v1/export/itemFulfillments?businessDate=20260113", MESA],
    // The open business date at the frozen instant: equal because the clocks are.
    ["/kitchen/v1/export/itemFulfillments?businessDate=20260115", HARBOR],
  ])("answer %s byte for byte alike", async (path, restaurant) => {
    const [first, second] = await fetchBoth(path, restaurant);
    expect(first!.body.length).toBeGreaterThan(2);
    expect(first!.body.equals(second!.body)).toBe(true);
    expect(first!.next).toBe(second!.next);
  });

  it("hand out page tokens that work across processes and lead to the same second page", async () => {
    const [first] = await fetchBoth("/config/v2/menuItems", HARBOR);
    expect(first!.next).toBeTruthy();
    const [p1, p2] = await fetchBoth(
      `/config/v2/menuItems?pageToken=${encodeURIComponent(first!.next!)}`,
      HARBOR,
    );
    expect(p1!.body.equals(p2!.body)).toBe(true);
  });
});

describe("two sandbox processes without a signing secret", () => {
  async function menusWith(base: string, token: string): Promise<number> {
    const response = await fetch(`${base}/config/v2/menus`, {
      headers: { Authorization: `Bearer ${token}`, "Platform-Restaurant-External-ID": HARBOR },
    });
    await response.arrayBuffer();
    return response.status;
  }

  it("each accept their own tokens and refuse the other's (a random secret per process)", async () => {
    const fromC = await tokenAt(c!.url);
    const fromD = await tokenAt(d!.url);
    expect(fromC).not.toBe(fromD);
    expect(await menusWith(c!.url, fromC)).toBe(200);
    expect(await menusWith(d!.url, fromD)).toBe(200);
    expect(await menusWith(d!.url, fromC)).toBe(401);
    expect(await menusWith(c!.url, fromD)).toBe(401);
    // Nor does a process without the secret take a token signed with a shared one.
    expect(await menusWith(c!.url, await tokenAt(a!.url))).toBe(401);
  });
});
