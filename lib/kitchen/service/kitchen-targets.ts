import "server-only";

import type { Database } from "@/lib/db/database";
import type { KitchenTargetsInput } from "@/lib/kitchen/contract/params";
import type { KitchenTargets } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS } from "@/lib/kitchen/contract/vocabulary";
import type { KitchenStore } from "@/lib/kitchen/storage/kitchen-store";
import { readTicketTargets, writeTicketTargets } from "@/lib/kitchen/storage/ticket-targets";

/**
 * The targets API's answer and its writes: the item targets per level (the store's
 * kitchen_targets) and per station and level (kitchen_station_targets), and the ticket-time
 * targets (kitchen_ticket_targets).
 */
export async function readKitchenTargets(
  store: KitchenStore,
  db: Database,
  guid: string,
): Promise<KitchenTargets> {
  const [t, tickets] = await Promise.all([store.targets(guid), readTicketTargets(db, guid)]);
  const updatedAt =
    t.updatedAt === null && tickets.updatedAt === null
      ? null
      : Math.max(t.updatedAt ?? 0, tickets.updatedAt ?? 0);
  return {
    restaurantGuid: guid,
    targets: KITCHEN_LEVELS.map((level) => ({
      level,
      seconds: t.seconds[level],
      isDefault: !t.set.has(level),
    })),
    tickets: KITCHEN_LEVELS.map((level) => ({
      level,
      seconds: tickets.seconds[level],
      isDefault: !tickets.set.has(level),
    })),
    stations: t.stations,
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
  };
}

/** Any list may be absent or empty; the body schema refuses a PUT naming no level or station at all. */
export async function writeKitchenTargets(
  store: KitchenStore,
  db: Database,
  guid: string,
  input: Partial<KitchenTargetsInput>,
  now: number,
): Promise<void> {
  if (input.targets?.length || input.stations?.length)
    await store.putTargets(guid, input.targets ?? [], input.stations ?? [], now);
  await writeTicketTargets(db, guid, input.tickets ?? [], now);
}
