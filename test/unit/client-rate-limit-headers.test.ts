import { describe, expect, it } from "vitest";

import { brandNames } from "@/lib/platform/brand";
import { PlatformError } from "@/lib/platform/errors";
import { NetworkWatchdog } from "@/lib/platform/network-watchdog";
import { parseReset, RateLimitHints } from "@/lib/platform/rate-limit-headers";

const names = brandNames("Toast");
const headers = (remaining: string, reset: string, date?: string) =>
  new Headers({
    "X-Toast-RateLimit-Remaining": remaining,
    "X-Toast-RateLimit-Reset": reset,
    ...(date ? { date } : {}),
  });

describe("rate-limit headers", () => {
  it("derives the header names from the brand", () => {
    expect(names.rateLimitRemainingHeader).toBe("X-Toast-RateLimit-Remaining");
    expect(names.rateLimitResetHeader).toBe("X-Toast-RateLimit-Reset");
  });

  it("reads Reset as UNIX epoch seconds, relative to the response's Date when there is one", () => {
    const now = 1_000_000_000_000;
    expect(parseReset("1000000002", null, now)).toBe(now + 2_000);
    // The service's clock runs 10 s ahead of ours: its slice still ends 2 s from now.
    expect(parseReset("1000000012", new Date(now + 10_000).toUTCString(), now)).toBe(now + 2_000);
    expect(parseReset("1000000002500", null, now)).toBe(now + 2_500); // epoch milliseconds
    expect(parseReset("3", null, now)).toBe(now + 3_000); // seconds to wait
    expect(parseReset("soon", null, now)).toBeUndefined();
  });

  it("spreads what remains until the reset, and holds everything when nothing remains", () => {
    const now = 1_000_000_000_000;
    const hints = new RateLimitHints(names);
    hints.observe("r1", headers("3", "1000000002"), now);
    expect(hints.pauseMs("r1", now)).toBe(500);
    expect(hints.pauseMs("r2", now)).toBe(0); // another restaurant's slice is its own
    hints.spend("r1");
    hints.spend("r1");
    hints.spend("r1");
    expect(hints.pauseMs("r1", now)).toBe(2_000);
    expect(hints.pauseMs("r1", now + 2_000)).toBe(0);
  });
});

describe("ErrorMessage bodies", () => {
  it("keeps the ten published fields: nested errors, canRetry as a boolean, strings of errors too", () => {
    const error = PlatformError.generate(
      400,
      {
        status: "400",
        code: 10400,
        message: "Bad Request",
        messageKey: "k",
        fieldName: "f",
        link: "https://doc",
        requestId: "rid",
        developerMessage: "dev",
        errors: [{ code: 1, message: "inner", fieldName: "businessDate", errors: ["deeper"] }],
        canRetry: "false",
      },
      undefined,
      "GET /x",
    );
    expect(error.code).toBe("10400");
    expect(error.requestId).toBe("rid");
    expect(error.message).toBe("GET /x: 400 Bad Request (businessDate: inner)");
    expect(error.detail).toEqual({
      messageKey: "k",
      fieldName: "f",
      link: "https://doc",
      developerMessage: "dev",
      canRetry: false,
      errors: [
        {
          code: "1",
          message: "inner",
          messageKey: undefined,
          fieldName: "businessDate",
          developerMessage: undefined,
          errors: [{ message: "deeper", errors: [] }],
        },
      ],
    });
  });
});

describe("NetworkWatchdog", () => {
  it("does not count a late timer's lateness as waiting", async () => {
    let fired = false;
    const watchdog = new NetworkWatchdog({ timeoutMs: 200, tickMs: 20, onTimeout: () => (fired = true) });
    const end = performance.now() + 400;
    while (performance.now() < end) {
      // our own CPU time, twice the timeout
    }
    await new Promise((r) => setTimeout(r, 60));
    expect(fired).toBe(false);
    expect(watchdog.waitedMs).toBeLessThan(200);
    watchdog.stop();
  });

  it("fires after the timeout of quiet waiting, and activity starts the count again", async () => {
    let fired = 0;
    const watchdog = new NetworkWatchdog({ timeoutMs: 100, tickMs: 10, onTimeout: () => (fired += 1) });
    await new Promise((r) => setTimeout(r, 60));
    watchdog.activity();
    await new Promise((r) => setTimeout(r, 60));
    expect(fired).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(fired).toBe(1);
    expect(watchdog.fired).toBe(true);
  });
});
