import type { ItemFulfillment } from "@/lib/platform/schemas";

import type { RestaurantConfig } from "./context";
import { isoUtc } from "./iso-time";

/**
 * The drive-thru lane's pace (issue 36's channels): a car waits at the window, so its tickets are
 * small and made first. Each generated record passes here as it is kept (item-fulfillments.ts
 * `keep`, after that record's random draws, before the open day's cut), drawing nothing itself, so
 * every other ticket's records stay exactly as they were (the planted late hour, slow Friday
 * dinners and routing change with them) and an open day's records are still its closed day's:
 * - a ticket ordered on a drive-thru dining option (its configuration's `driveThru` flag) keeps its
 *   first DRIVE_THRU_ITEMS selections (in the order they are made), the others are left out;
 * - its records' start and fulfilment come DRIVE_THRU_PACE of the way from the fire as generated
 *   (a 6-minute item takes 3), unless the item was left on screen (over an hour: left as it is).
 */
const DRIVE_THRU_ITEMS = 2;
const DRIVE_THRU_PACE = 0.5;
const LEFT_ON_SCREEN_MS = 3_600_000;

/** Per record about to be kept: its fulfilment time (epoch ms) as paced, or null to leave it out. */
export type LanePace = (record: ItemFulfillment, fulfilledAt: number) => number | null;

export function driveThruPace(config: RestaurantConfig): LanePace {
  const lanes = new Set(
    config.resources.diningOptions.filter((v) => v.entity.driveThru === true).map((v) => v.entity.guid),
  );
  const kept = new Map<string, Set<string>>();
  return (r, fulfilledAt) => {
    if (!r.ticketGuid || !r.diningOptionGuid || !lanes.has(r.diningOptionGuid)) return fulfilledAt;
    const selections = kept.get(r.ticketGuid) ?? kept.set(r.ticketGuid, new Set()).get(r.ticketGuid)!;
    if (r.selectionGuid && !selections.has(r.selectionGuid)) {
      if (selections.size >= DRIVE_THRU_ITEMS) return null;
      selections.add(r.selectionGuid);
    }
    const fired = r.ticketFiredAt ? Date.parse(r.ticketFiredAt) : Number.NaN;
    if (!(fulfilledAt > fired) || fulfilledAt - fired > LEFT_ON_SCREEN_MS) return fulfilledAt;
    const nearer = (at: number) => fired + Math.round((at - fired) * DRIVE_THRU_PACE);
    const started = r.itemStartedAt ? Date.parse(r.itemStartedAt) : Number.NaN;
    if (started > fired) r.itemStartedAt = isoUtc(nearer(started));
    const paced = nearer(fulfilledAt);
    if (r.itemFulfilledAt) r.itemFulfilledAt = isoUtc(paced);
    return paced;
  };
}
