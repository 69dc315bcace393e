"use client";

import { ChartCard } from "@/components/ui/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { ChartTooltipBox } from "@/components/charts/chart-tooltip";
import { METRIC_LABELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/api-types";
import { formatBusinessDate, formatBusinessDateShort } from "@/lib/kitchen/ui/business-dates";
import { formatCount, formatDuration } from "@/lib/kitchen/ui/format";
import type { PivotRow } from "@/lib/kitchen/ui/summary-shapes";
import { LazyTrendLineChart } from "./lazy-charts";
import { LEVEL_COLORS } from "./level-colors";
import { csvColumnsOf, levelRowColumns, toLevelRows, type LevelRow } from "./stats-columns";

type Point = { date: string; row: PivotRow } & Record<string, number | null | string | PivotRow>;

const minutes = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : Math.round((seconds / 60) * 10) / 10);

/** p50 and p90 per business date over the range, one colour per level, targets dashed. */
export function TrendCard({
  days,
  levels,
  targets,
  metric,
  fileName,
}: {
  days: PivotRow[];
  levels: KitchenLevel[];
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  fileName: string;
}) {
  const data: Point[] = days.map((row) => {
    const point: Point = { date: row.key, row };
    for (const level of levels) {
      point[`p50_${level}`] = minutes(row.byLevel[level]?.p50);
      point[`p90_${level}`] = minutes(row.byLevel[level]?.p90);
    }
    return point;
  });
  const series = levels.flatMap((level) => [
    { key: `p50_${level}`, label: `p50 · level ${level}`, color: LEVEL_COLORS[level] },
    { key: `p90_${level}`, label: `p90 · level ${level}`, color: LEVEL_COLORS[level], dashed: true },
  ]);
  const references = levels.flatMap((level) => {
    const seconds = targets[level];
    return seconds ? [{ value: seconds / 60, label: `Target level ${level} (${formatDuration(seconds)})`, color: LEVEL_COLORS[level] }] : [];
  });
  const columns: DataColumn<LevelRow>[] = levelRowColumns("Business date").map((c) =>
    c.key === "name" ? { ...c, cell: (r: LevelRow) => formatBusinessDate(r.label) } : c,
  );
  const rows = toLevelRows(days, levels);

  return (
    <ChartCard
      title="Daily trend"
      description={`p50 (solid) and p90 (dashed) of ${METRIC_LABELS[metric].toLowerCase()} per business date, in minutes.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      table={<DataTable caption="Daily trend" columns={columns} rows={rows} rowKey={(r) => r.key} hideCsv hideCaption />}
    >
      <div style={{ minHeight: 300 }}>
        <LazyTrendLineChart
          data={data}
          xKey="date"
          xFormatter={formatBusinessDateShort}
          series={series}
          references={references}
          valueAxisFormatter={(v) => `${v}m`}
          ariaLabel={`Daily ${METRIC_LABELS[metric]} in minutes`}
          tooltip={(point) => (
            <ChartTooltipBox
              title={formatBusinessDate(point.row.key)}
              rows={levels.flatMap((level) => {
                const s = point.row.byLevel[level];
                if (!s) return [];
                return [
                  { label: `L${level} p50`, value: formatDuration(s.p50), color: LEVEL_COLORS[level] },
                  { label: `L${level} p90`, value: formatDuration(s.p90) },
                  { label: `L${level} items`, value: formatCount(s.count) },
                ];
              })}
              note={Object.keys(point.row.byLevel).length === 0 ? "No items on this date." : undefined}
            />
          )}
        />
      </div>
    </ChartCard>
  );
}
