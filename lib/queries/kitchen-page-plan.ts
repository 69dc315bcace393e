import type { CloseoutRules } from "@/lib/business-date/closeout";
import { includesToday } from "@/lib/kitchen/contract/date-range";
import type { SummarySection } from "@/lib/kitchen/contract/sections";
import { comparisonFor, type Comparison } from "@/lib/kitchen/contract/today-comparison";
import { apiQuery, type KitchenView } from "@/lib/url-state/kitchen-view";

/** Which period a planned request is of: the view's, the one it is compared with, the histogram's own pick. */
type PlannedPeriod = "main" | "previous" | "histogram";

export interface PlannedSection {
  period: PlannedPeriod;
  section: SummarySection;
  /** The summary's query string, without `section` (kitchenSectionQuery adds it). */
  query: URLSearchParams;
  live: boolean;
  /**
   * Asked by the server render (app/(app)/restaurants/[guid]/kitchen/kitchen-prefetch.ts), so it is
   * in the first HTML: the figures of the view and of the compared period. The rest the browser
   * asks once the page has settled (components/ui/page-settled.ts): charts and tables below the fold.
   */
  server: boolean;
}

/** The main period's sections below the figures, in page order. */
export const SECTIONS_BELOW: readonly Exclude<SummarySection, "figures">[] = [
  "stations",
  "tickets",
  "items",
  "hours",
  "trend",
];

/**
 * The Kitchen page's query plan: every summary section a view asks, for which period, and which of
 * them the server renders. The server prefetch and the browser's hook (components/kitchen/
 * use-kitchen-figures.ts) both read it, so they ask the same keys and a page view computes each
 * section once: the server the figures of both periods, the browser the sections below them, and
 * the histogram's figures only when its pick differs from the view's.
 *
 * `countedAt`: when today's figures were counted (the main figures' coverage.open[].refreshedAt):
 * today alone is compared up to that moment, so the previous period waits for it (`comparison.waiting`).
 */
export function kitchenPagePlan(
  view: KitchenView,
  today: string,
  rules: CloseoutRules,
  countedAt: string | undefined,
): { comparison: Comparison; histogramMatchesMain: boolean; sections: PlannedSection[] } {
  const live = includesToday(view, today);
  const main = apiQuery(view, view);
  const sections: PlannedSection[] = [
    { period: "main", section: "figures", query: main, live, server: true },
    ...SECTIONS_BELOW.map((section) => ({
      period: "main" as const,
      section,
      query: main,
      live,
      server: false,
    })),
  ];
  const comparison = comparisonFor(view, today, view.compareWith, rules, countedAt);
  if (view.compare && !comparison.waiting) {
    const previous = apiQuery(view, comparison.range);
    if (comparison.until) previous.set("until", comparison.until);
    sections.push({ period: "previous", section: "figures", query: previous, live: false, server: true });
  }
  const histStation = histogramStation(view);
  const histogramMatchesMain = view.histLevel === view.level && histStation === view.station;
  if (!histogramMatchesMain) {
    const histogram = apiQuery({ ...view, level: view.histLevel, station: histStation }, view);
    sections.push({ period: "histogram", section: "figures", query: histogram, live, server: false });
  }
  return { comparison, histogramMatchesMain, sections };
}

/**
 * The Distribution card's station: the page's station filter when it has one (issue 34: the card
 * ignored it and showed every station under a page filtered to one), else the card's own pick.
 */
export function histogramStation(view: Pick<KitchenView, "station" | "histStation">): string | null {
  return view.station ?? view.histStation;
}

/** The plan's request of a period and section, if the view asks it. */
export function plannedSection(
  plan: { sections: readonly PlannedSection[] },
  period: PlannedPeriod,
  section: SummarySection,
): PlannedSection | undefined {
  return plan.sections.find((s) => s.period === period && s.section === section);
}
