"use client";

import { useState } from "react";

import { HeatmapGrid } from "@/components/charts/heatmap-grid";
import { csvColumnsOf } from "@/components/kitchen/card-parts/stats-columns";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import styles from "@/components/kitchen/kitchen-view.module.css";
import { ChartCard } from "@/components/ui/card/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { type KitchenSummary, type Stats } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { LOW_COUNT, weekdayHourData } from "@/lib/kitchen/present/day-parts-shapes";
import { formatCount, formatDuration, formatHour } from "@/lib/kitchen/present/format";
import { HEAT_STEPS, heatStep } from "@/lib/kitchen/present/heat-scale";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";

interface CellRow {
  key: string;
  weekday: string;
  hour: number;
  stats: Stats;
  low: boolean;
}

const columns: DataColumn<CellRow>[] = [
  { key: "weekday", header: "Weekday (business date)", value: (r) => r.weekday },
  {
    key: "hour",
    header: "Hour (restaurant time)",
    value: (r) => r.hour,
    cell: (r) => formatHour(r.hour),
    align: "right",
  },
  {
    key: "items",
    header: "Station fulfillments",
    value: (r) => r.stats.count,
    cell: (r) => formatCount(r.stats.count),
    align: "right",
  },
  {
    key: "p50",
    header: "p50",
    csvHeader: "p50 (s)",
    value: (r) => r.stats.p50,
    cell: (r) => formatDuration(r.stats.p50),
    align: "right",
  },
  {
    key: "p90",
    header: "p90",
    csvHeader: "p90 (s)",
    value: (r) => r.stats.p90,
    cell: (r) => formatDuration(r.stats.p90),
    align: "right",
  },
  { key: "low", header: `Fewer than ${LOW_COUNT}`, value: (r) => (r.low ? "yes" : "no") },
];

/**
 * Weekday by hour of the business day: the p50 of each cell with its count of station
 * fulfillments written under it, so Saturday dinner and Tuesday lunch are told apart. A cell
 * with fewer than LOW_COUNT is marked (dashed, "few"), since its p50 rests on a handful.
 */
export function WeekdayHeatmapCard({
  summary,
  levels,
  initialLevel,
  targets,
  metric,
  stationName,
  fileName,
}: {
  summary: KitchenSummary;
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  /** The page's station filter, in words ("All stations" without one). */
  stationName: string;
  fileName: string;
}) {
  const [chosenLevel, setLevel] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosenLevel) ? chosenLevel : (levels[0] ?? 0);
  const data = weekdayHourData(summary, level);
  const target = targets[level] ?? 0;
  const rows: CellRow[] = data.weekdays.flatMap((w) =>
    data.hours.flatMap((hour) => {
      const stats = data.cell(w.key, hour);
      return stats
        ? [{ key: `${w.key}|${hour}`, weekday: w.label, hour, stats, low: stats.count < LOW_COUNT }]
        : [];
    }),
  );
  const count = (weekday: string, hour: string) => data.cell(weekday, Number(hour))?.count ?? 0;

  return (
    <div data-testid="weekday-heatmap">
      <ChartCard
        title="By weekday and hour"
        description={`p50 of ${METRIC_LABELS[metric].toLowerCase()} and the number of station fulfillments per weekday of the business date and hour of the fire time, in the restaurant's time (${summary.timeZone}), the business day's hours in order. ${stationName}. Warm cells are over the level's target of ${formatDuration(target)}.`}
        actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
        table={
          <DataTable
            caption={`Weekday by hour, level ${level}`}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.key}
            hideCsv
            hideCaption
          />
        }
      >
        <div className={styles.inlineControls}>
          <LevelPicker levels={levels} value={level} onChange={setLevel} />
        </div>
        {rows.length === 0 ? (
          <p className={styles.chartEmpty}>No items at this level.</p>
        ) : (
          <>
            <HeatmapGrid
              caption={`p50 ${METRIC_LABELS[metric].toLowerCase()} and station fulfillments by weekday and hour, level ${level}`}
              cornerLabel="Weekday"
              rows={data.weekdays}
              columns={data.hours.map((h) => ({ key: String(h), label: formatHour(h) }))}
              value={(weekday, hour) => data.cell(weekday, Number(hour))?.p50 ?? null}
              formatCell={(seconds) => formatDuration(seconds)}
              renderCell={(row, column, seconds) => {
                const n = count(row.key, column.key);
                return (
                  <span className={n < LOW_COUNT ? styles.lowCount : undefined}>
                    {formatDuration(seconds)}
                    <span className={styles.cellCount}>
                      {n < LOW_COUNT ? "few · " : ""}
                      {formatCount(n)}
                    </span>
                  </span>
                );
              }}
              describe={(row, column, seconds) =>
                seconds === null
                  ? `${row.label}, ${column.label}: no station fulfillments`
                  : `${row.label}, ${column.label}: p50 ${formatDuration(seconds)}, ${formatCount(count(row.key, column.key))} station fulfillments`
              }
              cellStyle={(seconds) => {
                const step = heatStep(seconds, target);
                return { background: step.background, color: step.color };
              }}
            />
            <ul className={styles.heatLegend} aria-label="Colour key">
              {HEAT_STEPS.map((step) => (
                <li key={step.label}>
                  <span
                    className={styles.heatSwatch}
                    style={{ background: step.background }}
                    aria-hidden="true"
                  />
                  {step.label}
                </li>
              ))}
              <li>
                Each cell: p50 (minutes and seconds), then station fulfillments; &quot;few&quot; marks fewer
                than {LOW_COUNT}.
              </li>
            </ul>
          </>
        )}
      </ChartCard>
    </div>
  );
}
