import type { CsvColumn } from "@/lib/csv/csv";
import { csvHeader, csvMinutes, durationCsvColumns } from "@/lib/csv/csv-format";
import type {
  ItemsMatrixColumn,
  ItemsMatrixRow,
  KitchenItemsMatrix,
} from "@/lib/kitchen/contract/items-matrix";

/**
 * Each restaurant's header prefix: its name in the CSVs' one header style (snake_case ASCII,
 * which also keeps a Platform name from reading as a formula), its GUID's first 8 characters
 * added where two restaurants would share one, so no two columns carry the same header.
 */
export function restaurantPrefixes(
  columns: readonly Pick<ItemsMatrixColumn, "restaurantName" | "restaurantGuid">[],
): string[] {
  const plain = columns.map((c) => csvHeader(c.restaurantName));
  return plain.map((p, i) =>
    plain.indexOf(p) === plain.lastIndexOf(p)
      ? p
      : `${p}_${csvHeader(columns[i]!.restaurantGuid.slice(0, 8))}`,
  );
}

/**
 * items-matrix.csv: one row per consolidated item, in the answer's order, with per restaurant
 * (every column, archived and not-entitled ones too, empty where it has no record)
 * `<restaurant>_p50_s`, `_p50_min`, `_p90_s`, `_p90_min` and `_records`. Numbers are numbers
 * (seconds beside minutes with one decimal), so a spreadsheet can compute with them.
 */
export function itemsMatrixCsvColumns(
  matrix: Pick<KitchenItemsMatrix, "columns">,
): CsvColumn<ItemsMatrixRow>[] {
  const nameOf = new Map(matrix.columns.map((c) => [c.restaurantGuid, c.restaurantName]));
  const prefixes = restaurantPrefixes(matrix.columns);
  return [
    { header: "multi_location_id", value: (r) => r.multiLocationId },
    { header: "item", value: (r) => r.itemName },
    { header: "restaurants", value: (r) => r.restaurants },
    { header: "gap_p50_s", value: (r) => r.gapSeconds },
    { header: "gap_p50_min", value: (r) => csvMinutes(r.gapSeconds) },
    {
      header: "slowest_restaurant",
      value: (r) => (r.slowestRestaurantGuid ? nameOf.get(r.slowestRestaurantGuid) : null),
    },
    {
      header: "fastest_restaurant",
      value: (r) => (r.fastestRestaurantGuid ? nameOf.get(r.fastestRestaurantGuid) : null),
    },
    ...prefixes.flatMap((prefix, i): CsvColumn<ItemsMatrixRow>[] => [
      ...durationCsvColumns<ItemsMatrixRow>(`${prefix}_p50`, (r) => r.cells[i]?.p50),
      ...durationCsvColumns<ItemsMatrixRow>(`${prefix}_p90`, (r) => r.cells[i]?.p90),
      { header: `${prefix}_records`, value: (r) => r.cells[i]?.records },
    ]),
  ];
}
