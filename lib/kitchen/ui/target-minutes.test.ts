import { describe, expect, it } from "vitest";
import { kitchenTargetsSchema } from "../contract/params";
import { targetMinutesOf, TARGET_MINUTES, targetSecondsFrom } from "./target-minutes";

describe("target minutes", () => {
  it("reads minutes with a point or a comma, to whole seconds", () => {
    expect(targetSecondsFrom("7.5")).toBe(450);
    expect(targetSecondsFrom("7,5")).toBe(450);
    expect(targetSecondsFrom(" 12 ")).toBe(720);
    expect(targetSecondsFrom("0.1")).toBe(6);
    expect(targetSecondsFrom("1440")).toBe(86_400);
  });

  it("refuses what is not minutes in range", () => {
    for (const text of ["", "  ", "abc", "0", "-3", "0.05", "1440.5", "1e9", "Infinity", "NaN", "7.5.1"]) expect(targetSecondsFrom(text), text).toBeNull();
  });

  it("shows seconds as minutes to a tenth, and reads them back to the same target", () => {
    expect(targetMinutesOf(450)).toBe(7.5);
    expect(targetMinutesOf(900)).toBe(15);
    expect(targetMinutesOf(100)).toBe(1.7);
    for (let seconds = 6; seconds <= 86_400; seconds += 6) expect(targetSecondsFrom(String(targetMinutesOf(seconds)))).toBe(seconds);
  });

  it("accepts only what the API accepts", () => {
    for (const text of [String(TARGET_MINUTES.min), String(TARGET_MINUTES.max), "0.14", "1439.99"]) {
      const seconds = targetSecondsFrom(text);
      expect(seconds, text).not.toBeNull();
      expect(kitchenTargetsSchema.safeParse({ targets: [{ level: 0, seconds }] }).success, text).toBe(true);
    }
  });
});
