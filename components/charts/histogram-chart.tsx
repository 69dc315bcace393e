"use client";

import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";

import { SHORT_TICK } from "@/components/charts/parts/axis-tick";
import { ChartLegend } from "@/components/charts/parts/chart-legend";
import { AXIS_COLOR, GRID_COLOR } from "@/components/charts/parts/chart-palette";
import type { HistogramBin } from "@/lib/kitchen/contract/responses";

import type { ReferenceMark } from "./grouped-bar-chart";

/**
 * Counts per duration bin. The x axis is categorical (one bar per bin, labelled by its lower
 * bound), so a reference line is drawn at the lower edge of the bin that contains it.
 */
export function HistogramChart({
  bins,
  color,
  binLabel,
  tickLabel = binLabel,
  references = [],
  tooltip,
  ariaLabel,
  height = 240,
}: {
  bins: HistogramBin[];
  color: string;
  /** Full label of a bin, for the tooltip ("9m–10m"). */
  binLabel: (bin: HistogramBin) => string;
  /** Short label on the axis ("9m"); defaults to binLabel. */
  tickLabel?: (bin: HistogramBin) => string;
  references?: ReferenceMark[];
  tooltip: (bin: HistogramBin) => ReactNode;
  ariaLabel: string;
  height?: number;
}) {
  const data = bins.map((bin) => ({ ...bin, label: binLabel(bin) }));
  // The formatter gets the tick's value (the bin's label), not the bin: map one to the other.
  const tickOf = new Map(bins.map((bin) => [binLabel(bin), tickLabel(bin)]));
  const binOf = (seconds: number) =>
    data.find((b) => seconds >= b.from && (b.to === null || seconds < b.to))?.label;
  return (
    <div>
      {references.length > 0 ? (
        <ChartLegend
          entries={references.map((r) => ({ label: r.label, color: r.color, shape: "line" as const }))}
        />
      ) : null}
      <BarChart
        data={data}
        responsive
        style={{ width: "100%", height }}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        barCategoryGap={1}
        title={ariaLabel}
      >
        <CartesianGrid vertical={false} stroke={GRID_COLOR} />
        <XAxis
          dataKey="label"
          tickFormatter={(label: string) => tickOf.get(label) ?? label}
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          minTickGap={12}
        />
        <YAxis stroke={AXIS_COLOR} tick={SHORT_TICK} interval={0} width={44} allowDecimals={false} />
        <Tooltip
          cursor={{ fill: "var(--color-surface-muted)" }}
          content={(props: TooltipContentProps) => {
            const row = props.active ? (props.payload?.[0]?.payload as HistogramBin | undefined) : undefined;
            return row ? tooltip(row) : null;
          }}
        />
        <Bar dataKey="count" name="Items" fill={color} isAnimationActive={false} />
        {references.map((r) => {
          const x = binOf(r.value);
          // "start": at the bin's lower edge, which is where the target lies when bins are whole minutes.
          return x ? (
            <ReferenceLine
              key={r.label}
              x={x}
              position="start"
              stroke={r.color}
              strokeDasharray="5 4"
              strokeWidth={2}
            />
          ) : null;
        })}
      </BarChart>
    </div>
  );
}
