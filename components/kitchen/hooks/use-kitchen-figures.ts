"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";

import { usePageSettled } from "@/components/ui/page-settled";
import type { CloseoutRules } from "@/lib/business-date/closeout";
import { includesToday } from "@/lib/kitchen/contract/date-range";
import type { KitchenSummary, RangeAnswer } from "@/lib/kitchen/contract/responses";
import { isSummaryHead } from "@/lib/kitchen/contract/summary-head";
import { comparisonFor } from "@/lib/kitchen/contract/today-comparison";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { coverageNotes } from "@/lib/kitchen/present/coverage-notes";
import {
  pendingOf,
  periodProgress,
  readyValue,
  type PeriodProgress,
} from "@/lib/kitchen/present/range-progress";
import { kitchenSummaryQuery, kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { apiQuery, type KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * Everything the Kitchen page fetches for a view: the summary, the previous period to compare
 * with, the targets and the histogram's own pick. The main range and the previous period are asked
 * together: a cold range answers 202 with its progress (polled until ready, query-client.ts), and
 * both periods' progress shows side by side while either is still being fetched.
 */
export function useKitchenFigures(
  guid: string,
  kitchenEntitled: boolean | undefined,
  view: KitchenView,
  today: string,
  rules: CloseoutRules,
) {
  const live = includesToday(view, today);
  const knownNotEntitled = kitchenEntitled === false;
  const query = apiQuery(view, view);

  // The server sent this view's head (the figures): the whole, whose tables only the cards below the
  // fold read, is asked once the page has settled or the manager scrolls, so a phone's load does
  // not also download and parse it (half a megabyte of JSON for a week; issue 16).
  const queryClient = useQueryClient();
  const settled = usePageSettled();
  const summaryOptions = kitchenSummaryQuery(guid, query, { live });
  const cached = readyValue(queryClient.getQueryData<RangeAnswer<KitchenSummary>>(summaryOptions.queryKey));
  const waitForWhole = !settled && cached !== undefined && isSummaryHead(cached);
  const summary = useQuery({ ...summaryOptions, enabled: !knownNotEntitled && !waitForWhole });
  // The summary as the page shows it: a deferred copy, with its placeholder flag. A new answer
  // arrives through the query's store, which React renders synchronously; deferred, the cards
  // render it in slices the page stays responsive between (the whole summary after the server's
  // head is half a megabyte of tables: issue 16's blocking time).
  const answer = useMemo(
    () => ({ data: readyValue(summary.data), stale: summary.isPlaceholderData }),
    [summary.data, summary.isPlaceholderData],
  );
  const shown = useDeferredValue(answer);
  const data = shown.data;
  const notEntitled = knownNotEntitled || (data ? coverageNotes(data.coverage).notEntitled : false);

  // Today alone is compared up to the time its figures were counted (today-comparison.ts).
  const countedAt = data?.coverage.open.find((d) => d.date === today)?.refreshedAt;
  const comparison = comparisonFor(view, today, view.compareWith, rules, countedAt);
  const previousRange = comparison.range;
  const previousQuery = apiQuery(view, previousRange);
  if (comparison.until) previousQuery.set("until", comparison.until);
  const previous = useQuery({
    ...kitchenSummaryQuery(guid, previousQuery, { part: "head" }),
    // Never compare with another filter's numbers while the right ones load.
    placeholderData: undefined,
    enabled: view.compare && !notEntitled && !comparison.waiting,
  });
  const previousData = readyValue(previous.data);
  const targets = useQuery({ ...kitchenTargetsQuery(guid), enabled: !notEntitled });

  const histogramMatchesMain = view.histLevel === view.level && view.histStation === view.station;
  const histogramQuery = apiQuery({ ...view, level: view.histLevel, station: view.histStation }, view);
  const histogram = useQuery({
    ...kitchenSummaryQuery(guid, histogramQuery, { live, part: "head" }),
    enabled: !histogramMatchesMain && !!data && !notEntitled,
  });

  // Both periods' progress while either is still being fetched (the previous one only when compared).
  const mainAnswer = summary.isPlaceholderData ? undefined : summary.data;
  const fetching =
    pendingOf(mainAnswer) !== undefined || (view.compare && pendingOf(previous.data) !== undefined);
  const periods: PeriodProgress[] =
    fetching && !notEntitled
      ? [
          periodProgress("This period", view, mainAnswer),
          ...(view.compare ? [periodProgress("Previous period", previousRange, previous.data)] : []),
        ]
      : [];

  // The restaurant's own targets win over the defaults the summary was computed with.
  // One object per answer pair, so the memoised cards skip a render in which neither changed.
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
    previous,
    previousData,
    comparison,
    targets,
    histogram,
    histogramData: readyValue(histogram.data),
    histogramMatchesMain,
    notEntitled,
    periods,
    targetSeconds,
    /** The server's head is shown and the whole is not asked for yet: it waits for the page to settle. */
    wholeWaiting: waitForWhole,
  };
}
