import { describe, expect, it } from "vitest";

import { envSchema } from "@/lib/env";

describe("mail settings", () => {
  it("default to the outbox, a sender of our own and links of 7 days and 1 hour", () => {
    const e = envSchema.parse({ SMTP_URL: "" });
    expect(e.SMTP_URL).toBeUndefined();
    expect(e.MAIL_FROM).toBe("Kitchen Pulse <no-reply@localhost>");
    expect(e.INVITATION_TTL_H).toBe(168);
    expect(e.PASSWORD_RESET_TTL_MIN).toBe(60);
  });

  it("take smtp:// and smtps:// URLs with credentials", () => {
    expect(envSchema.parse({ SMTP_URL: "smtp://user:p%40ss@mail.example.test:587" }).SMTP_URL).toBe(
      "smtp://user:p%40ss@mail.example.test:587",
    );
    expect(envSchema.parse({ SMTP_URL: "smtps://mail.example.test" }).SMTP_URL).toBe(
      "smtps://mail.example.test",
    );
  });

  it("name a URL of another scheme and a lifetime out of range", () => {
    for (const [name, value] of [
      ["SMTP_URL", "https://mail.example.test"],
      ["SMTP_URL", "mail.example.test:25"],
      ["INVITATION_TTL_H", "0"],
      ["PASSWORD_RESET_TTL_MIN", "2"],
    ] as const) {
      const bad = envSchema.safeParse({ [name]: value });
      expect(bad.success, `${name}=${value}`).toBe(false);
      expect(bad.error?.issues[0]?.path).toEqual([name]);
    }
    expect(envSchema.safeParse({ SMTP_URL: "http://x.test" }).error?.issues[0]?.message).toMatch(/smtp:\/\//);
  });
});
