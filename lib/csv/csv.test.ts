import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { csvSafe, toCsv } from "./csv";
import { csvFileName } from "./file-name";

describe("csvSafe", () => {
  it.each(["=SUM(A1)", "+1", "-2+3", "@cmd", "\tx", "\rx"])(
    "prefixes a formula-like text field %j with an apostrophe",
    (value) => {
      expect(csvSafe(value)).toBe(`'${value}`);
    },
  );

  it("leaves ordinary text, numbers (even negative) and booleans alone", () => {
    expect(csvSafe("Grill")).toBe("Grill");
    expect(csvSafe(-12)).toBe("-12");
    expect(csvSafe(true)).toBe("true");
    expect(csvSafe(null)).toBe("");
    expect(csvSafe(Number.NaN)).toBe("");
  });
});

describe("toCsv", () => {
  it("quotes per RFC 4180 and round-trips through a CSV parser", () => {
    const rows = [
      { name: 'Fish, "fresh"\nline', n: 3 },
      { name: "=HYPERLINK()", n: -1 },
    ];
    const text = toCsv(
      [
        { header: "name", value: (r: (typeof rows)[number]) => r.name },
        { header: "n", value: (r: (typeof rows)[number]) => r.n },
      ],
      rows,
    );
    expect(text.endsWith("\r\n")).toBe(true);
    const parsed = parse(text) as string[][];
    expect(parsed).toEqual([
      ["name", "n"],
      ['Fish, "fresh"\nline', "3"],
      ["'=HYPERLINK()", "-1"],
    ]);
  });
});

describe("csvFileName", () => {
  it("slugs each part and joins them", () => {
    expect(csvFileName("Sauté & Grill", "20261101", "20261107")).toBe("saute-grill_20261101_20261107.csv");
    expect(csvFileName("!!!")).toBe("export.csv");
    // Accents dropped, not turned into dashes: "crème" is "creme", not "cre-me".
    expect(csvFileName("Crème Brûlée", "2026-11-13")).toBe("creme-brulee_2026-11-13.csv");
  });
});
