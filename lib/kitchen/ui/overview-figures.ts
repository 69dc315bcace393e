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
