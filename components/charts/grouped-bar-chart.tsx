"use client";

import { useMemo, type ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from "recharts";

import { axisTick, SHORT_TICK } from "@/components/charts/parts/axis-tick";
import { clickedRow } from "@/components/charts/parts/chart-click";
import { ChartLegend, type LegendEntry } from "@/components/charts/parts/chart-legend";
import { AXIS_COLOR, GRID_COLOR } from "@/components/charts/parts/chart-palette";
import { BAR_GAP, BAR_SIZE, groupedBarChartHeight } from "@/components/charts/parts/chart-sizes";

export interface BarSeries {
  /** Key of the numeric value in each row. */
  key: string;
  label: string;
  /** A lighter bar of the same hue (p90 beside p50): outlined so it stays visible on white. */
  faded?: boolean;
}

export interface ReferenceMark {
  value: number;
  label: string;
  color: string;
}

/**
 * Horizontal bars, one row per category (a station at a level), one bar per series, coloured per
 * row. Categories run down the page so long names stay readable and the chart grows in height,
 * not width, which is what a 390px-wide phone needs. A row may carry a marker value (its level's
 * target) drawn as a dashed tick across that row only: rows of different levels have different
 * targets, and one line across the whole chart would compare a station with the wrong target.
 */
export function GroupedBarChart<Row extends object>({
  data,
  categoryKey,
  series,
  rowColor,
  markerKey,
  legend,
  valueAxisFormatter,
  tooltip,
  ariaLabel,
  categoryWidth = 116,
  onRowClick,
}: {
  data: Row[];
  categoryKey: keyof Row & string;
  series: BarSeries[];
  rowColor: (row: Row) => string;
  markerKey?: keyof Row & string;
  legend: LegendEntry[];
  valueAxisFormatter: (value: number) => string;
  tooltip: (row: Row) => ReactNode;
  ariaLabel: string;
  categoryWidth?: number;
  /**
   * A click on a row's bars (a drill: filter the page to it). The mouse's way only: the card's
   * table carries a button per row for the keyboard, as an SVG bar is not focusable.
   */
  onRowClick?: (row: Row) => void;
}) {
  const height = groupedBarChartHeight(data.length, series.length);
  const categoryTick = useMemo(
    () => axisTick({ fill: "var(--color-text)", width: categoryWidth }),
    [categoryWidth],
  );
  const value = (row: Row, key: string) => {
    const v = (row as Record<string, unknown>)[key];
    return typeof v === "number" ? v : 0;
  };
  const maxMarker = markerKey ? data.reduce((max, row) => Math.max(max, value(row, markerKey)), 0) : 0;
  const lastKey = series[series.length - 1]?.key;

  // The last bar of a row draws the row's marker across every bar of the row: it knows its own
  // pixels per unit (width / value) and where the row's first bar starts (stacked above it).
  function shapeFor(s: BarSeries) {
    function BarShape(props: BarShapeProps) {
      const row = props.payload as Row;
      const color = rowColor(row);
      const bar = (
        <Rectangle
          {...props}
          fill={color}
          fillOpacity={s.faded ? 0.35 : 1}
          stroke={color}
          strokeWidth={s.faded ? 1.5 : 0}
        />
      );
      if (!markerKey || s.key !== lastKey) return bar;
      const v = typeof props.value === "number" ? props.value : 0;
      const marker = value(row, markerKey);
      if (!(v > 0) || !(marker > 0)) return bar;
      const x = props.x + (marker / v) * props.width;
      const top = props.y - (series.length - 1) * (props.height + BAR_GAP) - 3;
      return (
        <g>
          {bar}
          <line
            x1={x}
            x2={x}
            y1={top}
            y2={props.y + props.height + 3}
            stroke={color}
            strokeWidth={2}
            strokeDasharray="3 2"
          />
        </g>
      );
    }
    return BarShape;
  }

  return (
    <div>
      <ChartLegend entries={legend} />
      <BarChart
        layout="vertical"
        data={data}
        responsive
        style={{ width: "100%", height, cursor: onRowClick ? "pointer" : undefined }}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        barGap={BAR_GAP}
        barSize={BAR_SIZE}
        title={ariaLabel}
      >
        <CartesianGrid horizontal={false} stroke={GRID_COLOR} />
        <XAxis
          type="number"
          tickFormatter={valueAxisFormatter}
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          domain={[0, (dataMax: number) => Math.ceil(Math.max(dataMax, maxMarker) * 1.05)]}
          allowDecimals={false}
        />
        <YAxis
          type="category"
          dataKey={(row: Row) => String(row[categoryKey])}
          width={categoryWidth}
          stroke={AXIS_COLOR}
          tick={categoryTick}
          interval={0}
        />
        <Tooltip
          cursor={{ fill: "var(--color-surface-muted)" }}
          content={(props: TooltipContentProps) => {
            const row = props.active ? (props.payload?.[0]?.payload as Row | undefined) : undefined;
            return row ? tooltip(row) : null;
          }}
        />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            isAnimationActive={false}
            shape={shapeFor(s)}
            // On the bar itself: the chart's own click reads the tooltip's index, which the
            // pointer's move may not have set yet when a click comes without a hover first.
            onClick={onRowClick ? (_bar, index) => clickedRow(data, index, onRowClick) : undefined}
          >
            {data.map((row, i) => (
              <Cell key={i} fill={rowColor(row)} />
            ))}
          </Bar>
        ))}
      </BarChart>
    </div>
  );
}
