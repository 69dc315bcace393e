import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { DataTable, type DataColumn } from "./data-table";

interface Row {
  name: string;
  p90: number | null;
}

const rows: Row[] = [
  { name: "Grill 10", p90: 300 },
  { name: "Fryer", p90: null },
  { name: "Grill 2", p90: 900 },
  { name: "Salad", p90: 120 },
];
const columns: DataColumn<Row>[] = [
  { key: "name", header: "Station", value: (r) => r.name },
  { key: "p90", header: "p90", value: (r) => r.p90, align: "right" },
  { key: "note", header: "Note", value: () => "", sortable: false },
];

function render(initialSort: { key: string; direction: "ascending" | "descending" } | null) {
  const html = renderToStaticMarkup(
    <DataTable
      caption="Stations"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.name}
      initialSort={initialSort}
    />,
  );
  const order = [...html.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((m) => m[1]);
  const ariaSort = [...html.matchAll(/<th scope="col"(?: class="[^"]*")?(?: aria-sort="(\w+)")?>/g)].map(
    (m) => m[1] ?? null,
  );
  return { order, ariaSort };
}

describe("DataTable sorting", () => {
  it("keeps the given order until a column is sorted", () => {
    expect(render(null).order).toEqual(["Grill 10", "Fryer", "Grill 2", "Salad"]);
  });

  it("sorts rows without a value last in both directions", () => {
    expect(render({ key: "p90", direction: "descending" }).order).toEqual([
      "Grill 2",
      "Grill 10",
      "Salad",
      "Fryer",
    ]);
    expect(render({ key: "p90", direction: "ascending" }).order).toEqual([
      "Salad",
      "Grill 10",
      "Grill 2",
      "Fryer",
    ]);
  });

  it("reads numbers inside names", () => {
    expect(render({ key: "name", direction: "ascending" }).order).toEqual([
      "Fryer",
      "Grill 2",
      "Grill 10",
      "Salad",
    ]);
  });

  it("announces the sorted column with aria-sort, the others as none, and leaves unsortable columns out", () => {
    expect(render({ key: "p90", direction: "descending" }).ariaSort).toEqual(["none", "descending", null]);
  });
});
