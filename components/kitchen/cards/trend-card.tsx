"use client";

import { useState, type CSSProperties } from "react";

import { ChartTooltipBox } from "@/components/charts/parts/chart-tooltip";
import type { Drill } from "@/components/kitchen/card-parts/drill";
import { lateColumns } from "@/components/kitchen/card-parts/late-columns";
import { LazyTrendLineChart } from "@/components/kitchen/card-parts/lazy-charts";
import { LEVEL_COLORS } from "@/components/kitchen/card-parts/level-colors";
import {
  csvColumnsOf,
  levelRowColumns,
  toLevelRows,
  type LevelRow,
} from "@/components/kitchen/card-parts/stats-columns";
import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { ChartCard } from "@/components/ui/card/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { dateMarks } from "@/lib/annotations/annotation-marks";
import type { Annotation } from "@/lib/annotations/annotations-contract";
import { formatBusinessDate, formatBusinessDateShort } from "@/lib/business-date/format";
import type { KitchenAnomaly } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { flaggedDatesOf } from "@/lib/kitchen/present/anomaly-labels";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import type { RowLate } from "@/lib/kitchen/present/late-figures";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

type Point = { date: string; row: PivotRow } & Record<string, number | null | string | PivotRow>;

const minutes = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : Math.round((seconds / 60) * 10) / 10;

/**
 * p50 and p90 per business date over the range, one colour per level, targets dashed. With
 * `onDrill`, a click on a date (or its button in the table) narrows the page to that date.
 */
export function TrendCard({
  days,
  levels,
  initialLevel,
  targets,
  metric,
  fileName,
  late,
  annotations = [],
  onDrill,
  flaggedDays = [],
}: {
  days: PivotRow[];
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  fileName: string;
  /** Per `${date}|${level}`: late counts, as columns of the table and lines of the tooltip. */
  late?: ReadonlyMap<string, RowLate>;
  /** The range's notes and markers (lib/annotations): a diamond on each annotated date shown. */
  annotations?: readonly Annotation[];
  /** Narrows the page to one business date (a custom range of that date). */
  onDrill?: Drill;
  /** Unusual days (the summary's `anomalies`): the shown level's are flagged on the chart and listed under it. */
  flaggedDays?: readonly KitchenAnomaly[];
}) {
  // One level at a time: p50, p90 and the target of three levels would be nine lines.
  const [chosen, setChosen] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosen) ? chosen : (levels[0] ?? 0);
  const drillTo = (date: string) => onDrill?.({ range: "custom", from: date, to: date });
  const data: Point[] = days.map((row) => ({
    date: row.key,
    row,
    p50: minutes(row.byLevel[level]?.p50),
    p90: minutes(row.byLevel[level]?.p90),
  }));
  const series = [
    { key: "p50", label: `p50 · ${LEVEL_LABELS[level]}`, color: LEVEL_COLORS[level] },
    { key: "p90", label: `p90 · ${LEVEL_LABELS[level]}`, color: LEVEL_COLORS[level], dashed: true },
  ];
  const target = targets[level];
  const references = target
    ? [{ value: target / 60, label: `target ${formatDuration(target)}`, color: "var(--chart-target)" }]
    : [];
  const columns: DataColumn<LevelRow>[] = [
    ...levelRowColumns("Business date").map((c) =>
      c.key === "name"
        ? { ...c, csvUnit: "date" as const, cell: (r: LevelRow) => formatBusinessDate(r.label) }
        : c,
    ),
    // The level's target is in the heading; a day mixes stations, so its row gives only the counts.
    ...(late ? lateColumns(late).filter((c) => c.key !== "target") : []),
    ...(onDrill ? [drillColumn(drillTo)] : []),
  ];
  const rows = toLevelRows(days, levels);
  const shownDates = new Set(days.map((d) => d.key));
  const marks = dateMarks(annotations).filter((m) => shownDates.has(m.key));
  const flagged = flaggedDatesOf(flaggedDays, level).filter((f) => shownDates.has(f.date));

  return (
    <ChartCard
      title="Daily trend"
      description={`p50 (solid) and p90 (dashed) of ${METRIC_LABELS[metric].toLowerCase()} per business date, in minutes; the red line is the level's target.${marks.length ? " ◆ marks a date with a note or a change (listed under the chart)." : ""}${onDrill ? " Click a date to see that day alone." : ""}`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      table={
        <DataTable
          caption="Daily trend"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.key}
          hideCsv
          hideCaption
        />
      }
    >
      {levels.length > 1 ? (
        <div className={styles.inlineControls}>
          <LevelPicker levels={levels} value={level} onChange={setChosen} />
        </div>
      ) : null}
      <div style={{ "--chart-height": "290px" } as CSSProperties}>
        <LazyTrendLineChart
          data={data}
          xKey="date"
          xFormatter={formatBusinessDateShort}
          series={series}
          references={references}
          annotations={marks}
          valueAxisFormatter={(v) => `${v}m`}
          ariaLabel={`Daily ${METRIC_LABELS[metric]} in minutes`}
          onPointClick={onDrill ? (point) => drillTo(point.date) : undefined}
          flaggedDates={flagged}
          tooltip={(point) => (
            <ChartTooltipBox
              title={formatBusinessDate(point.row.key)}
              rows={tooltipRows(point.row, level, late)}
              note={
                point.row.byLevel[level]
                  ? `Level ${level} · ${LEVEL_LABELS[level]}`
                  : "No items at this level on this date."
              }
            />
          )}
        />
      </div>
      {flagged.length > 0 ? (
        <p className={styles.unusualDays} data-testid="unusual-days">
          Unusual days (fire-to-fulfill p90 outside the usual range of the same weekday over the previous 8
          weeks):{" "}
          {flagged.map((f, i) => (
            <span key={f.date} title={f.label}>
              {i > 0 ? ", " : ""}
              {formatBusinessDate(f.date)}
            </span>
          ))}
          .
        </p>
      ) : null}
    </ChartCard>
  );
}

/** The table's drill: a button per date that narrows the page to it (the keyboard's way to the chart's click). */
function drillColumn(drillTo: (date: string) => void): DataColumn<LevelRow> {
  return {
    key: "drill",
    header: "Filter",
    csv: false,
    sortable: false,
    value: () => null,
    cell: (r: LevelRow) => (
      <button type="button" className={styles.drillButton} onClick={() => drillTo(r.label)}>
        Only {formatBusinessDateShort(r.label)}
      </button>
    ),
  };
}

/** A date's tooltip lines at one level: p50, p90, items, and its late counts where known. */
function tooltipRows(row: PivotRow, level: KitchenLevel, late: ReadonlyMap<string, RowLate> | undefined) {
  const s = row.byLevel[level];
  if (!s) return [];
  const counts = late?.get(`${row.key}|${level}`);
  return [
    { label: "p50", value: formatDuration(s.p50), color: LEVEL_COLORS[level] },
    { label: "p90", value: formatDuration(s.p90) },
    { label: "items", value: formatCount(s.count) },
    ...(counts
      ? [
          { label: "late", value: formatCount(counts.late) },
          { label: "very late", value: formatCount(counts.veryLate) },
        ]
      : []),
  ];
}
