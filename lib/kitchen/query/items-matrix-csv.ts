import { csvSafe, type CsvColumn } from "@/lib/csv/csv";
import type { ItemsMatrixRow, KitchenItemsMatrix } from "@/lib/kitchen/contract/items-matrix";

/**
 * items-matrix.csv: one row per consolidated item, in the answer's order, with per restaurant
 * (every column, archived and not-entitled ones too, empty where it has no record) p50, p90
 * and records. Numbers are numbers (seconds), so a spreadsheet can compute with them. Restaurant
 * names in headers go through the same formula guard as cells: they come from the Platform.
 */
export function itemsMatrixCsvColumns(
  matrix: Pick<KitchenItemsMatrix, "columns">,
): CsvColumn<ItemsMatrixRow>[] {
  const nameOf = new Map(matrix.columns.map((c) => [c.restaurantGuid, c.restaurantName]));
  return [
    { header: "multi_location_id", value: (r) => r.multiLocationId },
    { header: "item", value: (r) => r.itemName },
    { header: "restaurants", value: (r) => r.restaurants },
    { header: "gap_p50_s", value: (r) => r.gapSeconds },
    {
      header: "slowest_restaurant",
      value: (r) => (r.slowestRestaurantGuid ? nameOf.get(r.slowestRestaurantGuid) : null),
    },
    {
      header: "fastest_restaurant",
      value: (r) => (r.fastestRestaurantGuid ? nameOf.get(r.fastestRestaurantGuid) : null),
    },
    ...matrix.columns.flatMap((c, i): CsvColumn<ItemsMatrixRow>[] => {
      const name = csvSafe(c.restaurantName);
      return [
        { header: `${name} p50_s`, value: (r) => r.cells[i]?.p50 },
        { header: `${name} p90_s`, value: (r) => r.cells[i]?.p90 },
        { header: `${name} records`, value: (r) => r.cells[i]?.records },
      ];
    }),
  ];
}
