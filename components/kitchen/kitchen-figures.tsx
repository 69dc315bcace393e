"use client";

import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { METRIC_LABELS } from "@/lib/kitchen/ui/labels";
import { behaviorLabel, behaviorRows, dayRows, itemRows, sourceRows, stationRows } from "@/lib/kitchen/ui/summary-shapes";
import type { KitchenView } from "@/lib/url-state/kitchen-view";
import { BreakdownCard } from "./breakdown-card";
import { HeadlineFigures } from "./headline-figures";
import { HeatmapCard } from "./heatmap-card";
import { HistogramCard } from "./histogram-card";
import type { KitchenRestaurant } from "./kitchen-view";
import { MetricNote } from "./metric-note";
import { SlowestItemsCard } from "./slowest-items-card";
import { SlowestTickets } from "./slowest-tickets";
import { StationCard } from "./station-card";
import { TargetsEditor } from "./targets-editor";
import { TrendCard } from "./trend-card";
import { ItemsOverTargetCard } from "./items-over-target-card";
import { StationTargetsEditor } from "./station-targets-editor";
import { dayLate, itemStationNames, stationLate } from "@/lib/kitchen/ui/late-figures";
import type { useKitchenFigures } from "./use-kitchen-figures";
import styles from "./kitchen-view.module.css";

/** The Kitchen page's figures and charts (each with its table) for a summary that has arrived. */
export function KitchenFigures({
  restaurant,
  view,
  data,
  figures,
  levels,
  allLevels,
  file,
  onChange,
}: {
  restaurant: KitchenRestaurant;
  view: KitchenView;
  data: KitchenSummary;
  figures: ReturnType<typeof useKitchenFigures>;
  levels: KitchenLevel[];
  allLevels: readonly KitchenLevel[];
  file: (part: string) => string;
  onChange: (patch: Partial<KitchenView>) => void;
}) {
  const { guid } = restaurant;
  const { live, query, summary, previousData, targets, histogram, histogramData, histogramMatchesMain, targetSeconds } = figures;
  const stale = summary.isPlaceholderData;
  return (
    <div className={`${styles.content} ${stale ? styles.stale : ""}`} aria-busy={stale}>
      <MetricNote metric={view.metric} levels={allLevels} />
      <HeadlineFigures summary={data} previous={previousData} levels={levels} compare={view.compare} />
      <StationCard
        title="Prep stations"
        description={`p50 and p90 of ${METRIC_LABELS[view.metric].toLowerCase()} per station, in minutes, slowest first. Hover or focus a station for p75 and p95.`}
        nameHeader="Station"
        rows={stationRows(data)}
        levels={levels}
        targets={targetSeconds}
        metric={view.metric}
        fileName={file("stations")}
        testId="station-chart"
        late={stationLate(data)}
      />
      {targets.data ? (
        <StationTargetsEditor
          guid={guid}
          targets={targets.data}
          stations={data.stations.flatMap((s) => (s.stationGuid === null ? [] : [{ stationGuid: s.stationGuid, stationName: s.stationName, level: s.level }]))}
        />
      ) : null}
      <div className={styles.grid2}>
        <HistogramCard
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
        <TargetsEditor guid={guid} targets={targets.data} levels={allLevels.length ? allLevels : [0, 1]} />
      </div>
      <HeatmapCard
        key={view.level ?? "all"}
        summary={data}
        levels={levels}
        initialLevel={view.level ?? levels[0] ?? 0}
        targets={targetSeconds}
        closeoutHour={restaurant.closeoutHour}
        metric={view.metric}
        fileName={file("hours-by-station")}
      />
      <TrendCard
        key={`trend-${view.level ?? "all"}`}
        days={dayRows(data)}
        levels={levels}
        initialLevel={view.level ?? levels[0] ?? 0}
        targets={targetSeconds}
        metric={view.metric}
        fileName={file("daily")}
        late={dayLate(data)}
      />
      <div className={styles.grid2even}>
        <BreakdownCard
          key={`behaviors-${view.level ?? "all"}`}
          title="By dining option"
          nameHeader="Dining option"
          rows={behaviorRows(data, behaviorLabel)}
          levels={levels}
          initialLevel={view.level ?? levels[0] ?? 0}
          targets={targetSeconds}
          metric={view.metric}
          fileName={file("dining-options")}
        />
        <BreakdownCard
          key={`sources-${view.level ?? "all"}`}
          title="By order source"
          nameHeader="Order source"
          rows={sourceRows(data)}
          levels={levels}
          initialLevel={view.level ?? levels[0] ?? 0}
          targets={targetSeconds}
          metric={view.metric}
          fileName={file("order-sources")}
          categoryWidth={150}
        />
      </div>
      <SlowestItemsCard items={itemRows(data)} levels={levels} metric={view.metric} fileName={file("items")} stationNames={itemStationNames(data, levels[0] ?? 0)} />
      <ItemsOverTargetCard
        key={`over-${view.level ?? "all"}`}
        summary={data}
        levels={levels}
        initialLevel={view.level ?? levels[0] ?? 0}
        metric={view.metric}
        fileName={file("items-over-target")}
      />
      <SlowestTickets
        guid={guid}
        query={query}
        live={live}
        metric={view.metric}
        timeZone={data.timeZone}
        fileName={file("slowest-tickets")}
      />
    </div>
  );
}
