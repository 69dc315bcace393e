import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import type { KitchenSummary } from "@/lib/kitchen/contract/responses";

/**
 * The Overview's kitchen columns for one restaurant and period: items, p50/p90 fire-to-fulfill at
 * levels 0 and 1, and the share on time at each. Null where the period has no value.
 */
export interface OverviewFigures {
  items: number | null;
  p50L0: number | null;
  p90L0: number | null;
  p50L1: number | null;
  p90L1: number | null;
  onTimeL0: number | null;
  onTimeL1: number | null;
}

export type OverviewFigure = keyof OverviewFigures;

export const EMPTY_FIGURES: OverviewFigures = { items: null, p50L0: null, p90L0: null, p50L1: null, p90L1: null, onTimeL0: null, onTimeL1: null };

export function overviewFigures(summary: Pick<KitchenSummary, "levels" | "withinTarget">): OverviewFigures {
  const at = (level: KitchenLevel) => summary.levels.find((l) => l.level === level)?.stats;
  const share = (level: KitchenLevel) => summary.withinTarget.find((t) => t.level === level)?.share ?? null;
  const l0 = at(0);
  const l1 = at(1);
  return {
    items: l0?.count ?? 0,
    p50L0: l0?.p50 ?? null,
    p90L0: l0?.p90 ?? null,
    p50L1: l1?.p50 ?? null,
    p90L1: l1?.p90 ?? null,
    onTimeL0: share(0),
    onTimeL1: share(1),
  };
}

export type SortDirection = "ascending" | "descending";

/**
 * Rows sorted by one value; rows without a value (archived, not entitled, still loading, no items)
 * go last whichever the direction, so "slowest first" never starts with a blank.
 */
export function sortByValue<Row>(rows: readonly Row[], value: (row: Row) => number | string | null, direction: SortDirection): Row[] {
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null && vb === null) return 0;
    if (va === null) return 1;
    if (vb === null) return -1;
    if (typeof va === "number" && typeof vb === "number") return sign * (va - vb);
    return sign * String(va).localeCompare(String(vb));
  });
}
