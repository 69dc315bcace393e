"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";

import { usePageSettled } from "@/components/ui/page-settled";
import type { CloseoutRules } from "@/lib/business-date/closeout";
import type { KitchenItemStationsSection } from "@/lib/kitchen/contract/item-columns";
import type { KitchenSummarySections } from "@/lib/kitchen/contract/sections";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { coverageNotes } from "@/lib/kitchen/present/coverage-notes";
import {
  pendingOf,
  periodProgress,
  readyValue,
  type PeriodProgress,
} from "@/lib/kitchen/present/range-progress";
import { levelsPresent } from "@/lib/kitchen/present/summary-shapes";
import { kitchenItemStationsQuery, kitchenSectionQuery, kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { kitchenPagePlan, plannedSection, SECTIONS_BELOW } from "@/lib/queries/kitchen-page-plan";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * The sections below the figures that have arrived, each its own answer; `itemStations`: the
 * items' item × station rows of the first level shown (the slowest items' station column, and the
 * items over target card's first view).
 */
export type BelowSections = Partial<
  Omit<KitchenSummarySections, "figures"> & { itemStations: KitchenItemStationsSection }
>;

/**
 * Everything the Kitchen page fetches for a view, as the page's plan (lib/queries/
 * kitchen-page-plan.ts) says, the plan the server prefetch follows too: the figures of the view
 * and of the previous period (server HTML), the sections below them, the targets and the
 * histogram's own pick. The main range and the previous period are asked together: a cold range
 * answers 202 with its progress (polled until ready, query-client.ts), and both periods' progress
 * shows side by side while either is still being fetched.
 */
export function useKitchenFigures(
  guid: string,
  kitchenEntitled: boolean | undefined,
  view: KitchenView,
  today: string,
  rules: CloseoutRules,
) {
  const knownNotEntitled = kitchenEntitled === false;
  const first = kitchenPagePlan(view, today, rules, undefined);
  const main = plannedSection(first, "main", "figures")!;
  const { live, query } = main;
  const summary = useQuery({
    ...kitchenSectionQuery(guid, query, "figures", { live }),
    enabled: !knownNotEntitled,
  });
  // The figures as the page shows them: a deferred copy, with its placeholder flag, so a new
  // answer renders in slices the page stays responsive between.
  const answer = useMemo(
    () => ({ data: readyValue(summary.data), stale: summary.isPlaceholderData }),
    [summary.data, summary.isPlaceholderData],
  );
  const shown = useDeferredValue(answer);
  // The query the shown answer is of (none for a placeholder, which is another view's), deferred
  // with it (one deferred render updates both), so the page can tell figures of the URL's view
  // from older ones (KitchenView's `showingOld`).
  const shownKey = useDeferredValue(summary.isPlaceholderData ? undefined : query.toString());
  const data = shown.data;
  const notEntitled = knownNotEntitled || (data ? coverageNotes(data.coverage).notEntitled : false);

  // Today alone is compared up to the time its figures were counted (today-comparison.ts).
  const countedAt = data?.coverage.open.find((d) => d.date === today)?.refreshedAt;
  const plan = kitchenPagePlan(view, today, rules, countedAt);
  const { comparison, histogramMatchesMain } = plan;
  const previousPlanned = plannedSection(plan, "previous", "figures");
  const previous = useQuery({
    ...kitchenSectionQuery(guid, previousPlanned?.query ?? query, "figures"),
    // Never compare with another filter's numbers while the right ones load.
    placeholderData: undefined,
    enabled: previousPlanned !== undefined && !notEntitled,
  });
  const targets = useQuery({ ...kitchenTargetsQuery(guid), enabled: !notEntitled });

  const histogramPlanned = plannedSection(plan, "histogram", "figures");
  const histogram = useQuery({
    ...kitchenSectionQuery(guid, histogramPlanned?.query ?? query, "figures", { live }),
    enabled: histogramPlanned !== undefined && !!data && !notEntitled,
  });

  // The sections below the figures: asked once the page has settled (4 s after load, or the
  // first scroll, key or tap), so a phone's load parses the figures alone (issue 16's blocking time).
  const settled = usePageSettled();
  const below = useQueries({
    queries: SECTIONS_BELOW.map((section) => ({
      ...kitchenSectionQuery(guid, plannedSection(plan, "main", section)!.query, section, { live }),
      enabled: settled && !!data && !notEntitled,
    })),
  });
  const firstLevel = data ? (levelsPresent(data)[0] ?? 0) : 0;
  const itemStationsQuery = useQuery({
    ...kitchenItemStationsQuery(guid, plannedSection(plan, "main", "items")!.query, firstLevel, { live }),
    enabled: settled && !!data && !notEntitled,
  });
  const [stations, tickets, items, hours, trend] = below.map((q) => readyValue(q.data));
  const itemStations = readyValue(itemStationsQuery.data);
  // One object per set of answers: the memoised cards compare it by reference.
  const sections = useMemo(
    () => ({ stations, tickets, items, itemStations, hours, trend }) as BelowSections,
    [stations, tickets, items, itemStations, hours, trend],
  );
  // One alert for the sections that failed; its retry asks every one of them again, not the first.
  const failedBelow = [...below, itemStationsQuery].filter((q) => q.isError && q.data === undefined);
  const belowError =
    failedBelow.length > 0
      ? {
          error: failedBelow[0]!.error,
          refetch: () => Promise.all(failedBelow.map((q) => q.refetch())),
        }
      : undefined;

  // Both periods' progress while either is still being fetched (the previous one only when compared).
  const mainAnswer = summary.isPlaceholderData ? undefined : summary.data;
  const fetching =
    pendingOf(mainAnswer) !== undefined || (view.compare && pendingOf(previous.data) !== undefined);
  const periods: PeriodProgress[] =
    fetching && !notEntitled
      ? [
          periodProgress("This period", view, mainAnswer),
          ...(view.compare ? [periodProgress("Previous period", comparison.range, previous.data)] : []),
        ]
      : [];

  // The restaurant's own targets win over the defaults the summary was computed with.
  const targetSeconds = useMemo(() => {
    const seconds: Partial<Record<KitchenLevel, number>> = {};
    for (const t of data?.withinTarget ?? []) seconds[t.level] = t.targetSeconds;
    for (const t of targets.data?.targets ?? []) seconds[t.level] = t.seconds;
    return seconds;
  }, [data, targets.data]);

  return {
    live,
    query,
    summary,
    data,
    /** The shown data is the previous view's, kept while this one loads. */
    stale: shown.stale,
    /** The figures query (its search string) the shown data answers; undefined while it is another view's. */
    shownKey,
    comparison,
    notEntitled,
    periods,
    sections,
    /** A section below the figures that failed, with no earlier answer to show. */
    belowError,
    /** What the cards read besides the figures: each a value or a stable reference (KitchenFigures' memo). */
    cards: {
      sections,
      /** Whether the sections below the figures have been asked (the page has settled). */
      belowAsked: settled,
      live,
      queryString: query.toString(),
      stale: shown.stale,
      previousData: readyValue(previous.data),
      targets: targets.data,
      histogramLoading: histogram.isFetching,
      histogramData: readyValue(histogram.data),
      histogramMatchesMain,
      targetSeconds,
    },
  };
}
