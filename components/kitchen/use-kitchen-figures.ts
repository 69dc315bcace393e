"use client";

import { useQuery } from "@tanstack/react-query";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { coverageNotes } from "@/lib/kitchen/ui/coverage-notes";
import { includesToday } from "@/lib/kitchen/ui/date-range";
import { kitchenCoverageQuery, kitchenSummaryQuery, kitchenTargetsQuery } from "@/lib/queries/kitchen";
import { apiQuery, comparisonRange, type KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * Everything the Kitchen page fetches for a view: the summary, the fetch progress of a cold
 * range, the previous period to compare with, the targets and the histogram's own pick. The
 * queries wait for one another so a restaurant without kitchen data is asked once, and nothing is
 * compared with another filter's numbers.
 */
export function useKitchenFigures(guid: string, kitchenEntitled: boolean | undefined, view: KitchenView, today: string) {
  const live = includesToday(view, today);
  const knownNotEntitled = kitchenEntitled === false;
  const query = apiQuery(view, view);

  const summary = useQuery({ ...kitchenSummaryQuery(guid, query, { live }), enabled: !knownNotEntitled });
  const data = summary.data;
  const notEntitled = knownNotEntitled || (data ? coverageNotes(data.coverage).notEntitled : false);
  const waiting = summary.isFetching && (!data || summary.isPlaceholderData);

  const coverage = useQuery({ ...kitchenCoverageQuery(guid, view, { poll: waiting }), enabled: waiting && !knownNotEntitled });
  const previous = useQuery({
    ...kitchenSummaryQuery(guid, apiQuery(view, comparisonRange(view))),
    // Never compare with another filter's numbers while the right ones load.
    placeholderData: undefined,
    enabled: view.compare && !!data && !summary.isPlaceholderData && !notEntitled,
  });
  const targets = useQuery({ ...kitchenTargetsQuery(guid), enabled: !notEntitled });

  const histogramMatchesMain = view.histLevel === view.level && view.histStation === view.station;
  const histogramQuery = apiQuery({ ...view, level: view.histLevel, station: view.histStation }, view);
  const histogram = useQuery({
    ...kitchenSummaryQuery(guid, histogramQuery, { live }),
    enabled: !histogramMatchesMain && !!data && !notEntitled,
  });

  // The restaurant's own targets win over the defaults the summary was computed with.
  const targetSeconds: Partial<Record<KitchenLevel, number>> = {};
  for (const t of data?.withinTarget ?? []) targetSeconds[t.level] = t.targetSeconds;
  for (const t of targets.data?.targets ?? []) targetSeconds[t.level] = t.seconds;

  return { live, query, summary, coverage, previous, targets, histogram, histogramMatchesMain, notEntitled, waiting, targetSeconds };
}
