"use client";

import { useId, useState } from "react";

import { csvColumnsOf } from "@/components/kitchen/card-parts/stats-columns";
import styles from "@/components/kitchen/cards/cards.module.css";
import { TableCard } from "@/components/ui/card/table-card";
import card from "@/components/ui/card/table-card.module.css";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

/** Items with fewer station fulfillments than this are left out of the ranking by default: the ranking's minimum. */
export const DEFAULT_MIN_RECORDS = MIN_RANKED_COUNT;

/**
 * Menu items ranked by p90 at the first level (slowest first), one row per item with its p50 and
 * p90 at every level side by side: a list to scan down, not three rows per dish. Items with fewer
 * than a minimum of station fulfillments at that level (20, changeable) are left out and counted,
 * so a dish sold twice does not top the list.
 */
export function SlowestItemsCard({
  items: all,
  levels,
  metric,
  fileName,
  stationNames,
}: {
  items: PivotRow[];
  levels: KitchenLevel[];
  metric: KitchenMetric;
  fileName: string;
  /** Per item key: the stations that made it at the first level (a station column when given). */
  stationNames?: ReadonlyMap<string, string>;
}) {
  const first = levels[0] ?? 0;
  const [minRecords, setMinRecords] = useState(DEFAULT_MIN_RECORDS);
  const inputId = useId();
  const items = all.filter((r) => (r.byLevel[first]?.count ?? 0) >= minRecords);
  const hidden = all.length - items.length;
  const p50 = (level: KitchenLevel): DataColumn<PivotRow> => ({
    key: `p50_${level}`,
    header: `p50 L${level}`,
    csvHeader: `p50 l${level}`,
    csvUnit: "seconds",
    value: (r) => r.byLevel[level]?.p50 ?? null,
    cell: (r) => formatDuration(r.byLevel[level]?.p50),
    align: "right",
  });
  const p90 = (level: KitchenLevel): DataColumn<PivotRow> => ({
    key: `p90_${level}`,
    header: `p90 L${level}`,
    csvHeader: `p90 l${level}`,
    csvUnit: "seconds",
    value: (r) => r.byLevel[level]?.p90 ?? null,
    cell: (r) => formatDuration(r.byLevel[level]?.p90),
    align: "right",
  });
  // The ranking's column (p90 at the first level) right after the name, and the name kept to two
  // lines: on a phone both stay on screen while the other levels scroll.
  const columns: DataColumn<PivotRow>[] = [
    {
      key: "name",
      header: "Menu item",
      value: (r) => r.label,
      cell: (r) => (
        <span className={styles.clampedName} title={r.label}>
          {r.label}
        </span>
      ),
    },
    p90(first),
    p50(first),
    ...(stationNames
      ? [
          {
            key: "station",
            header: `Station (level ${first})`,
            value: (r: PivotRow) => stationNames.get(r.key) ?? null,
          },
        ]
      : []),
    {
      key: "items",
      header: `Station fulfillments (level ${first})`,
      value: (r) => r.byLevel[first]?.count ?? null,
      cell: (r) => formatCount(r.byLevel[first]?.count),
      align: "right",
    },
    ...levels.filter((level) => level !== first).flatMap((level) => [p50(level), p90(level)]),
  ];
  return (
    <TableCard
      title="Slowest items"
      description={`Menu items by p90 of ${METRIC_LABELS[metric].toLowerCase()} at level ${first}, slowest first; the other levels after.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={items} />}
      testId="slowest-items"
    >
      <p className={card.description} data-testid="slowest-items-minimum">
        <label htmlFor={inputId}>Items with at least </label>
        <input
          id={inputId}
          className="input"
          type="number"
          min={1}
          max={100000}
          step={1}
          value={minRecords}
          onChange={(e) => setMinRecords(Math.max(1, Math.floor(Number(e.target.value)) || 1))}
          style={{ width: "7ch" }}
          aria-describedby={`${inputId}-hidden`}
        />{" "}
        station fulfillments at level {first}.{" "}
        <span id={`${inputId}-hidden`}>
          {hidden > 0
            ? `${formatCount(hidden)} ${hidden === 1 ? "item" : "items"} with fewer left out.`
            : "None left out."}
        </span>
      </p>
      <DataTable
        caption="Slowest items"
        columns={columns}
        rows={items}
        rowKey={(r) => r.key}
        pageSize={15}
        hideCsv
        hideCaption
      />
    </TableCard>
  );
}
