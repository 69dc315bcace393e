import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

import { accountDirectory } from "@/lib/auth/accounts";
import { AccountsFileError, parseAccountsFile } from "@/lib/auth/accounts-file";
import { resetEnvForTests } from "@/lib/env";
import { defaultWorld } from "@/lib/sandbox/world";

const world = defaultWorld();
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

  it("gives each demo account its role, and ana the area of her two restaurants", () => {
    const demo = accountDirectory();
    const names = (guids: readonly string[]) =>
      guids.map((guid) => world.restaurants.find((r) => r.guid === guid)!.name);
    expect(demo.find("admin@kitchen.test")).toMatchObject({ role: "owner", everyRestaurant: true });
    expect(demo.find(" Ana@Kitchen.TEST ")).toMatchObject({
      role: "area_manager",
      areaNames: ["Harbor & Mesa"],
    });
    expect(names(demo.areas.find((a) => a.name === "Harbor & Mesa")!.restaurantGuids)).toEqual([
      "Harbor Street Kitchen",
      "Mesa Verde Cantina",
    ]);
    expect(demo.find("ben@kitchen.test")?.role).toBe("viewer");
    expect(names(demo.find("ben@kitchen.test")!.restaurantGuids)).toEqual(["Lakeside Diner", "Pier 9 Pizza"]);
    expect(demo.find("nobody@kitchen.test")).toBeUndefined();
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
    expect(accountDirectory().find("cook@example.com")?.restaurantGuids).toEqual(["r2"]);
    expect(accountDirectory().find("ana@kitchen.test")).toBeUndefined();
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

  it("refuses an area the file does not declare, and an area's restaurant it does not list", () => {
    expect(() =>
      parseAccountsFile(
        JSON.stringify({
          restaurants: [{ guid: "r1" }],
          areas: [{ name: "North", restaurants: ["r9"] }],
          accounts: [{ email: "a@b.co", restaurants: [], areas: ["South"] }],
        }),
        "t",
      ),
    ).toThrow(
      /accounts\.0\.areas\.0: South is not one of the file's areas[\s\S]*areas\.0\.restaurants\.0: r9/,
    );
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
