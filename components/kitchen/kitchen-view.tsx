"use client";

import { useCallback, useDeferredValue, useMemo } from "react";

import { FilterBar } from "@/components/kitchen/controls/filter-bar";
import { ItemPicker } from "@/components/kitchen/controls/item-picker";
import { KitchenAnswersNav } from "@/components/kitchen/controls/kitchen-answers-nav";
import { OutlierSwitch } from "@/components/kitchen/controls/outlier-switch";
import { RangeControl } from "@/components/kitchen/controls/range-control";
import { StuckSwitch } from "@/components/kitchen/controls/stuck-switch";
import { KitchenFootnote } from "@/components/kitchen/first-screen/kitchen-footnote";
import { PeriodLine } from "@/components/kitchen/first-screen/period-line";
import { useKitchenFigures } from "@/components/kitchen/hooks/use-kitchen-figures";
import { useKitchenView } from "@/components/kitchen/hooks/use-kitchen-view";
import { KitchenLive } from "@/components/kitchen/now/kitchen-live";
import { NoFulfillments } from "@/components/kitchen/now/no-fulfillments";
import { ExpediterStationNotice } from "@/components/kitchen/sections/expediter-station-notice";
import { HeadlineSkeleton } from "@/components/kitchen/sections/headline-figures";
import { KitchenFigures } from "@/components/kitchen/sections/kitchen-figures";
import { RangeProgress } from "@/components/kitchen/sections/range-progress";
import { TodayComparisonLine } from "@/components/kitchen/sections/today-comparison";
import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState, Notice, Skeleton } from "@/components/ui/states";
import { formatDateRange } from "@/lib/business-date/format";
import type { KitchenFiguresSection } from "@/lib/kitchen/contract/sections";
import { isOpenDayOnly } from "@/lib/kitchen/contract/today-comparison";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { emptyRangeWords } from "@/lib/kitchen/present/coverage-notes";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { isEmptySummary, levelsPresent, stationLabel } from "@/lib/kitchen/present/summary-shapes";
import { fulfillmentsCsvUrl, summaryCsvUrl } from "@/lib/queries/kitchen";
import { kitchenPagePlan, plannedSection } from "@/lib/queries/kitchen-page-plan";
import type { KitchenView as View } from "@/lib/url-state/kitchen-view";

import styles from "./kitchen-view.module.css";

export interface KitchenPageRestaurant {
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
          {name} is on a Platform subscription that does not include kitchen data. The Platform only shares
          ticket and item fulfillment times for restaurants on the professional tier or higher, so there are
          no kitchen times to show here.
        </p>
        <p>
          Once the restaurant moves to the professional tier, this page fills in on its own (we ask the
          Platform again every day).
        </p>
      </EmptyState>
    </div>
  );
}

/**
 * The one-item view (`?item=`, the Menu page's link): says which item the figures are of, or
 * that the range holds no record of it, so an unknown GUID never passes for every item.
 */
function ItemNotice({
  item,
  itemName,
  onShowAll,
}: {
  item: string;
  itemName: string | null | undefined;
  onShowAll: () => void;
}) {
  const showAll = (
    <button type="button" className="button" onClick={onShowAll}>
      Show every item
    </button>
  );
  return (
    <div data-testid="item-notice">
      {itemName === null ? (
        <Notice title="No kitchen records of this menu item">
          <p>
            No fulfillment on these dates is of the menu item {item}: it may not be on this restaurant&apos;s
            menu, or it was not sold then. The figures are that item&apos;s only, so there are none. {showAll}
          </p>
        </Notice>
      ) : (
        <Notice tone="info" title={`Only ${itemName ?? "one menu item"}`}>
          <p>Every figure, chart and download below counts this item&apos;s records only. {showAll}</p>
        </Notice>
      )}
    </div>
  );
}

/** The page's CSV file names: one function per view and names, as the memoised cards compare it by reference. */
function useCsvFileName(
  restaurantName: string,
  view: View,
  data: Pick<KitchenFiguresSection, "options" | "itemName"> | undefined,
) {
  const stationRef = view.station
    ? data?.options.stations.find((s) => s.stationGuid === view.station)
    : undefined;
  const station = stationRef ? stationLabel(stationRef) : null;
  const item = data?.itemName;
  return useCallback(
    (part: string) => kitchenPageCsvName(restaurantName, part, view, { station, item }),
    [restaurantName, view, station, item],
  );
}

/** The Kitchen page: range and filters from the URL, figures, charts with their tables, tickets. */
export function KitchenView({ restaurant, today }: { restaurant: KitchenPageRestaurant; today: string }) {
  const { guid } = restaurant;
  const { view: urlView, problems, setView } = useKitchenView(today);
  // The controls follow the URL at once, so a click paints in the next frame; the figures follow a
  // deferred copy, which React renders in slices a tap can interrupt and then swaps in (issue 16's
  // event durations).
  const view = useDeferredValue(urlView);
  const figures = useKitchenFigures(guid, restaurant.kitchenEntitled, view, today, restaurant);
  const { data, periods, notEntitled } = figures;
  // The figures query the URL asks for: the figures on screen are of another view (the deferred
  // one, or a placeholder kept while the new answer loads) until their own query is this one. The
  // page then dims them, names their dates, and lets no CSV link lead to them (issue 34).
  const urlQuery = useMemo(
    () => plannedSection(kitchenPagePlan(urlView, today, restaurant, undefined), "main", "figures")!.query,
    [urlView, today, restaurant],
  );
  const showingOld = data !== undefined && figures.shownKey !== urlQuery.toString();
  // One array per summary: the memoised cards below compare it by reference.
  const levels = useMemo(() => (data ? levelsPresent(data) : []), [data]);
  const allLevels = data?.options.levels.length ? data.options.levels : levels;
  const file = useCsvFileName(restaurant.name, view, data);
  const { stale } = figures;
  // A CSV of part of a range would pass for the whole: the server answers 202 until it is ready;
  // and a CSV of the old view while the new one loads would pass for the new one.
  const csvUnavailable =
    data && !stale && !showingOld
      ? undefined
      : data && showingOld
        ? "available when the new period has loaded"
        : "available when the range is ready";

  return (
    <div className={styles.page} data-old={showingOld || undefined}>
      <PageHeader
        eyebrow={restaurant.name}
        title={view.item ? `Kitchen times for ${data?.itemName ?? "one menu item"}` : "Kitchen performance"}
        subtitle={`${formatDateRange(urlView.from, urlView.to)} · business dates in ${restaurant.timeZone}`}
        actions={
          notEntitled ? null : (
            <>
              <KitchenAnswersNav guid={guid} view={urlView} />
              <KitchenDownloads
                guid={guid}
                summaryHref={summaryCsvUrl(guid, urlQuery)}
                view={urlView}
                unavailable={csvUnavailable}
              />
            </>
          )
        }
      />

      {notEntitled ? (
        <NotEntitledMessage name={restaurant.name} />
      ) : (
        <>
          <KitchenControls
            guid={guid}
            today={today}
            urlView={urlView}
            view={view}
            figures={figures}
            setView={setView}
          />

          <KitchenLive guid={guid} timeZone={restaurant.timeZone} view={urlView} today={today} />
          {problems.map((p) => (
            <Notice key={p} title="Part of the link was not used">
              <p>{p}</p>
            </Notice>
          ))}
          {view.item ? (
            <ItemNotice
              item={view.item}
              itemName={data && !stale ? data.itemName : undefined}
              onShowAll={() => setView({ item: null })}
            />
          ) : null}
          {periods.length > 0 && !(data && periods[0]?.ready) ? (
            // Until this period is in; afterwards the previous period's progress goes below the figures.
            <RangeProgress periods={periods} />
          ) : figures.summary.isFetching && !data ? (
            <LoadingState label="Working out the figures…" />
          ) : null}
          <PeriodLine
            shown={data ? { from: data.from, to: data.to } : undefined}
            asked={urlView}
            previous={urlView.compare && !showingOld ? figures.comparison.range : undefined}
            old={showingOld}
          />

          {figures.belowError ? (
            // The figures are in; a section below them, which some cards read, failed.
            <ErrorState
              title="The charts and tables could not be loaded"
              error={figures.belowError.error}
              onRetry={() => void figures.belowError?.refetch()}
            />
          ) : null}
          <KitchenContent
            restaurant={restaurant}
            view={view}
            figures={figures}
            levels={levels}
            allLevels={allLevels}
            file={file}
            setView={setView}
          />
        </>
      )}
    </div>
  );
}

type Figures = ReturnType<typeof useKitchenFigures>;
type SetView = ReturnType<typeof useKitchenView>["setView"];

/** The page's two CSVs, or when they will be there. */
function KitchenDownloads({
  guid,
  summaryHref,
  view,
  unavailable,
}: {
  guid: string;
  summaryHref: string;
  view: View;
  unavailable: string | undefined;
}) {
  return (
    <div className={styles.downloads}>
      <CsvDownloadLink href={summaryHref} label="Summary CSV" unavailable={unavailable} />
      <CsvDownloadLink
        href={fulfillmentsCsvUrl(guid, view, view.item, view.service)}
        label="Fulfillments CSV"
        unavailable={unavailable}
      />
      {unavailable ? <span className={styles.downloadsNote}>CSV downloads are {unavailable}</span> : null}
    </div>
  );
}

/** Range, comparison and filters: they follow the URL at once (`urlView`), the figures the deferred `view`. */
function KitchenControls({
  guid,
  today,
  urlView,
  view,
  figures,
  setView,
}: {
  guid: string;
  today: string;
  urlView: View;
  view: View;
  figures: Figures;
  setView: SetView;
}) {
  const { data, stale } = figures;
  return (
    <section className={styles.controls} aria-label="Date range and filters">
      <RangeControl view={urlView} today={today} onChange={setView} />
      {view.compare && isOpenDayOnly(view, today) ? (
        <TodayComparisonLine
          comparison={figures.comparison}
          compareWith={urlView.compareWith}
          onChange={(compareWith) => setView({ compareWith })}
        />
      ) : null}
      <FilterBar
        view={urlView}
        options={data?.options}
        itemName={data && !stale ? data.itemName : undefined}
        services={figures.sections.trend?.dayParts.options}
        onChange={setView}
      >
        <ItemPicker
          guid={guid}
          item={urlView.item}
          itemName={data && !stale ? data.itemName : undefined}
          summary={view.item ? undefined : figures.sections.items}
          onChange={(item) => setView({ item })}
        />
        <OutlierSwitch maxMinutes={urlView.maxMinutes} onChange={(maxMinutes) => setView({ maxMinutes })} />
        <StuckSwitch
          stuck={urlView.stuck}
          report={data && !stale ? data.stuck : undefined}
          onChange={(stuck) => setView({ stuck })}
        />
      </FilterBar>
    </section>
  );
}

/** The figures, or why there are none: an error, the skeleton, an empty range. */
function KitchenContent({
  restaurant,
  view,
  figures,
  levels,
  allLevels,
  file,
  setView,
}: {
  restaurant: KitchenPageRestaurant;
  view: View;
  figures: Figures;
  levels: KitchenLevel[];
  allLevels: readonly KitchenLevel[];
  file: (part: string) => string;
  setView: SetView;
}) {
  const { summary, data, stale, live } = figures;
  const updatedAt = live && data && summary.dataUpdatedAt > 0 ? summary.dataUpdatedAt : undefined;
  // The figures are in and only the previous period is still being fetched: its progress waits
  // below them, so it does not push them down (issue 34).
  const progressBelow = data && figures.periods[0]?.ready ? figures.periods : undefined;
  // Below the figures; one element per answer, as KitchenFigures is memoised.
  const footnote = useMemo(
    () =>
      data ? (
        <KitchenFootnote
          data={data}
          rules={restaurant}
          metric={view.metric}
          levels={allLevels}
          updatedAt={updatedAt}
          onCountAll={() => setView({ maxMinutes: null })}
          progress={progressBelow ? <RangeProgress periods={progressBelow} /> : null}
        />
      ) : null,
    [data, restaurant, view.metric, allLevels, updatedAt, setView, progressBelow],
  );
  // A kitchen that sends no records, or a range before its data begins: no range or filter helps.
  const emptyWords = data ? emptyRangeWords(data) : null;
  return summary.isError && !data ? (
    <ErrorState
      title="The kitchen figures could not be loaded"
      error={summary.error}
      onRetry={() => void summary.refetch()}
    />
  ) : !data ? (
    <div className={styles.content} aria-busy="true">
      <HeadlineSkeleton />
      <Skeleton height={420} style={{ display: "block" }} />
      <Skeleton height={320} style={{ display: "block" }} />
    </div>
  ) : isEmptySummary(data) && !stale && emptyWords ? (
    <EmptyState title={emptyWords.title}>
      <p data-testid="empty-range-words">{emptyWords.body}</p>
    </EmptyState>
  ) : isEmptySummary(data) && !stale ? (
    <ExpediterStationNotice
      guid={restaurant.guid}
      view={view}
      fallback={<NoFulfillments view={view} rules={restaurant} />}
    />
  ) : (
    <KitchenFigures
      restaurant={restaurant}
      view={view}
      data={data}
      levels={levels}
      allLevels={allLevels}
      file={file}
      onChange={setView}
      footnote={footnote}
      {...figures.cards}
    />
  );
}
