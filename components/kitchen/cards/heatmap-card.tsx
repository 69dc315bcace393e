"use client";

import { useMemo, useState } from "react";

import { HeatmapGrid } from "@/components/charts/heatmap-grid";
import { csvColumnsOf } from "@/components/kitchen/card-parts/stats-columns";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import styles from "@/components/kitchen/kitchen-view.module.css";
import { ChartCard } from "@/components/ui/card/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { type KitchenSummary, type Stats } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration, formatHour } from "@/lib/kitchen/present/format";
import { HEAT_STEPS, heatStep } from "@/lib/kitchen/present/heat-scale";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { busiestHour, heatData, stationKey } from "@/lib/kitchen/present/summary-shapes";

type Statistic = "p50" | "p90";

interface CellRow {
  key: string;
  station: string;
  hour: number;
  stats: Stats;
}

const columns: DataColumn<CellRow>[] = [
  { key: "station", header: "Station", value: (r) => r.station },
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
];

/** Hour of day by station in the restaurant's own time, coloured against the station's target (its own, else the level's). */
export function HeatmapCard({
  summary,
  levels,
  initialLevel,
  targets,
  closeoutHour,
  metric,
  fileName,
}: {
  summary: KitchenSummary;
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  targets: Partial<Record<KitchenLevel, number>>;
  closeoutHour: number;
  metric: KitchenMetric;
  fileName: string;
}) {
  const [chosenLevel, setLevel] = useState<KitchenLevel>(initialLevel);
  const [statistic, setStatistic] = useState<Statistic>("p90");
  const level = levels.includes(chosenLevel) ? chosenLevel : (levels[0] ?? 0);
  const { data, rows, peak } = useMemo(() => {
    const grid = heatData(summary, level, closeoutHour);
    const cells: CellRow[] = grid.stations.flatMap((s) =>
      grid.hours.flatMap((hour) => {
        const stats = grid.cell(s.key, hour);
        return stats ? [{ key: `${s.key}|${hour}`, station: s.label, hour, stats }] : [];
      }),
    );
    return { data: grid, rows: cells, peak: busiestHour(grid) };
  }, [summary, level, closeoutHour]);
  const target = targets[level] ?? 0;
  // A station with a target of its own is coloured against it (the summary's rows carry the one that applies).
  const rowTarget = new Map(
    summary.stations.filter((s) => s.level === level).map((s) => [stationKey(s), s.targetSeconds]),
  );
  const ownTargets = [...rowTarget.values()].some((t) => t !== target);

  return (
    <ChartCard
      title="By hour and station"
      description={`${statistic} of ${METRIC_LABELS[metric].toLowerCase()} per hour of the day, in the restaurant's time (${summary.timeZone}). Warm cells are over the level's target of ${formatDuration(target)}${ownTargets ? ", or the station's own where it has one" : ""}.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      table={
        <DataTable
          caption={`Hour by station, level ${level}`}
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
        <label className={styles.inlineField}>
          Statistic
          <select
            className="select"
            value={statistic}
            onChange={(e) => setStatistic(e.target.value as Statistic)}
          >
            <option value="p50">p50 (median)</option>
            <option value="p90">p90</option>
          </select>
        </label>
      </div>
      {data.stations.length === 0 ? (
        <p className={styles.chartEmpty}>No items at this level.</p>
      ) : (
        <>
          <HeatmapGrid
            caption={`${statistic} ${METRIC_LABELS[metric].toLowerCase()} by hour and station, level ${level}`}
            cornerLabel="Station"
            startColumn={peak === null ? undefined : String(peak)}
            rows={data.stations}
            columns={data.hours.map((h) => ({ key: String(h), label: formatHour(h) }))}
            value={(stationKey, hour) => data.cell(stationKey, Number(hour))?.[statistic] ?? null}
            formatCell={(seconds) => formatDuration(seconds)}
            describe={(row, column, seconds) =>
              seconds === null
                ? `${row.label}, ${column.label}: no station fulfillments`
                : `${row.label}, ${column.label}: ${statistic} ${formatDuration(seconds)}, ${formatCount(data.cell(row.key, Number(column.key))?.count ?? 0)} station fulfillments`
            }
            cellStyle={(seconds, row) => {
              const step = heatStep(seconds, rowTarget.get(row.key) ?? target);
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
            <li>Cells show minutes and seconds.</li>
          </ul>
        </>
      )}
    </ChartCard>
  );
}
