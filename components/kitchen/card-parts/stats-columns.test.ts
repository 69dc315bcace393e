import { describe, expect, it } from "vitest";

import { histogramRows } from "@/lib/kitchen/present/summary-shapes";

import { binColumns, csvColumnsOf, shareColumn } from "./stats-columns";

describe("the cards' column builders", () => {
  it("write a histogram's bins as seconds, counts and shares in the CSV, and in words on screen", () => {
    const rows = histogramRows([
      { from: 0, to: 60, count: 1 },
      { from: 60, to: null, count: 2 },
    ]);
    const columns = binColumns("Tickets");
    const csv = csvColumnsOf(columns);
    expect(csv.map((c) => c.header)).toEqual([
      "From (s)",
      "To (s, exclusive)",
      "Tickets",
      "Share",
      "Cumulative share",
    ]);
    expect(csv.map((c) => c.value(rows[1]!))).toEqual([60, null, 2, 0.6667, 1]);
    const to = columns.find((c) => c.key === "to")!;
    expect(to.cell!(rows[1]!)).toBe("and longer");
    expect(columns.find((c) => c.key === "from")!.cell!(rows[1]!)).toBe("1m 00s");
  });

  it("leave a missing share empty rather than 0", () => {
    const column = shareColumn<{ share: number | null }>("share", "Share", (r) => r.share);
    expect(column.value({ share: null })).toBeNull();
    expect(column.value({ share: 0.123456 })).toBe(0.1235);
  });
});
