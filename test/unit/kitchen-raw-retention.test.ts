import { describe, expect, it } from "vitest";

import { envSchema } from "@/lib/env";
import { earliestRawDate } from "@/lib/kitchen/storage/retention";

describe("KITCHEN_RAW_RETENTION_DAYS", () => {
  const parse = (value: string | undefined) =>
    envSchema.safeParse(value === undefined ? {} : { KITCHEN_RAW_RETENTION_DAYS: value });

  it("defaults to 400 days, takes 0 as keep for ever, and names a bad value", () => {
    expect(parse(undefined).data?.KITCHEN_RAW_RETENTION_DAYS).toBe(400);
    expect(parse("").data?.KITCHEN_RAW_RETENTION_DAYS).toBe(400);
    expect(parse("0").data?.KITCHEN_RAW_RETENTION_DAYS).toBe(0);
    expect(parse("30").data?.KITCHEN_RAW_RETENTION_DAYS).toBe(30);
    for (const bad of ["-1", "2.5", "a year"]) {
      const result = parse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["KITCHEN_RAW_RETENTION_DAYS"]);
    }
  });

  it("keeps the last N business dates, today included, across a month and a year end", () => {
    expect(earliestRawDate("20250320", 10)).toBe("20250311");
    expect(earliestRawDate("20250320", 1)).toBe("20250320");
    expect(earliestRawDate("20250301", 2)).toBe("20250228");
    expect(earliestRawDate("20250105", 400)).toBe("20231203");
    expect(earliestRawDate("20250320", 0)).toBeNull();
  });
});
