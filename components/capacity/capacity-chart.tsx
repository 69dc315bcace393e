"use client";

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
import type { CapacityLoad } from "@/lib/kitchen/contract/capacity";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";

const P90_COLOR = "var(--color-primary)";
const FEW_COLOR = "var(--color-text-muted)";
const TARGET_COLOR = "var(--color-danger)";

interface Point {
  load: number;
  ranked: number | null;
  few: number | null;
  row: CapacityLoad;
}

/**
 * p90 (minutes) against the load (items fired per 15 minutes): the loads with enough items joined
 * by a line, the others as grey dots, the target a dashed line and the knee a vertical one. The
 * table below carries every figure for a screen reader and the keyboard.
 */
export function CapacityChart({
  slots,
  targetSeconds,
  knee,
}: {
  slots: CapacityLoad[];
  targetSeconds: number;
  knee: number | null;
}) {
  const data: Point[] = slots.map((row) => ({
    load: row.load,
    ranked: !row.fewItems && row.p90 !== null ? row.p90 / 60 : null,
    few: row.fewItems && row.p90 !== null ? row.p90 / 60 : null,
    row,
  }));
  const target = targetSeconds / 60;
  return (
    <div data-testid="capacity-chart">
      <ChartLegend
        entries={[
          { label: "p90 (enough items)", color: P90_COLOR },
          { label: "p90 (few items)", color: FEW_COLOR },
          { label: "Target", color: TARGET_COLOR, shape: "line" },
          ...(knee === null ? [] : [{ label: `Knee (${knee})`, color: AXIS_COLOR, shape: "line" as const }]),
        ]}
      />
      <LineChart
        data={data}
        responsive
        style={{ width: "100%", height: 280 }}
        margin={{ top: 8, right: 16, bottom: 16, left: 0 }}
        title="p90 fire to fulfill against items fired per 15 minutes"
      >
        <CartesianGrid vertical={false} stroke={GRID_COLOR} />
        <XAxis
          type="number"
          dataKey="load"
          domain={[0, "dataMax"]}
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          allowDecimals={false}
          label={{
            value: "items per 15 min",
            position: "insideBottom",
            offset: -8,
            fill: AXIS_COLOR,
            fontSize: 12,
          }}
        />
        <YAxis
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          width={44}
          tickFormatter={(v: number) => `${Math.round(v)}m`}
          domain={[0, (dataMax: number) => Math.ceil(Math.max(dataMax, target) * 1.1)]}
        />
        <Tooltip
          content={(props: TooltipContentProps) => {
            const p = props.active ? (props.payload?.[0]?.payload as Point | undefined) : undefined;
            if (!p) return null;
            return (
              <div className="card" style={{ padding: "6px 8px", fontSize: 13 }}>
                {formatCount(p.load)} items per 15 min: p90 {formatDuration(p.row.p90)} over{" "}
                {formatCount(p.row.items)} items in {formatCount(p.row.slots)} slots
                {p.row.fewItems ? " (few)" : ""}
              </div>
            );
          }}
        />
        <ReferenceLine
          y={target}
          stroke={TARGET_COLOR}
          strokeDasharray="5 4"
          strokeWidth={1.5}
          ifOverflow="extendDomain"
        />
        {knee === null ? null : (
          <ReferenceLine x={knee} stroke={AXIS_COLOR} strokeDasharray="2 3" strokeWidth={1.5} />
        )}
        <Line
          dataKey="ranked"
          stroke={P90_COLOR}
          strokeWidth={2}
          dot={{ r: 2.5 }}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          dataKey="few"
          stroke="none"
          dot={{ r: 2, fill: FEW_COLOR, stroke: FEW_COLOR }}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}
