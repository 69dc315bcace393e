import type { CsvColumn } from "@/lib/csv/csv";
import { durationCsvColumns } from "@/lib/csv/csv-format";
import type { KitchenStationsMatrix, StationsMatrixRow } from "@/lib/kitchen/contract/chain";
import { restaurantPrefixes } from "@/lib/kitchen/query/items-matrix-csv";

/**
 * stations-matrix.csv: one row per station multi-location id, in the answer's order: the station,
 * every restaurant together (records, p90 over the union), then per restaurant (every column,
 * empty where it has no record) `<restaurant>_p90_s`, `_p90_min` and `_records`.
 */
export function stationsMatrixCsvColumns(
  matrix: Pick<KitchenStationsMatrix, "columns">,
): CsvColumn<StationsMatrixRow>[] {
  const prefixes = restaurantPrefixes(matrix.columns);
  return [
    { header: "multi_location_id", value: (r) => r.multiLocationId },
    { header: "station", value: (r) => r.stationName },
    { header: "records", value: (r) => r.records },
    ...durationCsvColumns<StationsMatrixRow>("p90", (r) => r.p90),
    ...prefixes.flatMap((prefix, i): CsvColumn<StationsMatrixRow>[] => [
      ...durationCsvColumns<StationsMatrixRow>(`${prefix}_p90`, (r) => r.cells[i]?.p90),
      { header: `${prefix}_records`, value: (r) => r.cells[i]?.records },
    ]),
  ];
}
