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
import { clickedRow } from "@/components/charts/parts/chart-click";
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

/** A dated mark on the category axis (an annotation of lib/annotations): its key is the row's x value. */
export interface AxisMark {
  key: string;
  label: string;
}

/** The diamond above an annotated date, named by its label (a tooltip and the accessible name). */
function MarkLabel({ viewBox, label }: { viewBox?: { x?: number; y?: number }; label: string }) {
  const x = viewBox?.x ?? 0;
  const y = (viewBox?.y ?? 0) + 10;
  return (
    <g data-testid="chart-annotation" role="img" aria-label={label}>
      <title>{label}</title>
      <text x={x} y={y} textAnchor="middle" fill="var(--color-text-muted)" fontSize={12}>
        ◆
      </text>
    </g>
  );
}

/** A line per series over an ordered category axis (business dates). Gaps stay gaps. `annotations`: a dotted line and a diamond per marked date. */
export function TrendLineChart<Row extends object>({
  data,
  xKey,
  xFormatter,
  series,
  references = [],
  annotations = [],
  valueAxisFormatter,
  tooltip,
  ariaLabel,
  height = 260,
  onPointClick,
  flaggedDates = [],
}: {
  data: Row[];
  xKey: keyof Row & string;
  xFormatter: (value: string) => string;
  series: LineSeries[];
  references?: ReferenceMark[];
  annotations?: readonly AxisMark[];
  valueAxisFormatter: (value: number) => string;
  tooltip: (row: Row) => ReactNode;
  ariaLabel: string;
  height?: number;
  /** A click on a date's band (a drill); the card's table carries a button per date for the keyboard. */
  onPointClick?: (row: Row) => void;
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
        style={{ width: "100%", height, cursor: onPointClick ? "pointer" : undefined }}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        title={ariaLabel}
        onClick={onPointClick ? (state) => clickedRow(data, state.activeIndex, onPointClick) : undefined}
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
        {annotations.map((a) => (
          <ReferenceLine
            key={`annotation-${a.key}`}
            x={a.key}
            stroke="var(--color-text-muted)"
            strokeDasharray="2 3"
            ifOverflow="discard"
            label={<MarkLabel label={a.label} />}
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
