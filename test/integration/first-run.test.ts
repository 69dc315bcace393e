import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";

import { POST as setup } from "@/app/api/setup/route";
import { permittedGuids } from "@/lib/access/permitted-restaurants";
import { roleOf } from "@/lib/access/roles";
import { usingDemoAccounts } from "@/lib/auth/accounts";
import { verifyPassword } from "@/lib/auth/auth-options";
import { getPeopleDatabase, setupAvailable } from "@/lib/auth/first-run";
import { getDatabase } from "@/lib/db/server";
import { listPeople } from "@/lib/people/people-store";
import { forgetProcessSingleton } from "@/lib/process-singleton";

import { setAppEnv } from "../support/app-env";

/**
 * The first run on the process's own database: ADMIN_EMAIL and /setup for an empty deployment, and
 * an accounts file imported once. Each case opens a fresh DATA_DIR.
 */
const HASH = "$2b$10$4N5bBT4Ro6.9t2QYkZNGzejoeLZM6LPXrdivPVliyajYKeYiGapa6"; // kitchen-demo
let restore: (() => void) | undefined;

function freshDeployment(values: Record<string, string>): void {
  restore = setAppEnv(["ACCOUNTS_FILE", "ADMIN_EMAIL", "DATA_DIR", "DATABASE_URL"], {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "kp-first-run-")),
    ...values,
  });
}

afterEach(async () => {
  await (await getDatabase()).close();
  forgetProcessSingleton("database");
  restore?.();
});
afterAll(() => restore?.());

const post = (body: unknown) =>
  setup(
    new Request("http://localhost/api/setup", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    }),
  );

describe("an empty deployment with ADMIN_EMAIL", () => {
  it("lets the first owner choose a password once, then answers 404", async () => {
    freshDeployment({ ADMIN_EMAIL: "Owner@Example.com" });
    expect(usingDemoAccounts()).toBe(false);
    expect(await setupAvailable()).toBe(true);
    // No demo accounts: nobody exists until the owner is made.
    expect(await listPeople(await getPeopleDatabase())).toEqual([]);
    const short = await post({ password: "short" });
    expect([short.status, await short.json()]).toEqual([
      400,
      {
        error: { status: 400, code: "invalid_request", message: "password: must be at least 10 characters" },
      },
    ]);
    expect((await post({ password: "the owner's password", name: "Olive Owner" })).status).toBe(201);
    expect((await post({ password: "someone else's password" })).status).toBe(404);
    expect(await setupAvailable()).toBe(false);
    const owner = { email: "owner@example.com", name: null };
    expect(await roleOf(owner)).toBe("owner");
    await expect(verifyPassword("owner@example.com", "the owner's password")).resolves.toMatchObject({
      email: "owner@example.com",
      name: "Olive Owner",
    });
    await expect(verifyPassword("owner@example.com", "someone else's password")).resolves.toBeNull();
    await expect(verifyPassword("admin@kitchen.test", "kitchen-demo")).resolves.toBeNull();
    // No restaurant is added yet: the owner sees none until one is.
    expect(await permittedGuids(owner)).toEqual([]);
  });
});

describe("an accounts file", () => {
  it("is imported once, roles inferred where it names none; later edits of the file change nobody", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kp-accounts-")), "accounts.json");
    writeFileSync(
      file,
      JSON.stringify({
        restaurants: [{ guid: "r1", label: "One" }, { guid: "r2" }],
        accounts: [
          { email: "boss@example.com", passwordHash: HASH, restaurants: "*" },
          { email: "cook@example.com", passwordHash: HASH, restaurants: ["r2"] },
        ],
      }),
    );
    freshDeployment({ ACCOUNTS_FILE: file });
    expect(await setupAvailable()).toBe(false);
    expect(
      (await listPeople(await getPeopleDatabase())).map((p) => [p.email, p.role, p.restaurantGuids]),
    ).toEqual([
      ["boss@example.com", "owner", []],
      ["cook@example.com", "manager", ["r2"]],
    ]);
    expect(await permittedGuids({ email: "boss@example.com", name: null })).toEqual(["r1", "r2"]);
    await expect(verifyPassword("cook@example.com", "kitchen-demo")).resolves.toMatchObject({
      email: "cook@example.com",
    });
    // The database is the source from now on.
    writeFileSync(file, JSON.stringify({ restaurants: [{ guid: "r1" }], accounts: [] }));
    forgetProcessSingleton("people-first-run");
    expect(await permittedGuids({ email: "cook@example.com", name: null })).toEqual(["r2"]);
    expect((await post({ password: "a long password" })).status).toBe(404);
  });
});
