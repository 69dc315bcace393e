import "server-only";

import type { Database } from "@/lib/db/database";
import {
  DEFAULT_TICKET_TARGET_SECONDS,
  KITCHEN_LEVELS,
  type KitchenLevel,
} from "@/lib/kitchen/contract/vocabulary";

/**
 * The ticket-time targets (table kitchen_ticket_targets, migration 8): per restaurant and level,
 * kept apart from the item targets because a ticket waits for its slowest item. A level without
 * a row has DEFAULT_TICKET_TARGET_SECONDS.
 */
export interface TicketTargets {
  seconds: Record<KitchenLevel, number>;
  set: Set<KitchenLevel>;
  updatedAt: number | null;
}

export async function readTicketTargets(db: Database, restaurantGuid: string): Promise<TicketTargets> {
  const rows = await db.query<{ level: number; seconds: number; updated_at: Date | string }>(
    "SELECT level, seconds, updated_at FROM kitchen_ticket_targets WHERE restaurant_guid = $1",
    [restaurantGuid],
  );
  const seconds = { ...DEFAULT_TICKET_TARGET_SECONDS };
  const set = new Set<KitchenLevel>();
  let updatedAt: number | null = null;
  for (const r of rows) {
    const level = Number(r.level) as KitchenLevel;
    if (!KITCHEN_LEVELS.includes(level)) continue;
    seconds[level] = Number(r.seconds);
    set.add(level);
    const at = r.updated_at instanceof Date ? r.updated_at.getTime() : Date.parse(r.updated_at);
    updatedAt = Math.max(updatedAt ?? 0, at);
  }
  return { seconds, set, updatedAt };
}

/** Sets each level's ticket target; `seconds: null` removes it, so the level is back on the default. */
export async function writeTicketTargets(
  db: Database,
  restaurantGuid: string,
  targets: readonly { level: KitchenLevel; seconds: number | null }[],
  now: number,
): Promise<void> {
  if (targets.length === 0) return;
  await db.transaction(async (tx) => {
    for (const t of targets) {
      if (t.seconds === null) {
        await tx.query("DELETE FROM kitchen_ticket_targets WHERE restaurant_guid = $1 AND level = $2", [
          restaurantGuid,
          t.level,
        ]);
        continue;
      }
      await tx.query(
        `INSERT INTO kitchen_ticket_targets (restaurant_guid, level, seconds, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (restaurant_guid, level) DO UPDATE SET seconds = EXCLUDED.seconds, updated_at = EXCLUDED.updated_at`,
        [restaurantGuid, t.level, t.seconds, new Date(now).toISOString()],
      );
    }
  });
}
