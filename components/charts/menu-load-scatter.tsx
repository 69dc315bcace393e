"use client";

import {
  CartesianGrid,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
  type TooltipContentProps,
} from "recharts";

import { SHORT_TICK } from "@/components/charts/parts/axis-tick";
import { ChartLegend } from "@/components/charts/parts/chart-legend";
import { AXIS_COLOR, GRID_COLOR } from "@/components/charts/parts/chart-palette";
import { ChartTooltipBox } from "@/components/charts/parts/chart-tooltip";
import type { KitchenMenuLoad, MenuLoadItem } from "@/lib/kitchen/contract/menu-load";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { QUADRANT_LABELS } from "@/lib/kitchen/present/menu-load-words";

const RANKED = "var(--color-primary)";
const FEW = "var(--color-border-strong)";
const PICKED = "var(--color-focus)";

type Point = MenuLoadItem & { x: number; y: number; z: number };

/**
 * Popularity (selections, x) against p90 (minutes, y), each item a dot sized by its station-time;
 * dashed lines at the medians the quadrants are drawn against. Items with few records are grey:
 * their p90 rests on a handful of records. The table below holds every figure; the chart is its
 * picture, so a dot's click picks the item there.
 */
export function MenuLoadScatter({
  load,
  picked,
  onPick,
  height = 320,
}: {
  load: KitchenMenuLoad;
  picked: string | null;
  onPick: (itemGuid: string | null) => void;
  height?: number;
}) {
  const points = (few: boolean): Point[] =>
    load.items
      .filter((i) => i.fewRecords === few && i.p90 !== null)
      .map((i) => ({ ...i, x: i.selections, y: i.p90! / 60, z: i.seconds }));
  const pickedPoints = points(false)
    .concat(points(true))
    .filter((p) => picked !== null && p.itemGuid === picked);
  return (
    <div>
      <ChartLegend
        entries={[
          { label: `${load.minRankedCount}+ records`, color: RANKED, shape: "bar" as const },
          { label: "Fewer records", color: FEW, shape: "bar" as const },
          { label: "Medians", color: AXIS_COLOR, shape: "line" as const },
        ]}
      />
      <ScatterChart
        responsive
        style={{ width: "100%", height }}
        margin={{ top: 8, right: 16, bottom: 16, left: 0 }}
        title="Popularity against p90 kitchen time, per menu item"
      >
        <CartesianGrid stroke={GRID_COLOR} />
        <XAxis
          type="number"
          dataKey="x"
          name="Selections"
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          label={{
            value: "Selections",
            position: "insideBottom",
            offset: -8,
            fill: AXIS_COLOR,
            fontSize: 12,
          }}
        />
        <YAxis
          type="number"
          dataKey="y"
          name="p90"
          unit="m"
          stroke={AXIS_COLOR}
          tick={SHORT_TICK}
          width={48}
        />
        <ZAxis type="number" dataKey="z" range={[30, 400]} />
        {load.medians.selections !== null ? (
          <ReferenceLine x={load.medians.selections} stroke={AXIS_COLOR} strokeDasharray="4 4" />
        ) : null}
        {load.medians.p90 !== null ? (
          <ReferenceLine y={load.medians.p90 / 60} stroke={AXIS_COLOR} strokeDasharray="4 4" />
        ) : null}
        <Tooltip
          content={(props: TooltipContentProps) => {
            const p = props.active ? (props.payload?.[0]?.payload as Point | undefined) : undefined;
            return p ? (
              <ChartTooltipBox
                title={p.itemName ?? "Unnamed item"}
                rows={[
                  { label: "Selections", value: formatCount(p.selections) },
                  { label: "p90", value: formatDuration(p.p90) },
                  { label: "Station-minutes", value: formatCount(Math.round(p.seconds / 6) / 10) },
                  { label: "Share of the time", value: formatShare(p.share) },
                ]}
                note={QUADRANT_LABELS[p.quadrant]}
              />
            ) : null;
          }}
        />
        <Scatter
          name="Few records"
          data={points(true)}
          fill={FEW}
          onClick={(p: { payload?: Point }) => onPick(p.payload?.itemGuid ?? null)}
        />
        <Scatter
          name="Items"
          data={points(false)}
          fill={RANKED}
          fillOpacity={0.7}
          onClick={(p: { payload?: Point }) => onPick(p.payload?.itemGuid ?? null)}
        />
        {pickedPoints.length > 0 ? <Scatter name="Picked" data={pickedPoints} fill={PICKED} /> : null}
      </ScatterChart>
    </div>
  );
}
