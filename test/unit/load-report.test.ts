import { describe, expect, it } from "vitest";

import { buildReport, formatReport, type RunFacts } from "@/bench/load/report";
import type { RequestRecord } from "@/bench/load/users";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";

// The load benchmark's arithmetic: what it calls a miss must be one, and only then.
const harbor = { guid: "h", name: "Harbor", timeZone: "America/New_York", closeoutHour: 4 };
const startedAt = Date.UTC(2026, 10, 23, 1, 0, 0);
const today = currentBusinessDate(harbor, startedAt);
const closed = addBusinessDays(today, -3);

function facts(
  requests: RequestRecord[],
  exports: Record<string, number>,
  peakMiB = 600,
  hwmMiB = peakMiB,
): RunFacts {
  const exportStatuses = Object.fromEntries(
    Object.entries(exports).map(([key, n]) => [key, [...Array.from({ length: n - 1 }, () => 429), 200]]),
  );
  return {
    users: 2,
    seconds: 10,
    startedAt,
    wallSeconds: 12,
    recorder: {
      requests,
      ready: [
        { route: "kitchen/summary 7d", ms: 3_000, polls: 3 },
        { route: "kitchen/summary 7d", polls: 60 },
      ],
      errors: new Map(),
    },
    counts: { logins: 1, requests: 10, exports, exportStatuses },
    restaurants: [harbor],
    history: [{ restaurant: "Harbor", ready: 10, pending: 180, failed: 0, total: 190 }],
    server: { peakMiB, samples: 40, maxProcessHwmMiB: hwmMiB, processes: 1, cpuSeconds: 10, cpuCores: 0.8 },
    bench: { cpuSeconds: 2, cpuCores: 0.2 },
    load: { start: [1, 1, 1], mean1: 1, max1: 1, end: [1, 1, 1] },
    signInMs: 100,
    connectionRetries: 0,
  };
}

const req = (route: string, ms: number, extra: Partial<RequestRecord> = {}): RequestRecord => ({
  route,
  status: 200,
  ms,
  firstTry: true,
  kitchenRange: false,
  ...extra,
});
const met = (report: ReturnType<typeof buildReport>, prefix: string) =>
  report.targets.find((t) => t.target.startsWith(prefix))!.met;

describe("load benchmark report", () => {
  it("takes nearest-rank percentiles per route", () => {
    const report = buildReport(
      facts(
        Array.from({ length: 10 }, (_, i) => req("menu", (i + 1) * 100)),
        {},
      ),
    );
    expect(report.routes.menu).toMatchObject({ count: 10, p50: 500, p95: 1_000, p99: 1_000, max: 1_000 });
  });

  it("counts a closed date fetched twice as a miss, and today's refetch as open, not a miss", () => {
    const once = buildReport(facts([], { [`h|${closed}`]: 1, [`h|${today}`]: 3 }));
    expect(once.upstream.phases.open).toMatchObject({ dates: 1, calls: 3, repeated: 1 });
    expect(met(once, "closed")).toBe(true);
    const twice = buildReport(facts([], { [`h|${closed}`]: 2, [`h|${today}`]: 1 }));
    expect(twice.upstream.repeatedClosed).toEqual([
      { restaurant: "Harbor", date: closed, calls: 2, statuses: [429, 200] },
    ]);
    expect(twice.upstream.exportStatuses).toEqual({ 200: 2, 429: 1 });
    expect(met(twice, "closed")).toBe(false);
  });

  it("judges the warm p95 on warm kitchen requests only, and counts 5xx, timeouts and slow requests", () => {
    const requests = [
      ...Array.from({ length: 19 }, () => req("kitchen/summary 7d", 200, { kitchenRange: true, warm: true })),
      req("kitchen/summary 7d", 1_500, { kitchenRange: true, warm: true }),
      req("kitchen/summary 90d", 40_000, { kitchenRange: true, warm: false }),
      req("stations", 50, { status: 503 }),
      req("menu", 120_000, { status: "timeout" }),
    ];
    const report = buildReport(facts(requests, {}, 1_100));
    expect(report.warmKitchen).toMatchObject({ count: 20, p95: 200, max: 1_500 });
    expect(met(report, "p95 on warm")).toBe(true);
    expect(report.over10s).toEqual({ count: 2, byRoute: { "kitchen/summary 90d": 1, menu: 1 } });
    expect(met(report, "responses >= 500")).toBe(false);
    expect(met(report, "requests failed")).toBe(false);
    expect(met(report, "peak RSS")).toBe(false);
    expect(report.readiness["kitchen/summary 7d"]).toMatchObject({ count: 1, notReady: 1, polls: 63 });
    expect(formatReport(report)).toMatch(
      /peak RSS of the server's process group\s+<= 1024 MiB\s+1100 MiB\s+MISSED/,
    );
  });

  it("judges RSS on the higher of the sampled peak and the kernel's high-water mark", () => {
    expect(met(buildReport(facts([], {}, 900, 1_000)), "peak RSS")).toBe(true);
    expect(met(buildReport(facts([], {}, 900, 1_100)), "peak RSS")).toBe(false);
  });

  it("does not call the warm target met when no request was warm", () => {
    expect(
      met(
        buildReport(facts([req("kitchen/summary 7d", 100, { kitchenRange: true, warm: false })], {})),
        "p95 on warm",
      ),
    ).toBe(false);
  });
});
