import type { CsvColumn } from "@/lib/csv/csv";
import { csvDate, durationCsvColumns, percentCsvColumn } from "@/lib/csv/csv-format";
import type { KitchenMenuLoad, MenuLoadItem } from "@/lib/kitchen/contract/menu-load";

/**
 * menu-load.csv: one row per item in the answer's order (most station-time first), with the
 * period (ISO dates) and level on every row so rows pasted together stay told apart. Durations are
 * `_s` and `_min` (one decimal); `station_time_s` is the exact sum of seconds; shares `_pct`.
 * `main_station` is where the item spends most of its time, with its share of that station's.
 */
export function menuLoadCsvColumns(
  load: Pick<KitchenMenuLoad, "from" | "to" | "level">,
): CsvColumn<MenuLoadItem>[] {
  return [
    { header: "from", value: () => csvDate(load.from) },
    { header: "to", value: () => csvDate(load.to) },
    { header: "level", value: () => load.level },
    { header: "item_guid", value: (r) => r.itemGuid },
    { header: "item", value: (r) => r.itemName },
    { header: "selections", value: (r) => r.selections },
    { header: "records", value: (r) => r.records },
    { header: "excluded", value: (r) => r.excluded },
    ...durationCsvColumns<MenuLoadItem>("p50", (r) => r.p50),
    ...durationCsvColumns<MenuLoadItem>("p90", (r) => r.p90),
    ...durationCsvColumns<MenuLoadItem>("station_time", (r) => r.seconds),
    percentCsvColumn<MenuLoadItem>("share", (r) => r.share),
    { header: "main_station_guid", value: (r) => r.stations[0]?.stationGuid },
    { header: "main_station", value: (r) => r.stations[0]?.stationName },
    percentCsvColumn<MenuLoadItem>("main_station_share", (r) => r.stations[0]?.shareOfStation),
    { header: "quadrant", value: (r) => r.quadrant },
    { header: "few_records", value: (r) => r.fewRecords },
  ];
}
