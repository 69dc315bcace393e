"use client";

import dynamic from "next/dynamic";

import { Skeleton } from "@/components/ui/states";

/**
 * recharts is loaded only here, after the page's figures and tables: the Kitchen route's first
 * load stays small, and no other route pulls the charting library in. The skeleton takes the
 * height the card expects the chart to have (--chart-height on a wrapper), so nothing moves when
 * the chart arrives, and nothing is reserved once it has.
 */
function ChartSkeleton() {
  return <Skeleton height="var(--chart-height, 240px)" style={{ display: "block" }} />;
}

export const LazyGroupedBarChart = dynamic(
  () => import("@/components/charts/grouped-bar-chart").then((m) => m.GroupedBarChart),
  {
    ssr: false,
    loading: ChartSkeleton,
  },
) as typeof import("@/components/charts/grouped-bar-chart").GroupedBarChart;

export const LazyTrendLineChart = dynamic(
  () => import("@/components/charts/trend-line-chart").then((m) => m.TrendLineChart),
  {
    ssr: false,
    loading: ChartSkeleton,
  },
) as typeof import("@/components/charts/trend-line-chart").TrendLineChart;

export const LazyHistogramChart = dynamic(
  () => import("@/components/charts/histogram-chart").then((m) => m.HistogramChart),
  {
    ssr: false,
    loading: ChartSkeleton,
  },
);
