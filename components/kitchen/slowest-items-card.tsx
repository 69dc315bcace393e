"use client";

import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { METRIC_LABELS } from "@/lib/kitchen/ui/labels";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/ui/format";
import type { PivotRow } from "@/lib/kitchen/ui/summary-shapes";
import { csvColumnsOf } from "./stats-columns";
import { TableCard } from "./table-card";

/**
 * Menu items ranked by p90 at the first level (slowest first), one row per item with its p50 and
 * p90 at every level side by side: a list to scan down, not three rows per dish.
 */
export function SlowestItemsCard({ items, levels, metric, fileName }: { items: PivotRow[]; levels: KitchenLevel[]; metric: KitchenMetric; fileName: string }) {
  const first = levels[0] ?? 0;
  const columns: DataColumn<PivotRow>[] = [
    { key: "name", header: "Menu item", value: (r) => r.label },
    { key: "items", header: `Station fulfillments (level ${first})`, value: (r) => r.byLevel[first]?.count ?? null, cell: (r) => formatCount(r.byLevel[first]?.count), align: "right" },
    ...levels.flatMap((level): DataColumn<PivotRow>[] => [
      {
        key: `p50_${level}`,
        header: `p50 L${level} (s)`,
        value: (r) => r.byLevel[level]?.p50 ?? null,
        cell: (r) => formatDuration(r.byLevel[level]?.p50),
        align: "right",
      },
      {
        key: `p90_${level}`,
        header: `p90 L${level} (s)`,
        value: (r) => r.byLevel[level]?.p90 ?? null,
        cell: (r) => formatDuration(r.byLevel[level]?.p90),
        align: "right",
      },
    ]),
  ];
  return (
    <TableCard
      title="Slowest items"
      description={`Menu items by p90 of ${METRIC_LABELS[metric].toLowerCase()} at level ${first}, slowest first; every level side by side.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={items} />}
      testId="slowest-items"
    >
      <DataTable caption="Slowest items" columns={columns} rows={items} rowKey={(r) => r.key} pageSize={15} hideCsv hideCaption />
    </TableCard>
  );
}
