import { toCsv, type CsvColumn } from "@/lib/csv/csv";

import type { StationRouting, StationsReport } from "./station-routing";
import { WARNING_KIND_LABELS } from "./station-words";

const yesNo = (value: boolean | null) => (value == null ? "" : value ? "yes" : "no");

const columns: CsvColumn<StationRouting>[] = [
  { header: "Station", value: (s) => s.name },
  { header: "Station GUID", value: (s) => s.guid },
  {
    header: "Printer",
    value: (s) => (s.printer ? (s.printer.name ?? `Missing printer ${s.printer.guid}`) : ""),
  },
  { header: "Printer GUID", value: (s) => s.printer?.guid ?? "" },
  { header: "Printing mode", value: (s) => s.printingMode ?? "" },
  { header: "Printing", value: (s) => s.printingModeLabel },
  { header: "Expediter routing", value: (s) => s.expoRouting ?? "" },
  { header: "Expediter", value: (s) => s.expoRoutingLabel },
  { header: "Include with expediter", value: (s) => yesNo(s.includeWithExpediter) },
  {
    header: "Monitors",
    value: (s) => s.connected.map((c) => c.name ?? `Missing station ${c.guid}`).join("; "),
  },
  { header: "Monitored by", value: (s) => s.monitoredBy.map((c) => c.name).join("; ") },
  { header: "Warnings", value: (s) => s.warningKinds.map((k) => WARNING_KIND_LABELS[k]).join("; ") },
];

export function stationsCsv(report: StationsReport): string {
  return toCsv(columns, report.stations);
}
