import { toCsv, type CsvColumn } from "@/lib/csv/csv";

import type { StationRouting, StationsReport } from "./station-routing";
import { WARNING_KIND_LABELS } from "./station-words";

const yesNo = (value: boolean | null) => (value == null ? "" : value ? "yes" : "no");

const columns: CsvColumn<StationRouting>[] = [
  { header: "station", value: (s) => s.name },
  { header: "station_guid", value: (s) => s.guid },
  {
    header: "printer",
    value: (s) => (s.printer ? (s.printer.name ?? `Missing printer ${s.printer.guid}`) : ""),
  },
  { header: "printer_guid", value: (s) => s.printer?.guid ?? "" },
  { header: "printing_mode", value: (s) => s.printingMode ?? "" },
  { header: "printing", value: (s) => s.printingModeLabel },
  { header: "expediter_routing", value: (s) => s.expoRouting ?? "" },
  { header: "expediter", value: (s) => s.expoRoutingLabel },
  { header: "include_with_expediter", value: (s) => yesNo(s.includeWithExpediter) },
  {
    header: "monitors",
    value: (s) => s.connected.map((c) => c.name ?? `Missing station ${c.guid}`).join("; "),
  },
  { header: "monitored_by", value: (s) => s.monitoredBy.map((c) => c.name).join("; ") },
  { header: "warnings", value: (s) => s.warningKinds.map((k) => WARNING_KIND_LABELS[k]).join("; ") },
];

export function stationsCsv(report: StationsReport): string {
  return toCsv(columns, report.stations);
}
