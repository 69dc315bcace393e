"use client";

import { useMemo, useState, type ReactNode } from "react";

import { HeatmapGrid, type HeatAxisEntry } from "@/components/charts/heatmap-grid";
import { stationFilterOfKey, type Drill } from "@/components/kitchen/card-parts/drill";
import { countColumn, csvColumnsOf, durationColumn } from "@/components/kitchen/card-parts/stats-columns";
import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { ChartCard } from "@/components/ui/card/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { stationMarks, weekdayMarks } from "@/lib/annotations/annotation-marks";
import type { Annotation } from "@/lib/annotations/annotations-contract";
import { hasFewRecords, MIN_RANKED_COUNT } from "@/lib/kitchen/contract/ranking";
import { type KitchenSummary, type Stats } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { weekdayHourData } from "@/lib/kitchen/present/day-parts-shapes";
import { formatCount, formatDuration, formatHour } from "@/lib/kitchen/present/format";
import { HEAT_STEPS, heatCell } from "@/lib/kitchen/present/heat-scale";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { busiestHour, heatData, stationKey } from "@/lib/kitchen/present/summary-shapes";

/** What the grids read: the hours section's cubes and the trend section's day parts. */
type HeatmapSummary = Pick<
  KitchenSummary,
  "hourStations" | "stations" | "levels" | "filters" | "timeZone" | "dayParts"
>;

/**
 * Both grids show the same statistic on the same scale (issue 34: the weekday grid's p50 never
 * turned red beside the station grid's p90), each cell with its count under it.
 */
const STATISTIC = "p90";

/**
 * The heatmap's row dimension: stations by hour of the day (each station against its own target
 * where it has one), or weekdays of the business date by hour. Every cell: the p90 with its count
 * written under it, a cell with fewer than MIN_RANKED_COUNT records marked "few" and never painted
 * deeper than the first step over target (heat-scale.ts).
 */
export type HeatmapRows = { by: "station"; closeoutHour: number } | { by: "weekday"; stationName: string };

interface CellRow {
  key: string;
  /** The row's label: a station or a weekday. */
  row: string;
  hour: number;
  stats: Stats;
  low: boolean;
}

/** One level's grid along the chosen rows, with the target each row is coloured against. */
interface HeatGrid {
  rows: HeatAxisEntry[];
  hours: number[];
  cell: (row: string, hour: number) => Stats | null;
  /** The column scrolled into view first (the busiest hour), if any. */
  startHour: number | null;
  targetOf: (row: string) => number;
  /** Whether some row has a target of its own, not the level's. */
  ownTargets: boolean;
}

/** `closeoutHour` null: the weekday rows; else the station rows, the day's hours from the closeout on. */
function heatGrid(
  summary: HeatmapSummary,
  level: KitchenLevel,
  target: number,
  closeoutHour: number | null,
): HeatGrid {
  if (closeoutHour === null) {
    const data = weekdayHourData(summary, level);
    return { ...data, rows: data.weekdays, startHour: null, targetOf: () => target, ownTargets: false };
  }
  const data = heatData(summary, level, closeoutHour);
  // A station with a target of its own is coloured against it (the summary's rows carry the one that applies).
  const rowTarget = new Map(
    summary.stations.filter((s) => s.level === level).map((s) => [stationKey(s), s.targetSeconds]),
  );
  return {
    ...data,
    rows: data.stations,
    startHour: busiestHour(data),
    targetOf: (row) => rowTarget.get(row) ?? target,
    ownTargets: [...rowTarget.values()].some((t) => t !== target),
  };
}

const statsColumns: DataColumn<CellRow>[] = [
  {
    key: "hour",
    header: "Hour (restaurant time)",
    value: (r) => r.hour,
    cell: (r) => formatHour(r.hour),
    align: "right",
  },
  countColumn("items", "Station fulfillments", (r) => r.stats.count),
  durationColumn("p50", "p50", (r) => r.stats.p50),
  durationColumn("p90", "p90", (r) => r.stats.p90),
];

const fewColumn: DataColumn<CellRow> = {
  key: "low",
  header: `Fewer than ${MIN_RANKED_COUNT}`,
  value: (r) => (r.low ? "yes" : "no"),
};

const COLUMNS: Record<HeatmapRows["by"], DataColumn<CellRow>[]> = {
  station: [{ key: "station", header: "Station", value: (r) => r.row }, ...statsColumns, fewColumn],
  weekday: [
    { key: "weekday", header: "Weekday (business date)", value: (r) => r.row },
    ...statsColumns,
    fewColumn,
  ],
};

/** The colour key's last entry, the same for both grids. */
const CELL_KEY = (
  <>
    Each cell: p90 (minutes and seconds), then station fulfillments; &quot;few&quot; marks fewer than{" "}
    {MIN_RANKED_COUNT}, never coloured past the first step.
  </>
);

/** The card's words for each dimension. */
function wording(dim: HeatmapRows, summary: HeatmapSummary, metric: string, target: number, grid: HeatGrid) {
  if (dim.by === "weekday")
    return {
      title: "By weekday and hour",
      description: `${STATISTIC} of ${metric} and the number of station fulfillments per weekday of the business date and hour of the fire time, in the restaurant's time (${summary.timeZone}), the business day's hours in order. ${dim.stationName}. Only cells over the level's target of ${formatDuration(target)} are coloured.`,
      table: "Weekday by hour",
      grid: `${STATISTIC} ${metric} and station fulfillments by weekday and hour`,
      corner: "Weekday",
    };
  return {
    title: "By hour and station",
    description: `${STATISTIC} of ${metric} and the number of station fulfillments per hour of the day, in the restaurant's time (${summary.timeZone}). Only cells over the level's target of ${formatDuration(target)}${grid.ownTargets ? ", or the station's own where it has one," : ""} are coloured. Click a cell to filter the page to its station.`,
    table: "Hour by station",
    grid: `${STATISTIC} ${metric} and station fulfillments by hour and station`,
    corner: "Station",
  };
}

/** Hours by stations or by weekdays, coloured against the target that applies; each with its table and CSV. */
export function HeatmapCard(
  props: {
    summary: HeatmapSummary;
    levels: KitchenLevel[];
    initialLevel: KitchenLevel;
    targets: Partial<Record<KitchenLevel, number>>;
    metric: KitchenMetric;
    fileName: string;
    /** The range's notes and markers (lib/annotations): a diamond on the weekday, or the station, each concerns. */
    annotations?: readonly Annotation[];
    /** Filters the page to a station cell's station (the station grid only). */
    onDrill?: Drill;
  } & HeatmapRows,
) {
  const { summary, levels, initialLevel, targets, metric, fileName, onDrill } = props;
  const dim: HeatmapRows = props;
  const [chosenLevel, setLevel] = useState<KitchenLevel>(initialLevel);
  const statistic = STATISTIC;
  const level = levels.includes(chosenLevel) ? chosenLevel : (levels[0] ?? 0);
  const target = targets[level] ?? 0;
  // Flat props (no object built per render), so the memoised card re-renders only on a change.
  const closeoutHour = props.by === "station" ? props.closeoutHour : null;
  const grid = useMemo(
    () => heatGrid(summary, level, target, closeoutHour),
    [summary, level, target, closeoutHour],
  );
  const rows = useMemo(
    () =>
      grid.rows.flatMap((r) =>
        grid.hours.flatMap((hour): CellRow[] => {
          const stats = grid.cell(r.key, hour);
          return stats
            ? [{ key: `${r.key}|${hour}`, row: r.label, hour, stats, low: hasFewRecords(stats.count) }]
            : [];
        }),
      ),
    [grid],
  );
  const words = wording(dim, summary, METRIC_LABELS[metric].toLowerCase(), target, grid);
  const annotations = props.annotations ?? [];
  const marks = dim.by === "weekday" ? weekdayMarks(annotations) : stationMarks(annotations, grid.rows);
  const columns = COLUMNS[dim.by];
  const count = (row: string, hour: string) => grid.cell(row, Number(hour))?.count ?? 0;

  const card = (
    <ChartCard
      title={words.title}
      description={words.description}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      table={
        <DataTable
          caption={`${words.table}, level ${level}`}
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
            caption={`${words.grid}, level ${level}`}
            cornerLabel={words.corner}
            startColumn={grid.startHour === null ? undefined : String(grid.startHour)}
            rows={grid.rows}
            columns={grid.hours.map((h) => ({ key: String(h), label: formatHour(h) }))}
            value={(row, hour) => grid.cell(row, Number(hour))?.[statistic] ?? null}
            formatCell={(seconds) => formatDuration(seconds)}
            renderCell={(row, column, seconds) => (
              <CountedCell seconds={seconds} n={count(row.key, column.key)} />
            )}
            drill={
              onDrill && dim.by === "station"
                ? {
                    label: (row) => (stationFilterOfKey(row.key) ? `Filter the page to ${row.label}` : null),
                    onDrill: (row) => {
                      const station = stationFilterOfKey(row.key);
                      if (station) onDrill({ station });
                    },
                  }
                : undefined
            }
            describe={(row, column, seconds) =>
              seconds === null
                ? `${row.label}, ${column.label}: no station fulfillments`
                : `${row.label}, ${column.label}: ${statistic} ${formatDuration(seconds)}, ${formatCount(count(row.key, column.key))} station fulfillments`
            }
            annotations={marks}
            cellStyle={(seconds, row, column) => {
              const step = heatCell(seconds, grid.targetOf(row.key), count(row.key, column.key));
              return { background: step.background, color: step.color };
            }}
          />
          <HeatLegend note={CELL_KEY} />
        </>
      )}
    </ChartCard>
  );
  return dim.by === "weekday" ? <div data-testid="weekday-heatmap">{card}</div> : card;
}

/** A cell: the p90 with its count under it, "few" below MIN_RANKED_COUNT (a p90 resting on a handful). */
function CountedCell({ seconds, n }: { seconds: number; n: number }) {
  const few = hasFewRecords(n);
  return (
    <span className={few ? styles.lowCount : undefined}>
      {formatDuration(seconds)}
      <span className={styles.cellCount}>
        {few ? "few · " : ""}
        {formatCount(n)}
      </span>
    </span>
  );
}

function HeatLegend({ note }: { note: ReactNode }) {
  return (
    <ul className={styles.heatLegend} aria-label="Colour key">
      {HEAT_STEPS.map((step) => (
        <li key={step.label}>
          <span className={styles.heatSwatch} style={{ background: step.background }} aria-hidden="true" />
          {step.label}
        </li>
      ))}
      <li>{note}</li>
    </ul>
  );
}
