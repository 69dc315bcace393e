"use client";

import { memo, useMemo } from "react";

import {
  LazyBreakdownCard,
  LazyHeatmapCard,
  LazyHistogramCard,
  LazyItemsOverTargetCard,
  LazySlowestItemsCard,
  LazySlowestTickets,
  LazyStationCard,
  LazyStationTargetsEditor,
  LazyTargetsEditor,
  LazyTicketTimesCard,
  LazyTrendCard,
} from "@/components/kitchen/card-parts/lazy-cards";
import type { useKitchenFigures } from "@/components/kitchen/hooks/use-kitchen-figures";
import type { KitchenPageRestaurant } from "@/components/kitchen/kitchen-view";
import styles from "@/components/kitchen/kitchen-view.module.css";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { isSummaryHead } from "@/lib/kitchen/contract/summary-head";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { serviceRows } from "@/lib/kitchen/present/day-parts-shapes";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { dayLate, itemStationNames, stationLate } from "@/lib/kitchen/present/late-figures";
import {
  behaviorLabel,
  behaviorRows,
  dayRows,
  itemRows,
  sourceRows,
  stationLabel,
  stationRows,
} from "@/lib/kitchen/present/summary-shapes";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

import { HeadlineFigures } from "./headline-figures";
import { KitchenSection, KitchenSectionBar, type SectionContent } from "./kitchen-section";
import { MetricNote } from "./metric-note";

// While the next view loads, the page re-renders with the same summary (dimmed): memoised cards
// with memoised rows skip that render, so a preset change does not redraw every chart twice.
const Stations = memo(LazyStationCard);
const Breakdown = memo(LazyBreakdownCard);
const Heatmap = memo(LazyHeatmapCard);
const Trend = memo(LazyTrendCard);
const SlowestItems = memo(LazySlowestItemsCard);

/** The summary's rows per card, derived once per summary rather than once per render. */
function useSummaryRows(data: KitchenSummary) {
  return useMemo(
    () => ({
      stations: stationRows(data),
      days: dayRows(data),
      behaviors: behaviorRows(data, behaviorLabel),
      sources: sourceRows(data),
      items: itemRows(data),
      services: serviceRows(data),
      stationLate: stationLate(data),
      dayLate: dayLate(data),
    }),
    [data],
  );
}

/**
 * The Kitchen page's figures and charts (each with its table) for a summary that has arrived, in
 * the sections of the section bar: the figures first (server HTML), the rest mounted as it comes
 * near the screen.
 */
function KitchenFiguresCards({
  restaurant,
  view,
  data,
  figures,
  levels,
  allLevels,
  file,
  onChange,
}: {
  restaurant: KitchenPageRestaurant;
  view: KitchenView;
  data: KitchenSummary;
  figures: CardFigures;
  levels: KitchenLevel[];
  allLevels: readonly KitchenLevel[];
  file: (part: string) => string;
  onChange: (patch: Partial<KitchenView>) => void;
}) {
  const { guid } = restaurant;
  const {
    live,
    query,
    stale,
    previousData,
    targets,
    histogram,
    histogramData,
    histogramMatchesMain,
    targetSeconds,
    wholeWaiting,
  } = figures;
  const rows = useSummaryRows(data);
  const initialLevel = view.level ?? levels[0] ?? 0;
  const heat = { summary: data, levels, initialLevel, targets: targetSeconds, metric: view.metric };
  const itemStations = useMemo(() => itemStationNames(data, levels[0] ?? 0), [data, levels]);
  // The server's head of the summary: the cards below wait for the whole, which is on its way
  // ("loading") or not asked for until the page settles ("waiting").
  const content: SectionContent = !isSummaryHead(data) ? "ready" : wholeWaiting ? "waiting" : "loading";
  return (
    <div className={`${styles.content} ${stale ? styles.stale : ""}`} aria-busy={stale}>
      <KitchenSectionBar />
      <KitchenSection id="figures">
        <MetricNote metric={view.metric} levels={allLevels} />
        <HeadlineFigures summary={data} previous={previousData} levels={levels} compare={view.compare} />
      </KitchenSection>
      <KitchenSection id="stations" lazy content={content} placeholderHeight={900}>
        <Stations
          title="Prep stations"
          description={`p50 and p90 of ${METRIC_LABELS[view.metric].toLowerCase()} per station, in minutes, slowest first. Hover or focus a station for p75 and p95.`}
          nameHeader="Station"
          rows={rows.stations}
          levels={levels}
          targets={targetSeconds}
          metric={view.metric}
          fileName={file("stations")}
          testId="station-chart"
          late={rows.stationLate}
        />
        {targets.data ? (
          <LazyStationTargetsEditor
            guid={guid}
            targets={targets.data}
            stations={data.stations.flatMap((s) =>
              s.stationGuid === null
                ? []
                : [{ stationGuid: s.stationGuid, stationName: s.stationName, level: s.level }],
            )}
          />
        ) : null}
        <div className={styles.grid2}>
          <LazyHistogramCard
            histogram={histogramMatchesMain ? data.histogram : histogramData?.histogram}
            loading={histogramMatchesMain ? stale : histogram.isFetching || !histogramData}
            stations={data.options.stations}
            station={view.histStation}
            level={view.histLevel}
            levels={allLevels.length ? allLevels : KITCHEN_LEVELS.slice(0, 1)}
            target={targetSeconds[view.histLevel]}
            metric={view.metric}
            fileName={file("distribution")}
            onChange={onChange}
          />
          <LazyTargetsEditor
            guid={guid}
            targets={targets.data}
            levels={allLevels.length ? allLevels : [0, 1]}
          />
        </div>
      </KitchenSection>
      <KitchenSection id="tickets" lazy content={content} placeholderHeight={520}>
        <LazyTicketTimesCard
          key={`tickets-${view.level ?? "all"}`}
          guid={guid}
          summary={data}
          levels={levels}
          initialLevel={initialLevel}
          fileName={file}
        />
        <LazySlowestTickets
          guid={guid}
          query={query}
          live={live}
          metric={view.metric}
          timeZone={data.timeZone}
          fileName={file("slowest-tickets")}
        />
      </KitchenSection>
      <KitchenSection id="items" lazy content={content} placeholderHeight={640}>
        <SlowestItems
          items={rows.items}
          levels={levels}
          metric={view.metric}
          fileName={file("items")}
          stationNames={itemStations}
        />
        <LazyItemsOverTargetCard
          key={`over-${view.level ?? "all"}`}
          summary={data}
          levels={levels}
          initialLevel={initialLevel}
          metric={view.metric}
          fileName={file("items-over-target")}
        />
      </KitchenSection>
      <KitchenSection id="hours" lazy content={content} placeholderHeight={420}>
        <Heatmap
          key={view.level ?? "all"}
          by="station"
          {...heat}
          closeoutHour={restaurant.closeoutHour}
          fileName={file("hours-by-station")}
        />
        <Heatmap
          key={`weekday-${view.level ?? "all"}`}
          by="weekday"
          {...heat}
          stationName={stationFilterName(data, view.station)}
          fileName={file("weekday-by-hour")}
        />
      </KitchenSection>
      <TrendSection
        view={view}
        levels={levels}
        rows={rows}
        targets={targetSeconds}
        file={file}
        content={content}
      />
    </div>
  );
}

type Figures = ReturnType<typeof useKitchenFigures>;

/**
 * What the cards read of the figures, and how a render compares each: a render in which none of it
 * changed (the click that starts a view change, while the figures still show the deferred view)
 * skips every card and chart. The cards' prop is typed by these keys, so a field they start to read
 * must be added here, and is then compared: it cannot go stale behind the memo.
 */
const sameCardFigure = {
  live: Object.is,
  query: (a: Figures["query"], b: Figures["query"]) => a.toString() === b.toString(),
  stale: Object.is,
  previousData: Object.is,
  targets: (a: Figures["targets"], b: Figures["targets"]) => a.data === b.data,
  histogram: (a: Figures["histogram"], b: Figures["histogram"]) => a.isFetching === b.isFetching,
  histogramData: Object.is,
  histogramMatchesMain: Object.is,
  targetSeconds: Object.is,
  wholeWaiting: Object.is,
} satisfies { [K in keyof Figures]?: (a: Figures[K], b: Figures[K]) => boolean };

type CardFigures = Pick<Figures, keyof typeof sameCardFigure>;

function sameFigures(a: CardFigures, b: CardFigures): boolean {
  return (Object.keys(sameCardFigure) as (keyof CardFigures)[]).every((key) =>
    (sameCardFigure[key] as (x: unknown, y: unknown) => boolean)(a[key], b[key]),
  );
}

/** The figures and cards; `file` is derived from the view, data and restaurant compared here. */
export const KitchenFigures = memo(
  KitchenFiguresCards,
  (a, b) =>
    a.restaurant === b.restaurant &&
    a.view === b.view &&
    a.data === b.data &&
    a.levels === b.levels &&
    a.allLevels === b.allLevels &&
    a.onChange === b.onChange &&
    sameFigures(a.figures, b.figures),
);

/** The trend section: the daily trend, the dining-option and source breakdowns, and the services. */
function TrendSection({
  view,
  levels,
  rows,
  targets,
  file,
  content,
}: {
  view: KitchenView;
  levels: KitchenLevel[];
  rows: ReturnType<typeof useSummaryRows>;
  targets: Partial<Record<KitchenLevel, number>>;
  file: (part: string) => string;
  content: SectionContent;
}) {
  return (
    <KitchenSection id="trend" lazy content={content} placeholderHeight={900}>
      <Trend
        key={`trend-${view.level ?? "all"}`}
        days={rows.days}
        levels={levels}
        initialLevel={view.level ?? levels[0] ?? 0}
        targets={targets}
        metric={view.metric}
        fileName={file("daily")}
        late={rows.dayLate}
      />
      <div className={styles.grid2even}>
        <Breakdown
          key={`behaviors-${view.level ?? "all"}`}
          title="By dining option"
          nameHeader="Dining option"
          rows={rows.behaviors}
          levels={levels}
          initialLevel={view.level ?? levels[0] ?? 0}
          targets={targets}
          metric={view.metric}
          fileName={file("dining-options")}
        />
        <Breakdown
          key={`sources-${view.level ?? "all"}`}
          title="By order source"
          nameHeader="Order source"
          rows={rows.sources}
          levels={levels}
          initialLevel={view.level ?? levels[0] ?? 0}
          targets={targets}
          metric={view.metric}
          fileName={file("order-sources")}
          categoryWidth={150}
        />
      </div>
      <Breakdown
        key={`services-${view.level ?? "all"}`}
        title="By service"
        nameHeader="Service"
        description={`p50 and p90 of ${METRIC_LABELS[view.metric].toLowerCase()} per service of the restaurant's schedule, in minutes, in the order of the business day. A record belongs to the service whose hours hold its fire time; the rows add up to the level.`}
        testId="service-chart"
        rows={rows.services}
        levels={levels}
        initialLevel={view.level ?? levels[0] ?? 0}
        targets={targets}
        metric={view.metric}
        fileName={file("services")}
      />
    </KitchenSection>
  );
}

/** The page's station filter in words, for a card that reads it. */
function stationFilterName(data: KitchenSummary, station: string | null): string {
  if (!station) return "All stations";
  if (station === "(none)") return "Station: no prep station";
  const found = data.options.stations.find((s) => s.stationGuid === station);
  return `Station: ${found ? stationLabel(found) : station}`;
}
