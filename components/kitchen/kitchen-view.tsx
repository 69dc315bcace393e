"use client";

import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { csvFileName } from "@/lib/csv/csv";
import { KITCHEN_LEVELS } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/ui/labels";
import { formatDateRange } from "@/lib/business-date/format";
import { formatClockTime } from "@/lib/kitchen/ui/format";
import { behaviorLabel, behaviorRows, dayRows, isEmptySummary, itemRows, levelsPresent, sourceRows, stationRows } from "@/lib/kitchen/ui/summary-shapes";
import { fulfillmentsCsvUrl, summaryCsvUrl } from "@/lib/queries/kitchen";
import { BreakdownCard } from "./breakdown-card";
import { FilterBar } from "./filter-bar";
import { HeadlineFigures, HeadlineSkeleton } from "./headline-figures";
import { HeatmapCard } from "./heatmap-card";
import { HistogramCard } from "./histogram-card";
import { CoverageWarnings, FetchProgress, IngestNotice } from "./kitchen-notices";
import { MetricNote } from "./metric-note";
import { RangeControl } from "./range-control";
import { SlowestItemsCard } from "./slowest-items-card";
import { SlowestTickets } from "./slowest-tickets";
import { StationCard } from "./station-card";
import { TargetsEditor } from "./targets-editor";
import { TrendCard } from "./trend-card";
import { useKitchenFigures } from "./use-kitchen-figures";
import { useKitchenView } from "./use-kitchen-view";
import { Skeleton } from "@/components/ui/states";
import styles from "./kitchen-view.module.css";

export interface KitchenRestaurant {
  guid: string;
  name: string;
  timeZone: string;
  closeoutHour: number;
  /** false: the Platform said the restaurant lacks the professional tier; undefined: not known yet. */
  kitchenEntitled?: boolean;
}

export function NotEntitledMessage({ name }: { name: string }) {
  return (
    <div className={styles.tierMessage} data-testid="not-entitled">
      <EmptyState title="Kitchen data needs the professional tier">
        <p>
          {name} is on a Platform subscription that does not include kitchen data. The Platform only shares ticket and item fulfillment times
          for restaurants on the professional tier or higher, so there are no kitchen times to show here.
        </p>
        <p>Once the restaurant moves to the professional tier, this page fills in on its own (we ask the Platform again every day).</p>
      </EmptyState>
    </div>
  );
}

/** The Kitchen page: range and filters from the URL, figures, charts with their tables, tickets. */
export function KitchenView({ restaurant, today }: { restaurant: KitchenRestaurant; today: string }) {
  const { guid } = restaurant;
  const { view, problems, setView } = useKitchenView(today);
  const { live, query, summary, coverage, previous, targets, histogram, histogramMatchesMain, notEntitled, waiting, targetSeconds } = useKitchenFigures(
    guid,
    restaurant.kitchenEntitled,
    view,
    today,
  );
  const data = summary.data;
  const levels = data ? levelsPresent(data) : [];
  const allLevels = data?.options.levels.length ? data.options.levels : levels;
  const file = (part: string) => csvFileName(restaurant.name, part, view.from, view.to);
  const stale = summary.isPlaceholderData;

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={restaurant.name}
        title="Kitchen performance"
        subtitle={`${formatDateRange(view.from, view.to)} · business dates in ${restaurant.timeZone}`}
        actions={
          notEntitled ? null : (
            <div className={styles.downloads}>
              <CsvDownloadLink href={summaryCsvUrl(guid, query)} label="Summary CSV" />
              <CsvDownloadLink href={fulfillmentsCsvUrl(guid, view)} label="Fulfillments CSV" />
            </div>
          )
        }
      />

      {notEntitled ? (
        <NotEntitledMessage name={restaurant.name} />
      ) : (
        <>
          <section className={`card ${styles.controls}`} aria-label="Date range and filters">
            <RangeControl view={view} today={today} onChange={setView} />
            <FilterBar view={view} options={data?.options} onChange={setView} />
          </section>

          {problems.map((p) => (
            <Notice key={p} title="Part of the link was not used">
              <p>{p}</p>
            </Notice>
          ))}
          {waiting && (coverage.data?.pending ?? 1) > 0 ? (
            <FetchProgress coverage={coverage.data} />
          ) : waiting && !data ? (
            <LoadingState label="Working out the figures…" />
          ) : null}
          {data && !stale ? <CoverageWarnings coverage={data.coverage} /> : null}
          {data && !stale ? <IngestNotice ingest={data.ingest} /> : null}
          {live && summary.dataUpdatedAt > 0 ? (
            <p className={styles.updated} role="status" data-testid="last-updated">
              Updated {formatClockTime(new Date(summary.dataUpdatedAt))} · refreshes every minute while today is in the range
            </p>
          ) : null}

          {summary.isError && !data ? (
            <ErrorState title="The kitchen figures could not be loaded" error={summary.error} onRetry={() => void summary.refetch()} />
          ) : !data ? (
            <div className={styles.content} aria-busy="true">
              <HeadlineSkeleton />
              <Skeleton height={420} style={{ display: "block" }} />
              <Skeleton height={320} style={{ display: "block" }} />
            </div>
          ) : isEmptySummary(data) && !stale ? (
            <EmptyState title="No fulfillments on these dates">
              <p>
                The Platform has no kitchen fulfillments for {formatDateRange(view.from, view.to)}
                {view.level !== null || view.station || view.behavior || view.source ? " with these filters" : ""}. Try a longer range or fewer
                filters.
              </p>
            </EmptyState>
          ) : (
            <div className={`${styles.content} ${stale ? styles.stale : ""}`} aria-busy={stale}>
              <MetricNote metric={view.metric} levels={allLevels} />
              <HeadlineFigures summary={data} previous={previous.data} levels={levels} compare={view.compare} />
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
              />
              <div className={styles.grid2}>
                <HistogramCard
                  histogram={histogramMatchesMain ? data.histogram : histogram.data?.histogram}
                  loading={histogramMatchesMain ? stale : histogram.isFetching}
                  stations={data.options.stations}
                  station={view.histStation}
                  level={view.histLevel}
                  levels={allLevels.length ? allLevels : KITCHEN_LEVELS.slice(0, 1)}
                  target={targetSeconds[view.histLevel]}
                  metric={view.metric}
                  fileName={file("distribution")}
                  onChange={setView}
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
              <SlowestItemsCard items={itemRows(data)} levels={levels} metric={view.metric} fileName={file("items")} />
              <SlowestTickets
                guid={guid}
                query={query}
                live={live}
                metric={view.metric}
                timeZone={data.timeZone}
                fileName={file("slowest-tickets")}
              />
            </div>
          )}
        </>
      )}
    </div>
  );
}
