import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import { toCsv } from "@/lib/csv/csv";
import { contentDisposition, csvResponse } from "@/lib/csv/csv-response";
import { csvStream } from "@/lib/csv/csv-stream";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";

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
      kitchenPageCsvName("Harbor Street Kitchen", "kitchen-fulfillments", {
        from: "20250301",
        to: "20250331",
      }),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="harbor-street-kitchen_kitchen-fulfillments_2025-03-01_2025-03-31.csv"',
    );
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(kitchenPageCsvName('Café "Zé"', "kitchen-summary", { from: "20250301", to: "20250301" })).toBe(
      "cafe-ze_kitchen-summary_2025-03-01.csv",
    );
  });

  it("keeps a name that is not plain ASCII safe in Content-Disposition, exact in RFC 5987's filename*", () => {
    expect(contentDisposition("audit-log_2025-03-01.csv")).toBe(
      'attachment; filename="audit-log_2025-03-01.csv"',
    );
    expect(contentDisposition('Crème "brûlée" (1).csv')).toBe(
      "attachment; filename=\"Cr_me _br_l_e_ (1).csv\"; filename*=UTF-8''Cr%C3%A8me%20%22br%C3%BBl%C3%A9e%22%20%281%29.csv",
    );
  });
});
