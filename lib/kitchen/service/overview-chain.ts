import "server-only";

import type { OverviewArea, OverviewAreaRef, OverviewChain } from "@/lib/kitchen/contract/chain";
import type { KitchenOverviewRow } from "@/lib/kitchen/contract/responses";
import type { StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import {
  chainRanks,
  levelHistograms,
  lowerMedianOf,
  mergedLevelFigures,
  type ChainMember,
} from "@/lib/kitchen/query/chain-figures";

import type { KitchenService } from "./kitchen-service";
import { mapLimit } from "./map-limit";
import type { OverviewRestaurant } from "./overview";

/** Restaurants read at once, as the Overview does. */
const CONCURRENCY = 6;

/** Each restaurant's groups (areas, or its management group), first the one its row is shown under. */
export type OverviewGroups = ReadonlyMap<string, readonly OverviewAreaRef[]>;

/**
 * The Overview's chain part (issue 36), from its settled rows: each ready restaurant's records of
 * the current period as one-second histograms per level (the same records as its row's figures:
 * from the day digests the Overview read, else from its decoded days),
 * summed per group and for the whole chain, so every group figure is the nearest rank over the
 * union of its restaurants' records; late items are the rows' own (each judged by its own
 * targets), summed. Rows gain `area` (the group they are listed under) and `chainRanks`.
 */
export async function overviewChain(
  service: Pick<KitchenService, "rangeDays"> & Partial<Pick<KitchenService, "levelHistograms">>,
  restaurants: readonly OverviewRestaurant[],
  rows: readonly KitchenOverviewRow[],
  groups: OverviewGroups,
  stuck: StuckChoice,
): Promise<{ rows: KitchenOverviewRow[]; areas: OverviewArea[]; chain: OverviewChain }> {
  const byGuid = new Map(restaurants.map((r) => [r.guid, r]));
  const ready = rows.filter((row) => row.status === "ready" && byGuid.has(row.restaurantGuid));
  // From the day digests the rows' figures came from; a restaurant they do not answer reads its days.
  const fromDigests = service.levelHistograms
    ? await service.levelHistograms(
        ready.map((row) => ({ restaurant: byGuid.get(row.restaurantGuid)!, range: row.period })),
        stuck,
      )
    : new Map<string, Map<number, number>[] | null>();
  const members = await mapLimit(rows, CONCURRENCY, async (row): Promise<ChainMember | null> => {
    const restaurant = byGuid.get(row.restaurantGuid);
    if (row.status !== "ready" || !restaurant) return null;
    const late = Object.fromEntries(
      KITCHEN_LEVELS.map((l) => [l, row.current.find((f) => f.level === l)?.late ?? 0]),
    ) as Record<KitchenLevel, number>;
    const known = fromDigests.get(row.restaurantGuid);
    if (known) return { histograms: { 0: known[0]!, 1: known[1]!, 2: known[2]! }, late };
    const answer = await service.rangeDays(restaurant, row.period, { stuck }).catch(() => null);
    if (!answer?.ready) return null;
    return { histograms: levelHistograms(answer.value.days, answer.value.cutSeconds), late };
  });
  const areas = new Map<string, OverviewArea & { members: ChainMember[] }>();
  rows.forEach((row, i) => {
    for (const ref of groups.get(row.restaurantGuid) ?? [NO_GROUP]) {
      let area = areas.get(ref.key);
      if (!area)
        areas.set(ref.key, (area = { ...ref, restaurantGuids: [], complete: true, levels: [], members: [] }));
      area.restaurantGuids.push(row.restaurantGuid);
      // An archived or not-entitled restaurant has no figures to wait for; a pending or failed one has.
      if (members[i]) area.members.push(members[i]!);
      else if (row.status === "pending" || row.status === "error") area.complete = false;
    }
  });
  const withFigures = members.filter((m): m is ChainMember => m !== null);
  const pooled = mergedLevelFigures(withFigures);
  const p90s = rows.map(
    (row) =>
      Object.fromEntries(
        KITCHEN_LEVELS.map((l) => [
          l,
          row.status === "ready" ? (row.current.find((f) => f.level === l)?.p90 ?? null) : null,
        ]),
      ) as Record<KitchenLevel, number | null>,
  );
  const ranks = chainRanks(p90s);
  return {
    rows: rows.map((row, i) => ({
      ...row,
      area: (groups.get(row.restaurantGuid) ?? [NO_GROUP])[0]!,
      chainRanks: ranks[i]!,
    })),
    areas: [...areas.values()]
      .map(({ members: m, ...area }) => ({ ...area, levels: mergedLevelFigures(m) }))
      .sort((a, b) => Number(a.kind === "none") - Number(b.kind === "none") || a.name.localeCompare(b.name)),
    chain: {
      restaurants: withFigures.length,
      levels: pooled.map((figures) => ({
        ...figures,
        medianRestaurantP90: lowerMedianOf(p90s.map((p) => p[figures.level])),
      })),
    },
  };
}

const NO_GROUP: OverviewAreaRef = { kind: "none", key: "none", name: "No area" };
