import { describe, expect, it } from "vitest";

import { emptyIngestCounts } from "@/lib/kitchen/ingest/ingest";
import { beforeDataNote, emptyRangeWords, provisionalNote } from "@/lib/kitchen/present/coverage-notes";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

import { backfillWindow } from "./backfill";
import {
  coverageOf,
  coverageReport,
  dateState,
  dateStates,
  sentNoRecords,
  type DateStatusContext,
} from "./coverage";
import {
  isProvisional,
  kitchenDataStart,
  needsFetch,
  settleInstant,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";

const CONFIG: KitchenServiceConfig = {
  closeGraceMinutes: 120,
  openRefreshSeconds: 180,
  notEntitledRetryHours: 24,
  maxRangeDays: 366,
  failedRetrySeconds: 30,
};
// Chicago, closeout 04:00. Summer time starts on Sunday 2025-03-09 at 02:00 local, so business date
// 20250308 closes at 04:00 CDT on the 9th = 09:00Z (not 10:00Z, as it would in standard time).
const CHICAGO: KitchenRestaurant = {
  guid: "chi",
  name: "Chicago",
  timeZone: "America/Chicago",
  closeoutHour: 4,
};
const DATE = "20250308";
const CLOSEOUT = Date.parse("2025-03-09T09:00:00Z");
const H = 3_600_000;

function complete(
  fetchedAt: number,
  attemptedAt = fetchedAt,
  date = DATE,
  extra: Partial<DayRow> = {},
): DayRow {
  return {
    businessDate: date,
    status: "complete",
    attemptedAt,
    fetchedAt,
    reason: null,
    recordCount: 10,
    ingest: null,
    ...extra,
  };
}

describe("settle: a closed date is provisional until read KITCHEN_SETTLE_H after its closeout", () => {
  it("settles 36 h (the default) after the closeout, in the restaurant's zone across the change to summer time", () => {
    expect(settleInstant(DATE, CHICAGO, {})).toBe(CLOSEOUT + 36 * H);
    expect(settleInstant(DATE, CHICAGO, { settleHours: 6 })).toBe(CLOSEOUT + 6 * H);
    // The date before: closeout at 04:00 CST = 10:00Z.
    expect(settleInstant("20250307", CHICAGO, {})).toBe(Date.parse("2025-03-08T10:00:00Z") + 36 * H);
  });

  it("is due exactly from the settle instant, once: a read from then on is final", () => {
    const firstRead = complete(CLOSEOUT + 2 * H); // read when the date closed (closeout + grace)
    const settle = CLOSEOUT + 36 * H;
    expect(isProvisional(firstRead, CHICAGO, CONFIG)).toBe(true);
    expect(needsFetch(firstRead, "closed", settle - 1, CONFIG, CHICAGO)).toBe(false);
    expect(needsFetch(firstRead, "closed", settle, CONFIG, CHICAGO)).toBe(true);
    // Without the restaurant's closeout, a complete day stays final (the old rule).
    expect(needsFetch(firstRead, "closed", settle + 24 * H, CONFIG)).toBe(false);

    const secondRead = complete(settle);
    expect(isProvisional(secondRead, CHICAGO, CONFIG)).toBe(false);
    expect(needsFetch(secondRead, "closed", settle + 400 * 24 * H, CONFIG, CHICAGO)).toBe(false);
    // First read long after closeout (the backfill's history): final at once, no extra call.
    expect(needsFetch(complete(settle + 10 * 24 * H), "closed", settle + 20 * 24 * H, CONFIG, CHICAGO)).toBe(
      false,
    );
  });

  it("after a failed settle read keeps the provisional day and waits failedRetrySeconds from that attempt", () => {
    const settle = CLOSEOUT + 36 * H;
    const failedAt = settle + 60_000;
    const row = complete(CLOSEOUT + 2 * H, failedAt, DATE, { reason: "HTTP 503" });
    expect(needsFetch(row, "closed", failedAt + 29_999, CONFIG, CHICAGO)).toBe(false);
    expect(needsFetch(row, "closed", failedAt + 30_000, CONFIG, CHICAGO)).toBe(true);
    expect(dateState(DATE, row, { restaurant: CHICAGO, config: CONFIG, notEntitled: false })).toEqual({
      date: DATE,
      status: "provisional",
      at: new Date(settle).toISOString(),
    });
  });
});

describe("lower bound: no kitchen data before the first business date or 2022", () => {
  it("starts at the later of firstBusinessDate and 2022-01-01", () => {
    expect(kitchenDataStart({})).toBe("20220101");
    expect(kitchenDataStart({ firstBusinessDate: null })).toBe("20220101");
    expect(kitchenDataStart({ firstBusinessDate: "20190301" })).toBe("20220101");
    expect(kitchenDataStart({ firstBusinessDate: "20220301" })).toBe("20220301");
  });

  it("reads a date before it as before_data, whatever is stored, and neither pending nor not entitled", () => {
    const r = { ...CHICAGO, firstBusinessDate: "20250305" };
    const ctx: DateStatusContext = { restaurant: r, config: CONFIG, notEntitled: false };
    expect(dateState("20250304", undefined, ctx).status).toBe("before_data");
    // An empty day an older version stored there says nothing.
    expect(
      dateState("20250304", complete(CLOSEOUT, CLOSEOUT, "20250304", { recordCount: 0 }), ctx).status,
    ).toBe("before_data");
    expect(dateState("20250304", undefined, { ...ctx, notEntitled: true }).status).toBe("before_data");
    expect(dateState("20250305", undefined, ctx).status).toBe("pending");
    expect(dateState("20250305", undefined, { ...ctx, notEntitled: true }).status).toBe("not_entitled");
  });

  it("leaves those dates out of the backfill's window", () => {
    const now = Date.parse("2025-03-20T17:00:00Z"); // 12:00 in Chicago: the newest closed date is 20250319
    expect(backfillWindow({ ...CHICAGO, firstBusinessDate: "20250316" }, now, 10, 120)).toEqual([
      "20250319",
      "20250318",
      "20250317",
      "20250316",
    ]);
    expect(backfillWindow(CHICAGO, now, 3, 120)).toEqual(["20250319", "20250318", "20250317"]);
    expect(backfillWindow(CHICAGO, Date.parse("2022-01-03T17:00:00Z"), 5, 120)).toEqual([
      "20220102",
      "20220101",
    ]);
  });
});

describe("one status per date for the coverage route and the summary", () => {
  const dates = [
    "20250301",
    "20250302",
    "20250303",
    "20250304",
    "20250305",
    "20250306",
    "20250307",
    "20250308",
  ];
  const rows = new Map<string, DayRow>([
    ["20250302", { ...complete(Date.parse("2025-03-20T00:00:00Z"), undefined, "20250302") }],
    [
      "20250303",
      {
        businessDate: "20250303",
        status: "failed",
        attemptedAt: CLOSEOUT,
        fetchedAt: null,
        reason: "HTTP 500",
        recordCount: 0,
        ingest: null,
      },
    ],
    [
      "20250304",
      {
        businessDate: "20250304",
        status: "not_entitled",
        attemptedAt: CLOSEOUT,
        fetchedAt: null,
        reason: null,
        recordCount: 0,
        ingest: null,
      },
    ],
    [
      "20250305",
      {
        businessDate: "20250305",
        status: "open",
        attemptedAt: CLOSEOUT,
        fetchedAt: CLOSEOUT,
        reason: null,
        recordCount: 3,
        ingest: null,
      },
    ],
    ["20250308", complete(CLOSEOUT + 2 * H)],
  ]);
  const ctx: DateStatusContext = {
    restaurant: { ...CHICAGO, firstBusinessDate: "20250302" },
    config: CONFIG,
    notEntitled: false,
  };

  it("gives the same status in both shapes, provisional dates counted as complete", () => {
    const states = dateStates(dates, rows, ctx);
    expect(states.map((s) => s.status)).toEqual([
      "before_data",
      "complete",
      "failed",
      "not_entitled",
      "open",
      "pending",
      "pending",
      "provisional",
    ]);
    const coverage = coverageOf(states);
    expect(coverage.complete).toEqual(["20250302", "20250308"]);
    expect(coverage.provisional).toEqual([
      { date: "20250308", settlesAt: new Date(CLOSEOUT + 36 * H).toISOString() },
    ]);
    expect(coverage.beforeData).toEqual(["20250301"]);
    const report = coverageReport("chi", { from: dates[0]!, to: dates.at(-1)! }, states);
    expect(report).toMatchObject({
      total: 8,
      ready: 5,
      complete: 2,
      provisional: 1,
      beforeData: 1,
      failed: 1,
      notEntitled: 1,
      open: 1,
      pending: 2,
    });
    expect(report.dates.map((d) => d.status)).toEqual(states.map((s) => s.status));
  });

  it("reads dates never asked as not entitled once the restaurant's latest answer is a 204, in both shapes", () => {
    const states = dateStates(dates, rows, { ...ctx, notEntitled: true });
    expect(states.filter((s) => s.status === "pending")).toEqual([]);
    expect(coverageReport("chi", { from: dates[0]!, to: dates.at(-1)! }, states).notEntitled).toBe(3);
  });
});

describe("a kitchen that sent no records", () => {
  const empty = (date: string, status: "complete" | "open" = "complete"): DayRow => ({
    ...complete(CLOSEOUT, CLOSEOUT, date, { recordCount: 0 }),
    status,
    ingest: emptyIngestCounts(),
  });
  const week = ["20250310", "20250311", "20250312", "20250313", "20250314", "20250315", "20250316"];

  it("needs every counted date empty over at least 7 closed dates", () => {
    const rows = new Map(week.map((d) => [d, empty(d)]));
    expect(sentNoRecords(week, rows)).toBe(true);
    expect(sentNoRecords(week.slice(1), rows)).toBe(false); // 6 closed dates: a closed stretch, perhaps
    // The open date counts against it only if it has records; it does not count towards the 7.
    expect(
      sentNoRecords(
        [...week.slice(1), "20250317"],
        new Map([...rows, ["20250317", empty("20250317", "open")]]),
      ),
    ).toBe(false);
    // One record anywhere (even one the figures leave out, such as one without a level) and the kitchen sends records.
    const one = new Map(rows).set("20250312", {
      ...empty("20250312"),
      ingest: { ...empty("20250312").ingest!, received: 1, noLevel: 1 },
      recordCount: 1,
    });
    expect(sentNoRecords(week, one)).toBe(false);
    // Failed and not-entitled dates are not counted either way.
    expect(
      sentNoRecords(
        [...week, "20250317"],
        new Map([...rows, ["20250317", { ...empty("20250317"), status: "failed", fetchedAt: null }]]),
      ),
    ).toBe(true);
  });

  it("says so on the page instead of 'try a longer range', and names a range wholly before the data", () => {
    const coverage = {
      complete: week,
      provisional: [],
      beforeData: [],
      notEntitled: [],
      failed: [],
      open: [],
      pending: [],
    };
    expect(emptyRangeWords({ coverage, noRecordsSent: true })?.title).toBe(
      "This kitchen sent no fulfillment records",
    );
    expect(emptyRangeWords({ coverage, noRecordsSent: true })?.body).toMatch(/kitchen display devices/);
    expect(emptyRangeWords({ coverage, noRecordsSent: false })).toBeNull();
    const before = { ...coverage, complete: [], beforeData: ["20211230", "20211231"] };
    expect(emptyRangeWords({ coverage: before })?.title).toBe("No kitchen data exists for these dates");
    expect(beforeDataNote({ ...coverage, beforeData: ["20211231"] })).toMatch(
      /^Dec 31 is before this restaurant's kitchen data begins on .*2022/,
    );
  });

  it("marks provisional dates with the settle delay the server used", () => {
    const coverage = {
      complete: [DATE],
      provisional: [{ date: DATE, settlesAt: new Date(CLOSEOUT + 36 * H).toISOString() }],
      beforeData: [],
      notEntitled: [],
      failed: [],
      open: [],
      pending: [],
    };
    expect(provisionalNote(coverage, CHICAGO)).toMatch(
      /^Figures for 1 date \(Mar 8\) may still change: the Platform revises a day's export until 36 h after closeout/,
    );
    expect(provisionalNote({ ...coverage, provisional: [] }, CHICAGO)).toBeNull();
  });
});
