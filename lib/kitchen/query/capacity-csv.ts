import type { CsvColumn } from "@/lib/csv/csv";
import { csvDate, durationCsvColumns } from "@/lib/csv/csv-format";
import type { CapacityLoad, KitchenCapacity } from "@/lib/kitchen/contract/capacity";

/**
 * capacity.csv: one row per load (the answer's `slots`), with the range, level and station on
 * every row, the p90 and the target as `_s` and `_min`, and `knee` true on the knee's row, so the
 * file alone says which number goes into the kitchen-capacity setting (the knee's load − 1).
 */
export function capacityCsvColumns(c: KitchenCapacity): CsvColumn<CapacityLoad>[] {
  return [
    { header: "from", value: () => csvDate(c.from) },
    { header: "to", value: () => csvDate(c.to) },
    { header: "level", value: () => c.level },
    { header: "station", value: () => c.station ?? "" },
    { header: "load_items_per_15_min", value: (r) => r.load },
    { header: "slots", value: (r) => r.slots },
    { header: "items", value: (r) => r.items },
    { header: "timed_items", value: (r) => r.timed },
    ...durationCsvColumns<CapacityLoad>("p90", (r) => r.p90),
    ...durationCsvColumns<CapacityLoad>("target", () => c.targetSeconds),
    { header: "over_target", value: (r) => r.overTarget },
    { header: "few_items", value: (r) => r.fewItems },
    { header: "knee", value: (r) => r.load === c.knee },
  ];
}
