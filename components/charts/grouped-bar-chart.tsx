"use client";

import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { AXIS_COLOR, GRID_COLOR } from "./chart-palette";
import { ChartLegend } from "./chart-legend";

export interface BarSeries {
  /** Key of the numeric value in each row. */
  key: string;
  label: string;
  color: string;
  /** A lighter bar of the same hue (p90 beside p50): outlined so it stays visible on white. */
  faded?: boolean;
}

export interface ReferenceMark {
  value: number;
  label: string;
  color: string;
}

/**
 * Horizontal bars, one group per category (a prep station), one bar per series. Categories run
 * down the page so long station names stay readable and the chart grows in height, not width,
 * which is what a 390px-wide phone needs.
 */
export function GroupedBarChart<Row extends object>({
  data,
  categoryKey,
  series,
  references = [],
  valueAxisFormatter,
  tooltip,
  ariaLabel,
  rowHeight,
}: {
  data: Row[];
  categoryKey: keyof Row & string;
  series: BarSeries[];
  references?: ReferenceMark[];
  valueAxisFormatter: (value: number) => string;
  tooltip: (row: Row) => ReactNode;
  ariaLabel: string;
  /** Height per category; defaults to room for every bar of the group. */
  rowHeight?: number;
}) {
  const perCategory = rowHeight ?? Math.max(36, series.length * 10 + 16);
  const height = Math.max(160, data.length * perCategory + 48);
  const maxReference = references.reduce((max, r) => Math.max(max, r.value), 0);
  return (
    <div>
      <ChartLegend
        entries={[
          ...series.map((s) => ({ label: s.label, color: s.color, faded: s.faded })),
          ...references.map((r) => ({ label: r.label, color: r.color, shape: "line" as const })),
        ]}
      />
      <BarChart
        layout="vertical"
        data={data}
        responsive
        style={{ width: "100%", height }}
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        barGap={1}
        barCategoryGap="18%"
        title={ariaLabel}
      >
        <CartesianGrid horizontal={false} stroke={GRID_COLOR} />
        <XAxis
          type="number"
          tickFormatter={valueAxisFormatter}
          stroke={AXIS_COLOR}
          tick={{ fill: AXIS_COLOR, fontSize: 12 }}
          domain={[0, (dataMax: number) => Math.max(dataMax, maxReference) * 1.05]}
          allowDecimals={false}
        />
        <YAxis type="category" dataKey={(row: Row) => String(row[categoryKey])} width={84} stroke={AXIS_COLOR} tick={{ fill: "var(--color-text)", fontSize: 12 }} interval={0} />
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
            fill={s.color}
            fillOpacity={s.faded ? 0.35 : 1}
            stroke={s.color}
            strokeWidth={s.faded ? 1.5 : 0}
            isAnimationActive={false}
            maxBarSize={14}
          />
        ))}
        {references.map((r) => (
          <ReferenceLine key={r.label} x={r.value} stroke={r.color} strokeDasharray="5 4" strokeWidth={2} ifOverflow="extendDomain" />
        ))}
      </BarChart>
    </div>
  );
}
