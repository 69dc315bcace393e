import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import { getDatabase } from "@/lib/db/server";
import { resetEnvForTests } from "@/lib/env";
import { forgetProcessSingleton } from "@/lib/process-singleton";
import { FREE_FAILURES, MemoryThrottleStore, SignInThrottle } from "@/lib/security/sign-in-throttle";

import { SignInThrottledError, verifyPassword } from "./auth-options";

// The app's throttle keeps its counters in the database; here an in-memory one checks the wiring.
function memoryThrottle(
  limits = { maxAttemptsPerAddressPerMin: 20, maxBcryptPerSecond: 1_000 },
): SignInThrottle {
  return new SignInThrottle({ store: new MemoryThrottleStore(), limits });
}

// People are read from the database: a throwaway one, where the first run imports the demo accounts.
beforeAll(async () => {
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "kp-verify-password-")));
  vi.stubEnv("ACCOUNTS_FILE", "");
  vi.stubEnv("ADMIN_EMAIL", "");
  vi.stubEnv("DATABASE_URL", "");
  resetEnvForTests();
  // Opened, migrated and imported here, not inside the first test's time.
  await getPeopleDatabase();
}, 60_000);
afterAll(async () => {
  await (await getDatabase()).close();
  forgetProcessSingleton("database");
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("verifyPassword against the demo accounts", () => {
  it("accepts the demo password and returns the e-mail and name only", async () => {
    await expect(verifyPassword("Ana@Kitchen.test", "kitchen-demo", null, memoryThrottle())).resolves.toEqual(
      {
        id: "ana@kitchen.test",
        email: "ana@kitchen.test",
        name: "Ana Ortiz",
      },
    );
  });

  it("refuses a wrong password, an unknown e-mail and empty input", async () => {
    const throttle = memoryThrottle();
    await expect(verifyPassword("ben@kitchen.test", "kitchen-demo!", null, throttle)).resolves.toBeNull();
    await expect(verifyPassword("eve@kitchen.test", "kitchen-demo", null, throttle)).resolves.toBeNull();
    await expect(verifyPassword("", "", null, throttle)).resolves.toBeNull();
  });

  it("locks an account at one address after repeated failures, even for the right password, and not at another", async () => {
    const throttle = memoryThrottle();
    const email = "admin@kitchen.test";
    for (let i = 0; i <= FREE_FAILURES; i++)
      await expect(verifyPassword(email, `guess-${i}`, "203.0.113.7", throttle)).resolves.toBeNull();
    await expect(verifyPassword(email, "kitchen-demo", "203.0.113.7", throttle)).rejects.toBeInstanceOf(
      SignInThrottledError,
    );
    await expect(verifyPassword(email, "kitchen-demo", "198.51.100.20", throttle)).resolves.not.toBeNull();
    await expect(
      verifyPassword("ben@kitchen.test", "kitchen-demo", "203.0.113.7", throttle),
    ).resolves.not.toBeNull();
  });

  it("refuses without comparing once the address has used its minute", async () => {
    // Two comparisons a second at most, on a clock that stands still (however slow bcrypt runs
    // here): the refused attempt must leave the second one unspent.
    const frozen = () => 1_000_000;
    const throttle = new SignInThrottle({
      store: new MemoryThrottleStore(frozen),
      local: new MemoryThrottleStore(frozen),
      limits: { maxAttemptsPerAddressPerMin: 1, maxBcryptPerSecond: 2 },
    });
    await expect(verifyPassword("a@kitchen.test", "x", "203.0.113.7", throttle)).resolves.toBeNull();
    await expect(
      verifyPassword("ben@kitchen.test", "kitchen-demo", "203.0.113.7", throttle),
    ).rejects.toBeInstanceOf(SignInThrottledError);
    await expect(
      verifyPassword("ben@kitchen.test", "kitchen-demo", "198.51.100.20", throttle),
    ).resolves.not.toBeNull();
    await expect(
      verifyPassword("ana@kitchen.test", "kitchen-demo", "192.0.2.1", throttle),
    ).rejects.toBeInstanceOf(SignInThrottledError);
  });
});
