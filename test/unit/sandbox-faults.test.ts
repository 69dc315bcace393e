import { describe, expect, it } from "vitest";

import { SandboxError } from "@/lib/sandbox/errors";
import { holdFor, parseFault, randomFault } from "@/lib/sandbox/faults";
import { resolveOptions, seededRandom } from "@/lib/sandbox/options";

describe("parseFault", () => {
  it("reads every documented value", () => {
    expect(parseFault(null)).toBeNull();
    expect(parseFault("")).toBeNull();
    expect(parseFault("429")).toEqual({ kind: "status", status: 429, retryAfterS: 1 });
    expect(parseFault("429=7")).toEqual({ kind: "status", status: 429, retryAfterS: 7 });
    expect(parseFault("500")).toEqual({ kind: "status", status: 500 });
    expect(parseFault("503")).toEqual({ kind: "status", status: 503, retryAfterS: undefined });
    expect(parseFault("503=2")).toEqual({ kind: "status", status: 503, retryAfterS: 2 });
    expect(parseFault("401")).toEqual({ kind: "status", status: 401 });
    expect(parseFault(" Timeout ")).toEqual({ kind: "timeout" });
    expect(parseFault("truncated")).toEqual({ kind: "truncated" });
    expect(parseFault("slow=250")).toEqual({ kind: "slow", ms: 250 });
  });

  it.each(["418", "slow", "slow=-1", "slow=999999", "429=abc", "timeout=5"])(
    "refuses %j with a 400 listing the values",
    (value) => {
      let error: unknown;
      try {
        parseFault(value);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SandboxError);
      expect((error as SandboxError).status).toBe(400);
      expect((error as SandboxError).message).toMatch(/timeout, truncated, slow=<ms>/);
    },
  );
});

describe("randomFault", () => {
  it("never fires at rate 0 and always at rate 1, choosing only retryable statuses", () => {
    const never = resolveOptions({ faultRate: 0 });
    for (let i = 0; i < 100; i++) expect(randomFault(never)).toBeNull();
    const always = resolveOptions({ faultRate: 1, random: seededRandom("x") });
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const fault = randomFault(always);
      expect(fault?.kind).toBe("status");
      if (fault?.kind === "status") statuses.add(fault.status);
    }
    expect([...statuses].sort()).toEqual([429, 500, 503]);
  });

  it("fires at about the configured rate, reproducibly for one seed", () => {
    const count = (seed: string) => {
      const settings = resolveOptions({ faultRate: 0.2, random: seededRandom(seed) });
      return Array.from({ length: 2000 }, () => randomFault(settings)).filter(Boolean).length;
    };
    const n = count("seed-a");
    expect(n).toBe(count("seed-a"));
    expect(n).toBeGreaterThan(300);
    expect(n).toBeLessThan(500);
  });
});

describe("holdFor", () => {
  it("ends early when the signal aborts", async () => {
    const controller = new AbortController();
    const done = holdFor(60_000, controller.signal).then(() => "woke");
    controller.abort();
    await expect(done).resolves.toBe("woke");
  });
});
