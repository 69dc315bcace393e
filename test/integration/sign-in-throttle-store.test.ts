import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SignInThrottledError, verifyPassword } from "@/lib/auth/auth-options";
import type { Database } from "@/lib/db/database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { getDatabase } from "@/lib/db/server";
import { DatabaseThrottleStore } from "@/lib/db/sign-in-throttle-store";
import { resetEnvForTests } from "@/lib/env";
import { forgetProcessSingleton } from "@/lib/process-singleton";
import { FREE_FAILURES, SignInThrottle, type Admission } from "@/lib/security/sign-in-throttle";

import { openTestDatabase, STORE_KINDS, type TestDatabase } from "./kitchen-harness";

/**
 * The sign-in throttle's counters through the database: two app instances (on PostgreSQL, two
 * pools on one database; on PGlite, two stores in the one process) see one another's attempts, so
 * a limit reached through one is enforced by the other.
 */
const ATTACKER = "203.0.113.7";
const OWNER_AT_HOME = "198.51.100.20";

function refusal(a: Admission): string | null {
  return a.admitted ? null : a.refusal;
}

describe.each(STORE_KINDS)("sign-in throttle counters on %s", (kind) => {
  let t: TestDatabase;
  let second: Database;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    second = t.url ? openPostgresDatabase(t.url, { max: 4 }) : t.db;
  });
  afterAll(async () => {
    if (second !== t.db) await second.close();
    await t.drop();
  });

  /** Two instances with the same limits, each with its own bcrypt cap (generous here). */
  function instances(maxAttemptsPerAddressPerMin = 5): [SignInThrottle, SignInThrottle] {
    const limits = { maxAttemptsPerAddressPerMin, maxBcryptPerSecond: 1_000 };
    return [
      new SignInThrottle({ store: new DatabaseThrottleStore(async () => t.db), limits }),
      new SignInThrottle({ store: new DatabaseThrottleStore(async () => second), limits }),
    ];
  }

  async function fail(throttle: SignInThrottle, email: string, address: string): Promise<Admission> {
    // An admitted attempt already counts as a failure until `succeeded` says otherwise.
    return throttle.admit(email, address);
  }

  it("enforces the per-address minute reached through one instance at the other", async () => {
    const [a, b] = instances(5);
    for (let i = 0; i < 3; i++) expect(refusal(await fail(a, `spray${i}@x.test`, "192.0.2.10"))).toBeNull();
    for (let i = 3; i < 5; i++) expect(refusal(await fail(b, `spray${i}@x.test`, "192.0.2.10"))).toBeNull();
    expect(refusal(await b.admit("spray5@x.test", "192.0.2.10"))).toBe("address");
    const refused = await a.admit("spray6@x.test", "192.0.2.10");
    expect(refused).toMatchObject({ admitted: false, refusal: "address" });
    expect(refused.admitted ? 0 : refused.retryInMs).toBeGreaterThan(50_000);
    // Another address has its own minute.
    expect(refusal(await a.admit("spray6@x.test", "192.0.2.11"))).toBeNull();
  });

  it("locks the (account, address) pair on both instances, and only that pair", async () => {
    const [a, b] = instances(100);
    for (let i = 0; i <= FREE_FAILURES; i++) await fail(i % 2 ? a : b, "owner@x.test", ATTACKER);
    expect(refusal(await a.admit("owner@x.test", ATTACKER))).toBe("account");
    expect(refusal(await b.admit("owner@x.test", ATTACKER))).toBe("account");
    const owner = await b.admit("owner@x.test", OWNER_AT_HOME);
    expect(refusal(owner)).toBeNull();
    if (owner.admitted) await b.succeeded(owner.ticket);
  });

  it("gives a successful attempt's slot back for both instances", async () => {
    const [a, b] = instances(2);
    for (let i = 0; i < 6; i++) {
      const admission = await (i % 2 ? a : b).admit(`cook${i}@x.test`, "192.0.2.20");
      expect(refusal(admission)).toBeNull();
      if (admission.admitted) await (i % 2 ? a : b).succeeded(admission.ticket);
    }
    await fail(a, "guess1@x.test", "192.0.2.20");
    await fail(b, "guess2@x.test", "192.0.2.20");
    expect(refusal(await a.admit("cook0@x.test", "192.0.2.20"))).toBe("address");
  });

  it("locks a pair hit through both instances at once after the free failures", async () => {
    const [a, b] = instances(100);
    const admissions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).admit("burst-owner@x.test", ATTACKER)),
    );
    expect(admissions.filter((x) => x.admitted)).toHaveLength(FREE_FAILURES + 1);
  });

  it("admits exactly the limit when both instances are hit at once", async () => {
    const [a, b] = instances(7);
    const admissions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).admit(`burst${i}@x.test`, "192.0.2.30")),
    );
    expect(admissions.filter((x) => x.admitted)).toHaveLength(7);
  });

  it("forgets rows no rule needs any more", async () => {
    const [a] = instances();
    await t.db.query(
      "INSERT INTO sign_in_backoff (throttle_key, failures, last_failure_ms, locked_until_ms) VALUES ('stale-pair', 9, 1000, 2000)",
    );
    await t.db.query(
      "INSERT INTO sign_in_attempts (throttle_key, stamps, updated_ms) VALUES ('stale-address', '{1000}', 1000)",
    );
    await fail(a, "sweeper@x.test", "192.0.2.40");
    expect(
      await t.db.query("SELECT throttle_key FROM sign_in_backoff WHERE throttle_key = 'stale-pair'"),
    ).toEqual([]);
    expect(
      await t.db.query("SELECT throttle_key FROM sign_in_attempts WHERE throttle_key = 'stale-address'"),
    ).toEqual([]);
  });
});

describe("the app's sign-in with DATABASE_URL", () => {
  let t: TestDatabase;
  const saved = process.env.DATABASE_URL;

  beforeAll(async () => {
    t = await openTestDatabase("postgres");
    process.env.DATABASE_URL = t.url!;
    resetEnvForTests();
    forgetProcessSingleton("sign-in-throttle");
  });
  afterAll(async () => {
    const db = await getDatabase();
    await db.close();
    forgetProcessSingleton("database");
    forgetProcessSingleton("sign-in-throttle");
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    resetEnvForTests();
    await t.drop();
  });

  it("keeps its counters in PostgreSQL, where another instance sees the lock", async () => {
    for (let i = 0; i <= FREE_FAILURES; i++)
      await expect(verifyPassword("ana@kitchen.test", `guess-${i}`, ATTACKER)).resolves.toBeNull();
    await expect(verifyPassword("ana@kitchen.test", "kitchen-demo", ATTACKER)).rejects.toBeInstanceOf(
      SignInThrottledError,
    );
    const other = new SignInThrottle({
      store: new DatabaseThrottleStore(async () => t.db),
      limits: { maxAttemptsPerAddressPerMin: 20, maxBcryptPerSecond: 1_000 },
    });
    expect(refusal(await other.admit("ana@kitchen.test", ATTACKER))).toBe("account");
    await expect(verifyPassword("ana@kitchen.test", "kitchen-demo", OWNER_AT_HOME)).resolves.toMatchObject({
      email: "ana@kitchen.test",
    });
  });
});
