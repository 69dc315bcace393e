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
export const LazyStationCard = dynamic(
  () => import("@/components/kitchen/cards/station-card").then((m) => m.StationCard),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazyHistogramCard = dynamic(
  () => import("@/components/kitchen/cards/histogram-card").then((m) => m.HistogramCard),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazyTargetsInUse = dynamic(
  () => import("@/components/kitchen/cards/targets-in-use").then((m) => m.TargetsInUse),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazySlowestTickets = dynamic(
  () => import("@/components/kitchen/cards/slowest-tickets").then((m) => m.SlowestTickets),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazySlowestItemsCard = dynamic(
  () => import("@/components/kitchen/cards/slowest-items-card").then((m) => m.SlowestItemsCard),
  { ssr: false, loading: CardSkeleton },
);
export const LazyHeatmapCard = dynamic(
  () => import("@/components/kitchen/cards/heatmap-card").then((m) => m.HeatmapCard),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazyTrendCard = dynamic(
  () => import("@/components/kitchen/cards/trend-card").then((m) => m.TrendCard),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazyBreakdownCard = dynamic(
  () => import("@/components/kitchen/cards/breakdown-card").then((m) => m.BreakdownCard),
  {
    ssr: false,
    loading: CardSkeleton,
  },
);
export const LazyTicketTimesCard = dynamic(
  () => import("@/components/kitchen/cards/ticket-times-card").then((m) => m.TicketTimesCard),
  { ssr: false, loading: CardSkeleton },
);
export const LazyItemsOverTargetCard = dynamic(
  () => import("@/components/kitchen/cards/items-over-target-card").then((m) => m.ItemsOverTargetCard),
  { ssr: false, loading: CardSkeleton },
);
