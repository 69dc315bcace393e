import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/csv/csv";
import { csvResponse } from "@/lib/csv/csv-response";
import { csvStream } from "@/lib/csv/csv-stream";
import { kitchenCsvFileName } from "@/lib/kitchen/query/kitchen-csv";

type Row = { name: string; n: number | null };
const columns = [
  { header: "name", value: (r: Row) => r.name },
  { header: "n", value: (r: Row) => r.n },
];

async function* batches(...groups: Row[][]) {
  for (const g of groups) yield g;
}

describe("streamed CSV", () => {
  it("writes one header, then every batch, RFC 4180 quoted, CRLF, with a byte-order mark", async () => {
    const text = await new Response(
      csvStream(
        columns,
        batches(
          [{ name: 'Fish, "fresh"', n: 1 }],
          [],
          [
            { name: "line\nbreak", n: null },
            { name: "Crème brûlée", n: -5 },
          ],
        ),
      ),
    ).arrayBuffer();
    const bytes = new Uint8Array(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const decoded = new TextDecoder().decode(bytes); // strips the BOM
    expect(decoded).toBe('name,n\r\n"Fish, ""fresh""",1\r\n"line\nbreak",\r\nCrème brûlée,-5\r\n');
    expect(parse(decoded, { columns: true })).toEqual([
      { name: 'Fish, "fresh"', n: "1" },
      { name: "line\nbreak", n: "" },
      { name: "Crème brûlée", n: "-5" },
    ]);
  });

  it("quotes a bare line break in the one-shot CSV as well", () => {
    expect(
      toCsv(columns, [
        { name: "a\nb", n: 1 },
        { name: "c\rd", n: 2 },
      ]),
    ).toBe('name,n\r\n"a\nb",1\r\n"c\rd",2\r\n');
  });

  it("defuses fields a spreadsheet would run as formulas, but keeps negative numbers", async () => {
    const rows = ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "plain"].map((name) => ({
      name,
      n: -1,
    }));
    const text = await new Response(csvStream(columns, batches(rows))).text();
    const parsed = parse(text, { columns: true }) as { name: string; n: string }[];
    expect(parsed.map((r) => r.name)).toEqual([
      "'=HYPERLINK(1)",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "plain",
    ]);
    expect(parsed.every((r) => r.n === "-1")).toBe(true);
  });

  it("answers as a download named for the restaurant and the range, a string with a byte-order mark", async () => {
    const response = csvResponse(
      "a\r\n",
      kitchenCsvFileName("Harbor Street Kitchen", "kitchen-fulfillments", "20250301", "20250331"),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="harbor-street-kitchen_kitchen-fulfillments_20250301-20250331.csv"',
    );
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(kitchenCsvFileName('Café "Zé"', "kitchen-summary", "20250301", "20250301")).toBe(
      "cafe-ze_kitchen-summary_20250301.csv",
    );
  });
});
