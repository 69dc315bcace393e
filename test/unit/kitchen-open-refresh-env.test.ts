import { describe, expect, it } from "vitest";

import { envSchema } from "@/lib/env";

describe("KITCHEN_OPEN_REFRESH_S", () => {
  const REAL = {
    PLATFORM_BASE_URL: "https://platform.example.test",
    PLATFORM_CLIENT_ID: "id",
    PLATFORM_CLIENT_SECRET: "secret",
  };
  const refresh = (vars: Record<string, string>) => envSchema.parse(vars).KITCHEN_OPEN_REFRESH_S;

  it("defaults to 900 s against the real service and 180 s against the embedded sandbox", () => {
    expect(refresh(REAL)).toBe(900);
    expect(refresh({ ...REAL, KITCHEN_OPEN_REFRESH_S: "" })).toBe(900);
    expect(refresh({})).toBe(180);
  });

  it("takes an explicit value either way, and names a bad one", () => {
    expect(refresh({ ...REAL, KITCHEN_OPEN_REFRESH_S: "180" })).toBe(180);
    expect(refresh({ KITCHEN_OPEN_REFRESH_S: "900" })).toBe(900);
    const bad = envSchema.safeParse({ KITCHEN_OPEN_REFRESH_S: "0" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["KITCHEN_OPEN_REFRESH_S"]);
  });
});
