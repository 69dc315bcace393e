import { describe, expect, it } from "vitest";
import { FREE_FAILURES } from "./sign-in-throttle";
import { SignInThrottledError, verifyPassword } from "./auth-options";

describe("verifyPassword against the demo accounts", () => {
  it("accepts the demo password and returns the e-mail and name only", async () => {
    await expect(verifyPassword("Ana@Kitchen.test", "kitchen-demo")).resolves.toEqual({
      id: "ana@kitchen.test",
      email: "ana@kitchen.test",
      name: "Ana Ortiz",
    });
  });

  it("refuses a wrong password, an unknown e-mail and empty input", async () => {
    await expect(verifyPassword("ben@kitchen.test", "kitchen-demo!")).resolves.toBeNull();
    await expect(verifyPassword("eve@kitchen.test", "kitchen-demo")).resolves.toBeNull();
    await expect(verifyPassword("", "")).resolves.toBeNull();
  });

  it("locks an account after repeated failures, even for the right password", async () => {
    const email = "admin@kitchen.test";
    for (let i = 0; i <= FREE_FAILURES; i++) await expect(verifyPassword(email, `guess-${i}`)).resolves.toBeNull();
    await expect(verifyPassword(email, "kitchen-demo")).rejects.toBeInstanceOf(SignInThrottledError);
    // Another account is not affected.
    await expect(verifyPassword("ben@kitchen.test", "kitchen-demo")).resolves.not.toBeNull();
  });
});
