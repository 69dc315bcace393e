"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/states";

/**
 * The Kitchen page's cards below the figures, as separate chunks: they mount only when their
 * section comes near the screen (KitchenSection `lazy`), so their code (and the table engine)
 * is fetched then, not in the page's first load. The server never renders them.
 */
function CardSkeleton() {
  return <Skeleton height={360} style={{ display: "block" }} />;
}

const options = { ssr: false, loading: CardSkeleton } as const;

export const LazyStationCard = dynamic(() => import("./station-card").then((m) => m.StationCard), options);
export const LazyHistogramCard = dynamic(() => import("./histogram-card").then((m) => m.HistogramCard), options);
export const LazyTargetsEditor = dynamic(() => import("./targets-editor").then((m) => m.TargetsEditor), options);
export const LazySlowestTickets = dynamic(() => import("./slowest-tickets").then((m) => m.SlowestTickets), options);
export const LazySlowestItemsCard = dynamic(() => import("./slowest-items-card").then((m) => m.SlowestItemsCard), options);
export const LazyHeatmapCard = dynamic(() => import("./heatmap-card").then((m) => m.HeatmapCard), options);
export const LazyTrendCard = dynamic(() => import("./trend-card").then((m) => m.TrendCard), options);
export const LazyBreakdownCard = dynamic(() => import("./breakdown-card").then((m) => m.BreakdownCard), options);
