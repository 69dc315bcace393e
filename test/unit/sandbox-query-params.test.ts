import { describe, expect, it } from "vitest";

import { readBusinessDateParam } from "@/lib/sandbox/business-date";
import { SandboxError } from "@/lib/sandbox/errors";
import { parseLastModified } from "@/lib/sandbox/last-modified";

function error400(fn: () => unknown): SandboxError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).status).toBe(400);
    return error as SandboxError;
  }
  throw new Error("expected a 400 SandboxError");
}

describe("parseLastModified", () => {
  it("reads milliseconds and every offset spelling", () => {
    const utc = Date.UTC(2026, 0, 5, 10, 0, 0, 123);
    expect(parseLastModified("2026-01-05T10:00:00.123+0000")).toBe(utc);
    expect(parseLastModified("2026-01-05T10:00:00.123+00:00")).toBe(utc);
    expect(parseLastModified("2026-01-05T05:00:00.123-0500")).toBe(utc);
    expect(parseLastModified("2026-01-05T15:30:00.123+05:30")).toBe(utc);
    expect(parseLastModified("0099-12-31T23:59:59.999+0000")).toBe(Date.parse("0099-12-31T23:59:59.999Z"));
  });

  it("explains %2B when the '+' arrived decoded as a space", () => {
    const decoded = new URLSearchParams("lastModified=2026-01-05T10:00:00.000+0000").get("lastModified")!;
    expect(decoded).toBe("2026-01-05T10:00:00.000 0000");
    expect(error400(() => parseLastModified(decoded)).message).toMatch(/%2B/);
  });

  it.each([
    ["2026-01-05T10:00:00.123Z", 123],
    ["2026-01-05T10:00:00Z", 0],
    ["2026-01-05T10:00:00+0000", 0],
    ["2026-01-05T10:00:00+00:00", 0],
    ["2026-01-05T10:00:00.1+00:00", 100],
    ["2026-01-05T10:00:00.1234567890123Z", 123],
    ["2026-01-05t10:00:00.123z", 123],
    ["2026-01-05T05:00:00-05:00", 0],
    ["2026-01-05T11:00:00.000+0100", 0],
  ])("accepts the RFC 3339 form %j, as the real service does", (value, ms) => {
    expect(parseLastModified(value)).toBe(Date.UTC(2026, 0, 5, 10, 0, 0, ms));
  });

  it.each([
    "2026-01-05",
    "yesterday",
    "",
    "2026-01-05T10:00:00",
    "2026-01-05T10:00:00.000",
    "2026-01-05T10:00+0000",
    "2026-01-05T10:00:00.+0000",
  ])("refuses %j, which is no RFC 3339 date-time with a zone", (value) => {
    expect(error400(() => parseLastModified(value)).message).toMatch(/RFC 3339 date-time with a zone/);
  });

  it.each([
    "2026-02-30T10:00:00.000+0000",
    "2026-13-01T10:00:00.000+0000",
    "2026-01-05T24:00:00.000+0000",
    "2026-01-05T10:60:00.000+0000",
  ])("refuses the impossible instant %j", (value) => {
    expect(error400(() => parseLastModified(value)).message).toMatch(/not a real date/);
  });
});

describe("readBusinessDateParam", () => {
  it("accepts real calendar dates, leap days included", () => {
    expect(readBusinessDateParam("20260105")).toBe("20260105");
    expect(readBusinessDateParam("20240229")).toBe("20240229");
  });

  it("requires the parameter", () => {
    expect(error400(() => readBusinessDateParam(null)).message).toMatch(/required/);
    expect(error400(() => readBusinessDateParam("")).message).toMatch(/required/);
  });

  it.each(["2026-01-05", "2026015", "202601050", "abcdefgh", " 20260105"])(
    "refuses the malformed %j",
    (value) => {
      expect(error400(() => readBusinessDateParam(value)).message).toMatch(/YYYYMMDD/);
    },
  );

  it.each(["20260230", "20250229", "20261301", "20260100", "20260431"])(
    "refuses %j, which is no calendar date",
    (value) => {
      expect(error400(() => readBusinessDateParam(value)).message).toMatch(/not a calendar date/);
    },
  );
});
