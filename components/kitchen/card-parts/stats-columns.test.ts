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
    // One header style: snake_case, durations as seconds beside minutes, shares as percentages.
    expect(csv.map((c) => c.header)).toEqual([
      "from_s",
      "from_min",
      "to_exclusive_s",
      "to_exclusive_min",
      "tickets",
      "share_pct",
      "cumulative_share_pct",
    ]);
    expect(csv.map((c) => c.value(rows[1]!))).toEqual([60, 1, null, null, 2, 66.7, 100]);
    expect(csv.map((c) => c.value(rows[0]!))).toEqual([0, 0, 60, 1, 1, 33.3, 33.3]);
    const to = columns.find((c) => c.key === "to")!;
    expect(to.cell!(rows[1]!)).toBe("and longer");
    expect(columns.find((c) => c.key === "from")!.cell!(rows[1]!)).toBe("1m 00s");
  });

  it("leave a missing share empty rather than 0", () => {
    const column = shareColumn<{ share: number | null }>("share", "Share", (r) => r.share);
    const [csv] = csvColumnsOf([column]);
    expect(csv!.value({ share: null })).toBeNull();
    expect(csv!.value({ share: 0.123456 })).toBe(12.3);
  });
});
