import { describe, expect, it } from "vitest";

import { kitchenTargetsSchema } from "@/lib/kitchen/contract/params";

import {
  levelTargetsFrom,
  savedLevelTargets,
  TARGET_MINUTES,
  targetMinutesOf,
  targetSecondsFrom,
} from "./target-minutes";

describe("target minutes", () => {
  it("reads minutes with a point or a comma, to whole seconds", () => {
    expect(targetSecondsFrom("7.5")).toBe(450);
    expect(targetSecondsFrom("7,5")).toBe(450);
    expect(targetSecondsFrom(" 12 ")).toBe(720);
    expect(targetSecondsFrom("0.1")).toBe(6);
    expect(targetSecondsFrom("1440")).toBe(86_400);
  });

  it("refuses what is not minutes in range", () => {
    for (const text of ["", "  ", "abc", "0", "-3", "0.05", "1440.5", "1e9", "Infinity", "NaN", "7.5.1"])
      expect(targetSecondsFrom(text), text).toBeNull();
  });

  it("shows seconds as minutes to a tenth, and reads them back to the same target", () => {
    expect(targetMinutesOf(450)).toBe(7.5);
    expect(targetMinutesOf(900)).toBe(15);
    expect(targetMinutesOf(100)).toBe(1.7);
    for (let seconds = 6; seconds <= 86_400; seconds += 6)
      expect(targetSecondsFrom(String(targetMinutesOf(seconds)))).toBe(seconds);
  });

  it("accepts only what the API accepts", () => {
    for (const text of [String(TARGET_MINUTES.min), String(TARGET_MINUTES.max), "0.14", "1439.99"]) {
      const seconds = targetSecondsFrom(text);
      expect(seconds, text).not.toBeNull();
      expect(kitchenTargetsSchema.safeParse({ targets: [{ level: 0, seconds }] }).success, text).toBe(true);
    }
  });
});

describe("level targets from a form", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    return data;
  };
  const name = (level: number) => `level-${level}`;

  it("reads every level shown, in order", () => {
    expect(levelTargetsFrom(form({ "level-0": "7,5", "level-1": "12" }), [0, 1], name)).toEqual({
      input: [
        { level: 0, seconds: 450 },
        { level: 1, seconds: 720 },
      ],
    });
  });

  it("refuses with the first level out of range, and an empty or missing one", () => {
    expect(levelTargetsFrom(form({ "level-0": "7", "level-1": "0.05" }), [0, 1], name)).toEqual({
      refusal: "Level 1: enter minutes between 0.1 and 1440.",
    });
    expect(levelTargetsFrom(form({ "level-0": "" }), [0], name)).toEqual({
      refusal: "Level 0: enter minutes between 0.1 and 1440.",
    });
    expect(levelTargetsFrom(form({}), [2], name)).toEqual({
      refusal: "Level 2: enter minutes between 0.1 and 1440.",
    });
  });

  it("describes the saved targets of the levels shown only", () => {
    const saved = [
      { level: 0, seconds: 450, isDefault: false },
      { level: 1, seconds: 720, isDefault: true },
      { level: 2, seconds: 840, isDefault: true },
    ];
    expect(savedLevelTargets(saved, [0, 1])).toBe("level 0 7m 30s, level 1 12m 00s (default)");
  });
});
