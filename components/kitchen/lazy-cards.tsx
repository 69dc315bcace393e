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

// next/dynamic wants its options written out at each call (an object literal).
export const LazyStationCard = dynamic(() => import("./station-card").then((m) => m.StationCard), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazyHistogramCard = dynamic(() => import("./histogram-card").then((m) => m.HistogramCard), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazyTargetsEditor = dynamic(() => import("./targets-editor").then((m) => m.TargetsEditor), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazySlowestTickets = dynamic(() => import("./slowest-tickets").then((m) => m.SlowestTickets), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazySlowestItemsCard = dynamic(
  () => import("./slowest-items-card").then((m) => m.SlowestItemsCard),
  { ssr: false, loading: CardSkeleton },
);
export const LazyHeatmapCard = dynamic(() => import("./heatmap-card").then((m) => m.HeatmapCard), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazyTrendCard = dynamic(() => import("./trend-card").then((m) => m.TrendCard), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazyBreakdownCard = dynamic(() => import("./breakdown-card").then((m) => m.BreakdownCard), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazyTicketTimesCard = dynamic(
  () => import("./ticket-times-card").then((m) => m.TicketTimesCard),
  { ssr: false, loading: CardSkeleton },
);
export const LazyServiceCard = dynamic(() => import("./service-card").then((m) => m.ServiceCard), {
  ssr: false,
  loading: CardSkeleton,
});
export const LazyWeekdayHeatmapCard = dynamic(
  () => import("./weekday-heatmap-card").then((m) => m.WeekdayHeatmapCard),
  { ssr: false, loading: CardSkeleton },
);
export const LazyStationTargetsEditor = dynamic(
  () => import("./station-targets-editor").then((m) => m.StationTargetsEditor),
  { ssr: false, loading: CardSkeleton },
);
export const LazyItemsOverTargetCard = dynamic(
  () => import("./items-over-target-card").then((m) => m.ItemsOverTargetCard),
  { ssr: false, loading: CardSkeleton },
);
