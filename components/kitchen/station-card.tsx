"use client";

import { ChartCard } from "@/components/ui/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable } from "@/components/ui/data-table";
import { ChartTooltipBox } from "@/components/charts/chart-tooltip";
import { LEVEL_LABELS, METRIC_LABELS, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/api-types";
import { formatCount, formatDuration } from "@/lib/kitchen/ui/format";
import type { PivotRow } from "@/lib/kitchen/ui/summary-shapes";
import { LazyGroupedBarChart } from "./lazy-charts";
import { LEVEL_COLORS } from "./level-colors";
import { csvColumnsOf, levelRowColumns, toLevelRows } from "./stats-columns";

type BarRow = { station: string; row: PivotRow } & Record<string, number | null | string | PivotRow>;

const minutes = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : seconds / 60);

/**
 * p50 and p90 per prep station, grouped by level, slowest station on top; p75 and p95 in the
 * tooltip. The same component draws the dining-option and order-source breakdowns.
 */
export function StationCard({
  title,
  description,
  nameHeader,
  rows,
  levels,
  targets,
  metric,
  fileName,
  testId,
}: {
  title: string;
  description?: React.ReactNode;
  nameHeader: string;
  rows: PivotRow[];
  levels: KitchenLevel[];
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  fileName: string;
  testId?: string;
}) {
  const data: BarRow[] = rows.map((row) => {
    const out: BarRow = { station: row.label, row };
    for (const level of levels) {
      out[`p50_${level}`] = minutes(row.byLevel[level]?.p50);
      out[`p90_${level}`] = minutes(row.byLevel[level]?.p90);
    }
    return out;
  });
  const series = levels.flatMap((level) => [
    { key: `p50_${level}`, label: `p50 · ${levels.length > 1 ? `level ${level}` : LEVEL_LABELS[level]}`, color: LEVEL_COLORS[level] },
    { key: `p90_${level}`, label: `p90 · ${levels.length > 1 ? `level ${level}` : LEVEL_LABELS[level]}`, color: LEVEL_COLORS[level], faded: true },
  ]);
  const references = levels.flatMap((level) => {
    const seconds = targets[level];
    return seconds ? [{ value: seconds / 60, label: `Target level ${level} (${formatDuration(seconds)})`, color: LEVEL_COLORS[level] }] : [];
  });
  const tableRows = toLevelRows(rows, levels);
  const columns = levelRowColumns(nameHeader);
  const height = Math.max(160, rows.length * Math.max(36, series.length * 10 + 16) + 48) + 28;

  return (
    <div data-testid={testId}>
      <ChartCard
        title={title}
        description={description}
        actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={tableRows} />}
        table={<DataTable caption={`${title}: ${METRIC_LABELS[metric]}`} columns={columns} rows={tableRows} rowKey={(r) => r.key} hideCsv hideCaption />}
      >
        <div style={{ minHeight: height }}>
          <LazyGroupedBarChart
            data={data}
            categoryKey="station"
            series={series}
            references={references}
            valueAxisFormatter={(v) => `${v}m`}
            ariaLabel={`${title}, ${METRIC_LABELS[metric]} in minutes`}
            tooltip={(bar) => (
              <ChartTooltipBox
                title={bar.row.label}
                rows={levels.flatMap((level) => {
                  const s = bar.row.byLevel[level];
                  if (!s) return [];
                  const prefix = levels.length > 1 ? `L${level} ` : "";
                  return [
                    { label: `${prefix}p50`, value: formatDuration(s.p50), color: LEVEL_COLORS[level] },
                    { label: `${prefix}p75`, value: formatDuration(s.p75) },
                    { label: `${prefix}p90`, value: formatDuration(s.p90) },
                    { label: `${prefix}p95`, value: formatDuration(s.p95) },
                    { label: `${prefix}items`, value: formatCount(s.count) },
                  ];
                })}
              />
            )}
          />
        </div>
      </ChartCard>
    </div>
  );
}
