"use client";

import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable } from "@/components/ui/data-table";
import { METRIC_LABELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/api-types";
import type { PivotRow } from "@/lib/kitchen/ui/summary-shapes";
import { csvColumnsOf, levelRowColumns, toLevelRows } from "./stats-columns";
import { TableCard } from "./table-card";

/** Menu items ranked by p90 (slowest first), with their times at every level. */
export function SlowestItemsCard({ items, levels, metric, fileName }: { items: PivotRow[]; levels: KitchenLevel[]; metric: KitchenMetric; fileName: string }) {
  const rows = toLevelRows(items, levels);
  const columns = levelRowColumns("Menu item");
  return (
    <TableCard
      title="Slowest items"
      description={`Menu items by p90 of ${METRIC_LABELS[metric].toLowerCase()}, slowest first.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      testId="slowest-items"
    >
      <DataTable caption="Slowest items" columns={columns} rows={rows} rowKey={(r) => r.key} pageSize={15} hideCsv hideCaption />
    </TableCard>
  );
}
