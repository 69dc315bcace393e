import { describe, expect, it } from "vitest";

import type { KitchenPending, RangeAnswer } from "@/lib/kitchen/contract/responses";

import { pendingOf, periodProgress, progressText, readyValue } from "./range-progress";

const range = { from: "20250301", to: "20250330" };
const pending = (answered: number, total = 30): RangeAnswer<{ n: number }> => ({
  ready: false,
  retryAfterMs: 1000,
  pending: { status: "pending", total, pending: total - answered } as KitchenPending,
});

describe("a period's progress on the Kitchen page", () => {
  it("counts the dates with an answer while the period is fetched, every date once it is ready, none before its first answer", () => {
    expect(periodProgress("This period", range, pending(12))).toEqual({
      label: "This period",
      answered: 12,
      total: 30,
      ready: false,
    });
    expect(periodProgress("This period", range, { ready: true, value: { n: 1 } })).toEqual({
      label: "This period",
      answered: 30,
      total: 30,
      ready: true,
    });
    expect(periodProgress("Previous period", range, undefined)).toEqual({
      label: "Previous period",
      answered: 0,
      total: 30,
      ready: false,
    });
  });

  it("says it in words", () => {
    expect(progressText(periodProgress("This period", range, pending(12)))).toBe("12 of 30 days ready");
    expect(
      progressText(periodProgress("This period", { from: "20250301", to: "20250301" }, pending(0, 1))),
    ).toBe("0 of 1 day ready");
  });

  it("splits an answer into its figures and its progress", () => {
    expect(readyValue({ ready: true, value: { n: 1 } })).toEqual({ n: 1 });
    expect(readyValue(pending(3))).toBeUndefined();
    expect(pendingOf(pending(3))?.pending).toBe(27);
    expect(pendingOf({ ready: true, value: { n: 1 } })).toBeUndefined();
  });
});
