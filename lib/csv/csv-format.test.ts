import { describe, expect, it } from "vitest";

import { toCsv } from "./csv";
import {
  csvDate,
  csvHeader,
  csvInstant,
  csvMinutes,
  csvPercent,
  csvPercentPoints,
  durationCsvColumns,
  percentCsvColumn,
  tableCsvColumns,
} from "./csv-format";

describe("csvMinutes", () => {
  it("writes seconds as minutes with one decimal, halves away from zero", () => {
    expect(csvMinutes(90)).toBe(1.5);
    expect(csvMinutes(1234)).toBe(20.6); // 20.5667
    expect(csvMinutes(9)).toBe(0.2); // 0.15: a half binary stores a hair low
    expect(csvMinutes(3)).toBe(0.1); // 0.05
    expect(csvMinutes(2)).toBe(0); // 0.033
    expect(csvMinutes(-9)).toBe(-0.2); // a change: symmetric
    expect(Object.is(csvMinutes(-1), 0)).toBe(true); // never "-0"
    expect(csvMinutes(0)).toBe(0);
  });

  it("leaves a missing duration empty", () => {
    expect([csvMinutes(null), csvMinutes(undefined), csvMinutes(Number.NaN)]).toEqual([null, null, null]);
  });
});

describe("csvPercent", () => {
  it("writes a share 0..1 as a percentage with one decimal", () => {
    expect(csvPercent(0.7266184251478369)).toBe(72.7);
    expect(csvPercent(0.7265)).toBe(72.7);
    expect(csvPercent(1)).toBe(100);
    expect(csvPercent(0)).toBe(0);
    expect(csvPercent(null)).toBeNull();
  });

  it("writes a change of two shares in percentage points", () => {
    expect(csvPercentPoints(0.712, 0.731)).toBe(-1.9);
    expect(csvPercentPoints(0.5, null)).toBeNull();
  });
});

describe("csvDate", () => {
  it("writes a business date as an ISO date", () => {
    expect(csvDate("20261119")).toBe("2026-11-19");
    expect(csvDate("")).toBe("");
  });

  it("refuses what is not a business date rather than writing a wrong date", () => {
    expect(() => csvDate("2026-11-19")).toThrow(/not a business date/);
  });
});

describe("csvInstant", () => {
  it("writes an instant on the zone's wall clock with its offset, daylight saving included", () => {
    expect(csvInstant("2026-11-19T23:02:11.000+0000", "America/New_York")).toBe(
      "2026-11-19T18:02:11.000-05:00",
    );
    expect(csvInstant("2026-07-01T23:02:11.5Z", "America/New_York")).toBe("2026-07-01T19:02:11.500-04:00");
    expect(csvInstant("2026-11-19T23:02:11.000+0000", "Asia/Kolkata")).toBe("2026-11-20T04:32:11.000+05:30");
  });

  it("writes UTC as +00:00 without a zone or with one this runtime does not know", () => {
    expect(csvInstant("2026-11-19T18:02:11.000-0500")).toBe("2026-11-19T23:02:11.000+00:00");
    expect(csvInstant(new Date(Date.UTC(2026, 10, 19)), "Mars/Olympus")).toBe(
      "2026-11-19T00:00:00.000+00:00",
    );
  });

  it("keeps text that is not an instant as it came, and empty as empty", () => {
    expect(csvInstant("soon")).toBe("soon");
    expect([csvInstant(null), csvInstant(undefined), csvInstant("")]).toEqual(["", "", ""]);
  });
});

describe("csvHeader", () => {
  it("turns labels and field names into one snake_case style", () => {
    expect(csvHeader("Unit of measure")).toBe("unit_of_measure");
    expect(csvHeader("Item GUID")).toBe("item_guid");
    expect(csvHeader("selectionMenuItemMultiLocationId")).toBe("selection_menu_item_multi_location_id");
    expect(csvHeader("Crème brûlée")).toBe("creme_brulee");
    expect(csvHeader("=SUM(A1)")).toBe("sum_a1");
    expect(csvHeader("!!!")).toBe("column");
  });
});

describe("duration and percentage columns", () => {
  it("give a duration seconds and minutes side by side, a share a percentage", () => {
    type Row = { p90: number | null; share: number | null };
    const text = toCsv<Row>(
      [...durationCsvColumns<Row>("p90", (r) => r.p90), percentCsvColumn<Row>("late", (r) => r.share)],
      [
        { p90: 754, share: 0.7266184251478369 },
        { p90: null, share: null },
      ],
    );
    expect(text).toBe("p90_s,p90_min,late_pct\r\n754,12.6,72.7\r\n,,\r\n");
  });
});

describe("tableCsvColumns", () => {
  it("writes a screen table's columns in the one style, by each column's unit", () => {
    type Row = { date: string; name: string; p90: number | null; share: number | null; link: string };
    const columns = tableCsvColumns<Row>([
      { header: "Business date", csvUnit: "date", value: (r) => r.date },
      { header: "Station name", value: (r) => r.name },
      { header: "p90", csvUnit: "seconds", value: (r) => r.p90 },
      { header: "On time", csvUnit: "share", value: (r) => r.share },
      { header: "Very late (over 1.5 × target)", csvHeader: "very late", value: () => 3 },
      { header: "Open", csv: false, value: (r) => r.link },
    ]);
    const text = toCsv(columns, [{ date: "20261119", name: "Grill", p90: 754, share: 0.7266, link: "/x" }]);
    expect(text).toBe(
      "business_date,station_name,p90_s,p90_min,on_time_pct,very_late\r\n2026-11-19,Grill,754,12.6,72.7,3\r\n",
    );
  });
});
