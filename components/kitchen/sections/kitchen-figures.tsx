"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useMemo, type ReactNode } from "react";

import { LazyAnnotationsPanel } from "@/components/kitchen/annotations/lazy-annotations";
import {
  LazyBreakdownCard,
  LazyHeatmapCard,
  LazyHistogramCard,
  LazyItemsOverTargetCard,
  LazySlowestItemsCard,
  LazySlowestTickets,
  LazyStationCard,
  LazyTargetsInUse,
  LazyTicketTimesCard,
  LazyTrendCard,
} from "@/components/kitchen/card-parts/lazy-cards";
import { HeadlineSentences } from "@/components/kitchen/first-screen/headline-sentences";
import type { BelowSections, useKitchenFigures } from "@/components/kitchen/hooks/use-kitchen-figures";
import type { KitchenPageRestaurant } from "@/components/kitchen/kitchen-view";
import styles from "@/components/kitchen/kitchen-view.module.css";
import type { Annotation } from "@/lib/annotations/annotations-contract";
import { businessDaysInRange } from "@/lib/business-date/business-date";
import type { KitchenItemStationsSection } from "@/lib/kitchen/contract/item-columns";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import type {
  KitchenFiguresSection,
  KitchenHoursSection,
  KitchenStationsSection,
  KitchenTicketsSection,
} from "@/lib/kitchen/contract/sections";
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
import { annotationsQuery } from "@/lib/queries/annotations";
import { histogramStation } from "@/lib/queries/kitchen-page-plan";
import { kitchenSentences } from "@/lib/url-state/headline-sentences";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

import { HeadlineFigures } from "./headline-figures";
import { KitchenSection, KitchenSectionBar, type SectionContent } from "./kitchen-section";

// While the next view loads, the page re-renders with the same sections (dimmed): memoised cards
// with memoised rows skip that render, so a preset change does not redraw every chart twice.
const Stations = memo(LazyStationCard);
const Breakdown = memo(LazyBreakdownCard);
const Heatmap = memo(LazyHeatmapCard);
const Trend = memo(LazyTrendCard);
const SlowestItems = memo(LazySlowestItemsCard);
const NO_ANNOTATIONS: Annotation[] = [];

type Figures = ReturnType<typeof useKitchenFigures>;

/** The view's figures section (contract/sections.ts) and what the cards read besides (use-kitchen-figures.ts `cards`). */
type CardsProps = Figures["cards"] & {
  restaurant: KitchenPageRestaurant;
  view: KitchenView;
  data: KitchenFiguresSection;
  levels: KitchenLevel[];
  allLevels: readonly KitchenLevel[];
  file: (part: string) => string;
  onChange: (patch: Partial<KitchenView>) => void;
  /** The notes on the figures, shown below them (first-screen/kitchen-footnote.tsx). */
  footnote: ReactNode;
};

/** Each section's rows per card, derived once per answer rather than once per render. */
function useSectionRows(data: KitchenFiguresSection, sections: BelowSections, levels: KitchenLevel[]) {
  const { stations, items, itemStations, trend } = sections;
  const stationsRows = useMemo(
    () =>
      stations && { rows: stationRows({ ...stations, levels: data.levels }), late: stationLate(stations) },
    [stations, data.levels],
  );
  const itemsRows = useMemo(
    () =>
      items &&
      itemStations && {
        rows: itemRows({ ...items, levels: data.levels }),
        stationNames: itemStationNames(itemStations, levels[0] ?? 0),
      },
    [items, itemStations, data.levels, levels],
  );
  const trendRows = useMemo(() => {
    if (!trend) return undefined;
    const withLevels = { ...trend, levels: data.levels };
    return {
      days: dayRows(trend),
      behaviors: behaviorRows(withLevels, behaviorLabel),
      sources: sourceRows(withLevels),
      services: serviceRows(trend),
      dayLate: dayLate({ days: trend.days, withinTarget: data.withinTarget }),
      anomalies: trend.anomalies ?? [],
    };
  }, [trend, data.levels, data.withinTarget]);
  return { stations: stationsRows, items: itemsRows, trend: trendRows };
}
type SectionRows = ReturnType<typeof useSectionRows>;

/**
 * The Kitchen page's figures and charts (each with its table), in the sections of the section bar:
 * the figures first (server HTML), each section below mounted once its own answer is in and as it
 * comes near the screen. Every prop is a value or a stable reference, so the memo's shallow
 * comparison skips a render in which none changed (the click that starts a view change).
 */
export const KitchenFigures = memo(function KitchenFiguresCards(props: CardsProps) {
  const { view, data, sections, belowAsked, stale, previousData, levels } = props;
  const rows = useSectionRows(data, sections, levels);
  // The range's notes and markers (lib/annotations), asked with the sections below the figures.
  const annotationsAnswer = useQuery({
    ...annotationsQuery(props.restaurant.guid, data.from, data.to),
    enabled: belowAsked,
  }).data;
  const annotations = annotationsAnswer?.annotations ?? NO_ANNOTATIONS;
  // The sparklines read the trend section's days, once they are this period's (not a placeholder's).
  const { trend } = sections;
  const thisTrend = trend && trend.from === data.from && trend.to === data.to ? trend : undefined;
  const days = thisTrend?.days;
  const previous = comparable(data, previousData, stale);
  // The opening sentences read the flags (trend) and the markers: said once both are this period's.
  const sentences = useMemo(
    () =>
      thisTrend && annotationsAnswer && !stale
        ? kitchenSentences({
            guid: props.restaurant.guid,
            range: { from: data.from, to: data.to },
            current: levelZero(data),
            previous: view.compare && previous ? levelZero(previous) : null,
            anomalies: thisTrend.anomalies ?? [],
            annotations: annotationsAnswer.annotations,
          })
        : [],
    [thisTrend, annotationsAnswer, stale, props.restaurant.guid, data, view.compare, previous],
  );
  const content = (...needed: (keyof BelowSections)[]): SectionContent =>
    needed.every((s) => sections[s] !== undefined) ? "ready" : belowAsked ? "loading" : "waiting";
  return (
    <div className={`${styles.content} ${stale ? styles.stale : ""}`} aria-busy={stale}>
      <KitchenSection id="figures" folds={false}>
        <HeadlineFigures
          summary={data}
          previous={previous}
          levels={levels}
          compare={view.compare}
          days={days}
        />
        <HeadlineSentences sentences={sentences} testId="kitchen-sentences" />
        {props.footnote}
      </KitchenSection>
      <KitchenSectionBar />
      <KitchenSection id="stations" lazy content={content("stations")} placeholderHeight={900}>
        {sections.stations && rows.stations ? stationCards(props, sections.stations, rows.stations) : null}
      </KitchenSection>
      <KitchenSection id="tickets" lazy content={content("tickets")} placeholderHeight={520}>
        {sections.tickets ? ticketCards(props, sections.tickets) : null}
      </KitchenSection>
      <KitchenSection id="items" lazy content={content("items", "itemStations")} placeholderHeight={640}>
        {sections.itemStations && rows.items ? itemCards(props, sections.itemStations, rows.items) : null}
      </KitchenSection>
      <KitchenSection id="hours" lazy content={content("hours", "stations", "trend")} placeholderHeight={420}>
        {sections.hours && sections.stations && sections.trend
          ? hourCards(
              props,
              { ...sections.hours, stations: sections.stations.stations, dayParts: sections.trend.dayParts },
              annotations,
            )
          : null}
      </KitchenSection>
      <KitchenSection id="trend" lazy content={content("trend")} placeholderHeight={900}>
        {rows.trend ? trendCards(props, rows.trend, annotations) : null}
      </KitchenSection>
    </div>
  );
});

/** The stations section's cards: per station, the histogram and the targets in use (changed on the Targets page). */
function stationCards(
  props: CardsProps,
  section: KitchenStationsSection,
  rows: NonNullable<SectionRows["stations"]>,
) {
  const { restaurant, view, data, targets, targetSeconds, levels, allLevels, file } = props;
  const matches = props.histogramMatchesMain;
  return [
    <Stations
      key="stations"
      title="Prep stations"
      description={`p50 and p90 of ${METRIC_LABELS[view.metric].toLowerCase()} per station, in minutes. Hover or focus a station for p75 and p95.`}
      nameHeader="Station"
      rows={rows.rows}
      levels={levels}
      targets={targetSeconds}
      metric={view.metric}
      fileName={file("stations")}
      testId="station-chart"
      late={rows.late}
      onDrill={props.onChange}
    />,
    <div key="histogram" className={styles.grid2}>
      <LazyHistogramCard
        histogram={matches ? data.histogram : props.histogramData?.histogram}
        loading={matches ? props.stale : props.histogramLoading || !props.histogramData}
        stations={data.options.stations}
        station={histogramStation(view)}
        pageStation={view.station}
        level={view.histLevel}
        levels={allLevels.length ? allLevels : KITCHEN_LEVELS.slice(0, 1)}
        target={targetSeconds[view.histLevel]}
        metric={view.metric}
        fileName={file("distribution")}
        onChange={props.onChange}
      />
      <LazyTargetsInUse guid={restaurant.guid} targets={targets} stations={data.options.stations} />
    </div>,
  ];
}

/** The tickets section's cards: ticket times, and the slowest tickets (their own request). */
function ticketCards(props: CardsProps, section: KitchenTicketsSection) {
  const { restaurant, view, data, levels, file } = props;
  return [
    <LazyTicketTimesCard
      key={`tickets-${view.level ?? "all"}`}
      guid={restaurant.guid}
      summary={{ ...section, outliers: data.outliers }}
      levels={levels}
      initialLevel={view.level ?? levels[0] ?? 0}
      fileName={file}
    />,
    <LazySlowestTickets
      key="slowest-tickets"
      guid={restaurant.guid}
      query={new URLSearchParams(props.queryString)}
      live={props.live}
      metric={view.metric}
      timeZone={data.timeZone}
      fileName={file("slowest-tickets")}
    />,
  ];
}

/**
 * The items section's cards: the slowest items, and the items over target per station (the first
 * level's rows from the page's request, another level's from the card's own).
 */
function itemCards(
  props: CardsProps,
  itemStations: KitchenItemStationsSection,
  rows: NonNullable<SectionRows["items"]>,
) {
  const { restaurant, view, levels, file } = props;
  return [
    <SlowestItems
      key="slowest-items"
      items={rows.rows}
      levels={levels}
      metric={view.metric}
      fileName={file("items")}
      stationNames={rows.stationNames}
    />,
    <LazyItemsOverTargetCard
      key={`over-${view.level ?? "all"}`}
      guid={restaurant.guid}
      queryString={props.queryString}
      live={props.live}
      first={itemStations}
      levels={levels}
      initialLevel={view.level ?? levels[0] ?? 0}
      metric={view.metric}
      fileName={file("items-over-target")}
    />,
  ];
}

/** The hours section's cards: hour by station, and weekday by hour (the trend section's day parts). */
function hourCards(
  props: CardsProps,
  section: KitchenHoursSection & Pick<KitchenSummary, "stations" | "dayParts">,
  annotations: readonly Annotation[],
) {
  const { restaurant, view, data, levels, targetSeconds, file } = props;
  const summary = { ...section, levels: data.levels, timeZone: data.timeZone };
  return [
    <Heatmap
      key={view.level ?? "all"}
      by="station"
      summary={summary}
      levels={levels}
      initialLevel={view.level ?? levels[0] ?? 0}
      targets={targetSeconds}
      closeoutHour={restaurant.closeoutHour}
      metric={view.metric}
      fileName={file("hours-by-station")}
      annotations={annotations}
      onDrill={props.onChange}
    />,
    <Heatmap
      key={`weekday-${view.level ?? "all"}`}
      by="weekday"
      summary={summary}
      levels={levels}
      initialLevel={view.level ?? levels[0] ?? 0}
      targets={targetSeconds}
      metric={view.metric}
      stationName={stationFilterName(data, view.station)}
      fileName={file("weekday-by-hour")}
      annotations={annotations}
    />,
  ];
}

/** The trend section: the daily trend, the dining-option and source breakdowns, and the services. */
function trendCards(
  props: CardsProps,
  rows: NonNullable<SectionRows["trend"]>,
  annotations: readonly Annotation[],
) {
  const { restaurant, view, data, levels, targetSeconds: targets, file } = props;
  // What every chart of the section reads the same way: the levels offered, the one shown first, the targets and the metric.
  const byLevel = { levels, initialLevel: view.level ?? levels[0] ?? 0, targets, metric: view.metric };
  return [
    <Trend
      key={`trend-${view.level ?? "all"}`}
      days={rows.days}
      {...byLevel}
      fileName={file("daily")}
      late={rows.dayLate}
      annotations={annotations}
      onDrill={props.onChange}
      flaggedDays={rows.anomalies}
    />,
    <LazyAnnotationsPanel key="annotations" guid={restaurant.guid} from={data.from} to={data.to} />,
    <div key="breakdowns" className={styles.grid2even}>
      <Breakdown
        key={`behaviors-${view.level ?? "all"}`}
        title="By dining option"
        nameHeader="Dining option"
        rows={rows.behaviors}
        {...byLevel}
        fileName={file("dining-options")}
      />
      <Breakdown
        key={`sources-${view.level ?? "all"}`}
        title="By order source"
        nameHeader="Order source"
        rows={rows.sources}
        {...byLevel}
        fileName={file("order-sources")}
        categoryWidth={150}
      />
    </div>,
    <Breakdown
      key={`services-${view.level ?? "all"}`}
      title="By service"
      nameHeader="Service"
      description={`p50 and p90 of ${METRIC_LABELS[view.metric].toLowerCase()} per service of the restaurant's schedule, in minutes, in the order of the business day. A record belongs to the service whose hours hold its fire time; the rows add up to the level.`}
      testId="service-chart"
      inOrder
      rows={rows.services}
      {...byLevel}
      fileName={file("services")}
    />,
  ];
}

/**
 * The previous period's figures when they are the ones the shown figures compare with. A
 * placeholder's figures are another view's, while the previous period asked is already the new
 * view's: no change is drawn between the two (a week against a day read +700 % items). Besides
 * the flag, the previous period must end before the shown one starts and be as long.
 */
/** Level 0's records, late ones and p90 of a figures section, as the status rule reads them; null without level 0. */
function levelZero(f: KitchenFiguresSection) {
  const share = f.withinTarget.find((w) => w.level === 0);
  const stats = f.levels.find((l) => l.level === 0)?.stats;
  return share && share.count > 0
    ? { records: share.count, late: share.late, p90: stats?.p90 ?? null }
    : null;
}

function comparable(
  data: KitchenFiguresSection,
  previous: KitchenFiguresSection | undefined,
  stale: boolean,
): KitchenFiguresSection | undefined {
  if (stale || !previous) return undefined;
  const sameLength =
    businessDaysInRange(previous.from, previous.to) === businessDaysInRange(data.from, data.to);
  return previous.to < data.from && sameLength ? previous : undefined;
}

/** The page's station filter in words, for a card that reads it. */
function stationFilterName(data: Pick<KitchenSummary, "options">, station: string | null): string {
  if (!station) return "All stations";
  if (station === "(none)") return "Station: no prep station";
  const found = data.options.stations.find((s) => s.stationGuid === station);
  return `Station: ${found ? stationLabel(found) : station}`;
}
