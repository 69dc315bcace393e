import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

import { getPermittedRestaurant, isPermitted, permittedGuids } from "@/lib/access/permitted-restaurants";
import { accountDirectory } from "@/lib/auth/accounts";
import { AccountsFileError, parseAccountsFile } from "@/lib/auth/accounts-file";
import { resetEnvForTests } from "@/lib/env";
import { defaultWorld } from "@/lib/sandbox/world";

const world = defaultWorld();
const guidOf = (name: string) => world.restaurants.find((r) => r.name === name)!.guid;
const HASH = "$2b$10$4N5bBT4Ro6.9t2QYkZNGzejoeLZM6LPXrdivPVliyajYKeYiGapa6";

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("demo accounts", () => {
  it("lists every restaurant of the sandbox world, archived included", () => {
    expect([...accountDirectory().restaurantGuids].sort()).toEqual(
      world.restaurants.map((r) => r.guid).sort(),
    );
  });

  it("gives each demo account exactly its restaurants", () => {
    const names = (email: string) =>
      permittedGuids({ email, name: null }).map(
        (guid) => world.restaurants.find((r) => r.guid === guid)!.name,
      );
    expect(names("admin@kitchen.test")).toHaveLength(world.restaurants.length);
    expect(names("ana@kitchen.test")).toEqual(["Harbor Street Kitchen", "Mesa Verde Cantina"]);
    expect(names("ben@kitchen.test")).toEqual(["Lakeside Diner", "Pier 9 Pizza"]);
    expect(names("nobody@kitchen.test")).toEqual([]);
  });

  it("matches e-mails without regard to case or surrounding space", () => {
    expect(isPermitted({ email: " Ana@Kitchen.TEST ", name: null }, guidOf("Mesa Verde Cantina"))).toBe(true);
  });

  it("refuses another account's restaurant, and answers without asking the Platform", async () => {
    const ana = { email: "ana@kitchen.test", name: null };
    expect(isPermitted(ana, guidOf("Lakeside Diner"))).toBe(false);
    // No Platform is reachable in unit tests: a permitted lookup would throw, a refused one cannot.
    await expect(getPermittedRestaurant(ana, guidOf("Lakeside Diner"))).resolves.toBeNull();
    await expect(getPermittedRestaurant(ana, "00000000-0000-0000-0000-000000000000")).resolves.toBeNull();
  });
});

describe("ACCOUNTS_FILE", () => {
  function useFile(content: unknown): string {
    const dir = mkdtempSync(join(tmpdir(), "kp-accounts-"));
    const path = join(dir, "accounts.json");
    writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
    vi.stubEnv("ACCOUNTS_FILE", path);
    resetEnvForTests();
    return path;
  }

  it("is read instead of the demo accounts", () => {
    useFile({
      restaurants: [{ guid: "r1" }, { guid: "r2" }],
      accounts: [{ email: "cook@example.com", passwordHash: HASH, restaurants: ["r2"] }],
    });
    expect(accountDirectory().restaurantGuids).toEqual(["r1", "r2"]);
    expect(permittedGuids({ email: "cook@example.com", name: null })).toEqual(["r2"]);
    expect(permittedGuids({ email: "ana@kitchen.test", name: null })).toEqual([]);
  });

  it("fails with every bad field named", () => {
    const path = useFile({
      restaurants: [{ guid: "r1" }, { guid: "r1" }],
      accounts: [
        { email: "not-an-email", passwordHash: "plaintext", restaurants: ["r9"] },
        { email: "a@example.com", restaurants: "all" },
      ],
    });
    let error: unknown;
    try {
      accountDirectory();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AccountsFileError);
    const message = (error as Error).message;
    expect(message).toContain(path);
    expect(message).toContain("accounts.0.email: must be an e-mail address");
    expect(message).toContain("accounts.0.passwordHash: must be a bcrypt hash");
    expect(message).toContain("accounts.1.restaurants");
  });

  it("names a missing file", () => {
    vi.stubEnv("ACCOUNTS_FILE", "/nonexistent/accounts.json");
    resetEnvForTests();
    expect(() => accountDirectory()).toThrow(/ACCOUNTS_FILE \/nonexistent\/accounts.json cannot be read/);
  });

  it("refuses a restaurant an account names but the file does not list", () => {
    expect(() =>
      parseAccountsFile(
        JSON.stringify({
          restaurants: [{ guid: "r1" }],
          accounts: [{ email: "a@b.co", restaurants: ["r2"] }],
        }),
        "t",
      ),
    ).toThrow(/accounts\.0\.restaurants\.0: r2 is not one of the file's restaurants/);
  });

  it("refuses a restaurant listed twice", () => {
    expect(() =>
      parseAccountsFile(JSON.stringify({ restaurants: [{ guid: "r1" }, { guid: "r1" }], accounts: [] }), "t"),
    ).toThrow(/restaurants\.1\.guid: duplicate restaurant r1/);
  });

  it("refuses duplicate e-mails, even in different case", () => {
    expect(() =>
      parseAccountsFile(
        JSON.stringify({
          restaurants: [{ guid: "r1" }],
          accounts: [
            { email: "a@b.co", restaurants: "*" },
            { email: "A@B.co", restaurants: "*" },
          ],
        }),
        "t",
      ),
    ).toThrow(/duplicate account a@b.co/);
  });

  it("says when the file is not JSON", () => {
    expect(() => parseAccountsFile("{ nope", "broken.json")).toThrow(/broken.json is not valid JSON/);
  });
});
