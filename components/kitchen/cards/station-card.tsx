"use client";

import type { CSSProperties, ReactNode } from "react";

import { groupedBarChartHeight, legendHeight } from "@/components/charts/parts/chart-sizes";
import { ChartTooltipBox } from "@/components/charts/parts/chart-tooltip";
import {
  rankLevelRows,
  stationFilterOfKey,
  withDrillColumns,
  type Drill,
} from "@/components/kitchen/card-parts/drill";
import { lateColumns } from "@/components/kitchen/card-parts/late-columns";
import { LazyGroupedBarChart } from "@/components/kitchen/card-parts/lazy-charts";
import { LEVEL_COLORS } from "@/components/kitchen/card-parts/level-colors";
import {
  csvColumnsOf,
  levelRowColumns,
  toLevelRows,
  type LevelRow,
} from "@/components/kitchen/card-parts/stats-columns";
import styles from "@/components/kitchen/cards/cards.module.css";
import { ChartCard } from "@/components/ui/card/chart-card";
import card from "@/components/ui/card/table-card.module.css";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable } from "@/components/ui/table/data-table";
import { hasFewRecords, MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import type { RowLate } from "@/lib/kitchen/present/late-figures";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

interface BarRow {
  category: string;
  row: LevelRow;
  p50: number | null;
  p90: number | null;
  target: number | null;
}

const minutes = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : seconds / 60;

/**
 * p50 and p90 per prep station, grouped by level (level 0 stations first, then the expediters);
 * with `late`, ranked within a level by late items, never by a percentile (ranking.ts), and rows
 * of fewer than MIN_RANKED_COUNT records marked and listed after the others; p75 and p95 in the
 * tooltip; each row's level target as a dashed tick (a station's own target when it has one, with
 * `late`). With `onDrill`, a click on a station's bars (or its table button) filters the page to
 * it. The same card draws the dining-option and order-source breakdowns.
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
  controls,
  categoryWidth,
  late,
  onDrill,
  inOrder = false,
}: {
  title: string;
  description?: ReactNode;
  nameHeader: string;
  rows: PivotRow[];
  levels: KitchenLevel[];
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  fileName: string;
  testId?: string;
  /** Inputs above the chart (a breakdown's level picker). */
  controls?: ReactNode;
  categoryWidth?: number;
  /** Per row key (`${key}|${level}`): the target that applies and the late counts; adds their columns. */
  late?: ReadonlyMap<string, RowLate>;
  /** Filters the page to a station row (station rows only: their keys are station filters). */
  onDrill?: Drill;
  /** The rows' order means something (the services, as the business day runs): marked, not ranked. */
  inOrder?: boolean;
}) {
  const targetOf = (row: LevelRow) => late?.get(row.key)?.targetSeconds ?? targets[row.level];
  const tableRows = rankLevelRows(
    toLevelRows(rows, levels).filter((r) => r.stats.count > 0),
    late,
    inOrder,
  );
  const several = levels.length > 1;
  const drillTo = (row: LevelRow) => {
    const station = stationFilterOfKey(row.key);
    if (onDrill && station) onDrill({ station });
  };
  const data: BarRow[] = tableRows.map((row) => ({
    category: `${several ? `${row.label} · L${row.level}` : row.label}${hasFewRecords(row.stats.count) ? " (few)" : ""}`,
    row,
    p50: minutes(row.stats.p50),
    p90: minutes(row.stats.p90),
    target: minutes(targetOf(row)),
  }));
  const legend = levels.flatMap((level) => {
    const name = several ? `level ${level}` : LEVEL_LABELS[level];
    const target = targets[level];
    return [
      { label: `p50 · ${name}`, color: LEVEL_COLORS[level] },
      { label: `p90 · ${name}`, color: LEVEL_COLORS[level], faded: true },
      ...(target
        ? [
            {
              label: `target ${several ? `L${level} ` : ""}${formatDuration(target)}`,
              color: LEVEL_COLORS[level],
              shape: "line" as const,
            },
          ]
        : []),
    ];
  });
  const columns = withDrillColumns(
    [...levelRowColumns(nameHeader), ...(late ? lateColumns(late) : [])],
    onDrill
      ? {
          label: (row) => (stationFilterOfKey(row.key) ? `Only ${row.label}` : null),
          onDrill: drillTo,
        }
      : undefined,
  );
  const few = tableRows.filter((r) => hasFewRecords(r.stats.count)).length;
  const ownTargets = late
    ? tableRows.filter((r) => late.get(r.key) && late.get(r.key)!.targetSeconds !== targets[r.level]).length
    : 0;
  const height = groupedBarChartHeight(data.length, 2) + legendHeight(legend.length, 4);

  return (
    <div data-testid={testId}>
      <ChartCard
        title={title}
        description={description}
        actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={tableRows} />}
        table={
          <DataTable
            caption={`${title}: ${METRIC_LABELS[metric]}`}
            columns={columns}
            rows={tableRows}
            rowKey={(r) => r.key}
            hideCsv
            hideCaption
          />
        }
      >
        {controls}
        <p className={styles.rankNote} data-testid="ranking-note">
          {late ? "Ranked by late items, most first. " : ""}
          Rows with fewer than {MIN_RANKED_COUNT} records are marked &ldquo;few&rdquo;
          {inOrder ? "" : " and listed last"}
          {few > 0 ? ` (${formatCount(few)} here)` : ""}.
          {onDrill ? " Click a station's bars, or its button in the table, to filter the page to it." : ""}
        </p>
        {ownTargets > 0 ? (
          <p className={card.description} data-testid="own-targets-note">
            {ownTargets === 1 ? "One station has" : `${formatCount(ownTargets)} stations have`} a target of
            its own: its tick and late counts use it.
          </p>
        ) : null}
        <div style={{ "--chart-height": `${height}px` } as CSSProperties}>
          {data.length === 0 ? (
            <p>No items.</p>
          ) : (
            <LazyGroupedBarChart
              data={data}
              categoryKey="category"
              series={[
                { key: "p50", label: "p50" },
                { key: "p90", label: "p90", faded: true },
              ]}
              rowColor={(bar) =>
                hasFewRecords(bar.row.stats.count) ? "var(--color-text-muted)" : LEVEL_COLORS[bar.row.level]
              }
              onRowClick={onDrill ? (bar) => drillTo(bar.row) : undefined}
              markerKey="target"
              categoryWidth={categoryWidth}
              legend={legend}
              valueAxisFormatter={(v) => `${v}m`}
              ariaLabel={`${title}, ${METRIC_LABELS[metric]} in minutes`}
              tooltip={(bar) => (
                <BarTooltip row={bar.row} target={targetOf(bar.row)} late={late?.get(bar.row.key)} />
              )}
            />
          )}
        </div>
      </ChartCard>
    </div>
  );
}

/** A station's tooltip: its percentiles with the records beside them, its target and late counts. */
function BarTooltip({ row, target, late }: { row: LevelRow; target: number | undefined; late?: RowLate }) {
  return (
    <ChartTooltipBox
      title={`${row.label}, level ${row.level}`}
      rows={[
        { label: "p50", value: formatDuration(row.stats.p50), color: LEVEL_COLORS[row.level] },
        { label: "p75", value: formatDuration(row.stats.p75) },
        { label: "p90", value: formatDuration(row.stats.p90) },
        { label: "p95", value: formatDuration(row.stats.p95) },
        { label: "items", value: formatCount(row.stats.count) },
        ...(target ? [{ label: "target", value: formatDuration(target) }] : []),
        ...(late
          ? [{ label: "late", value: `${formatCount(late.late)} (${formatCount(late.veryLate)} very late)` }]
          : []),
      ]}
    />
  );
}
