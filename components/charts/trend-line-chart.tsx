"use client";

import type { ReactNode } from "react";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";

import { SHORT_TICK } from "@/components/charts/parts/axis-tick";
import { ChartLegend } from "@/components/charts/parts/chart-legend";
import { AXIS_COLOR, GRID_COLOR } from "@/components/charts/parts/chart-palette";

import type { ReferenceMark } from "./grouped-bar-chart";

/** A category (business date) marked on the chart: a flag at the top with `label` as its tooltip and accessible name. */
export interface FlaggedCategory {
  date: string;
  label: string;
}

const FLAG_COLOR = "var(--color-warning, #b45309)";

/** The flag of a marked date: a small triangle at the top of its line, named for screen readers and hover. */
function FlagMark({ x, y, flag }: { x: number; y: number; flag: FlaggedCategory }) {
  return (
    <g role="img" aria-label={flag.label} data-flagged-date={flag.date}>
      <title>{flag.label}</title>
      <path d={`M${x - 6},${y} L${x + 6},${y} L${x},${y + 9} Z`} fill={FLAG_COLOR} />
    </g>
  );
}

export interface LineSeries {
  key: string;
  label: string;
  color: string;
  dashed?: boolean;
}

/** A line per series over an ordered category axis (business dates). Gaps stay gaps. */
export function TrendLineChart<Row extends object>({
  data,
  xKey,
  xFormatter,
  series,
  references = [],
  valueAxisFormatter,
  tooltip,
  ariaLabel,
  height = 260,
  flaggedDates = [],
}: {
  data: Row[];
  xKey: keyof Row & string;
  xFormatter: (value: string) => string;
  series: LineSeries[];
  references?: ReferenceMark[];
  valueAxisFormatter: (value: number) => string;
  tooltip: (row: Row) => ReactNode;
  ariaLabel: string;
  height?: number;
  /** Dates to mark (unusual days): a dashed vertical line and a flag each. */
  flaggedDates?: FlaggedCategory[];
}) {
  const maxReference = references.reduce((max, r) => Math.max(max, r.value), 0);
  return (
    <div>
      <ChartLegend
        entries={[
          ...series.map((s) => ({
            label: s.label,
            color: s.color,
            shape: s.dashed ? ("line" as const) : undefined,
          })),
          ...references.map((r) => ({ label: r.label, color: r.color, shape: "line" as const })),
        ]}
      />
      <LineChart
        data={data}
        responsive
        style={{ width: "100%", height }}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        title={ariaLabel}
      >
        <CartesianGrid vertical={false} stroke={GRID_COLOR} />
        <XAxis
          dataKey={(row: Row) => String(row[xKey])}
          tickFormatter={(v) => xFormatter(String(v))}
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          minTickGap={16}
        />
        <YAxis
          tickFormatter={valueAxisFormatter}
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          interval={0}
          width={44}
          domain={[0, (dataMax: number) => Math.max(dataMax, maxReference) * 1.05]}
          allowDecimals={false}
        />
        <Tooltip
          content={(props: TooltipContentProps) => {
            const row = props.active ? (props.payload?.[0]?.payload as Row | undefined) : undefined;
            return row ? tooltip(row) : null;
          }}
        />
        {references.map((r) => (
          <ReferenceLine
            key={r.label}
            y={r.value}
            stroke={r.color}
            strokeDasharray="5 4"
            strokeWidth={1.5}
            ifOverflow="extendDomain"
          />
        ))}
        {flaggedDates.map((flag) => (
          <ReferenceLine
            key={`flag-${flag.date}`}
            x={flag.date}
            stroke={FLAG_COLOR}
            strokeDasharray="2 3"
            strokeWidth={1.5}
            label={(props: { viewBox?: { x?: number; y?: number } }) => (
              <FlagMark x={props.viewBox?.x ?? 0} y={props.viewBox?.y ?? 0} flag={flag} />
            )}
          />
        ))}
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? "6 4" : undefined}
            dot={data.length <= 31 ? { r: 2.5, fill: s.color } : false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </div>
  );
}
