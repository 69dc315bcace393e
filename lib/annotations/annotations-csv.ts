import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { csvDate } from "@/lib/csv/csv-format";

import type { Annotation } from "./annotations-contract";

/**
 * annotations.csv: one row per note or marker of the range, in the summary's order; the business
 * date written ISO, as every CSV writes dates (lib/csv/csv-format.ts).
 */
export function annotationsCsv(restaurantGuid: string, annotations: readonly Annotation[]): string {
  const columns: CsvColumn<Annotation>[] = [
    { header: "restaurant_guid", value: () => restaurantGuid },
    { header: "business_date", value: (a) => csvDate(a.date) },
    { header: "kind", value: (a) => a.kind },
    { header: "text", value: (a) => a.text },
    { header: "by", value: (a) => a.by ?? "" },
  ];
  return toCsv(columns, annotations);
}
