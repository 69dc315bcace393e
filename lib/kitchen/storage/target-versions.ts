import "server-only";

import { recordAudit } from "@/lib/audit/audit-log";
import { currentBusinessDateOrNull, type CloseoutRules } from "@/lib/business-date/closeout";
import type { Database, Queryable } from "@/lib/db/database";
import type { TargetChange, TargetKind, TargetVersion } from "@/lib/kitchen/contract/target-versions";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/**
 * The effective-dated targets (table kitchen_target_versions, migration 20): every change is a row
 * appended, never updated, which is both what the figures read (lib/kitchen/contract/
 * target-versions.ts resolves them per date) and the history (who, when, before, after, from).
 * restaurant_guid '' holds the group standard.
 */

/** The group standard's rows have restaurant_guid ''. */
const GROUP = "";

/** A change asked: a target of one scope set (seconds) or removed (null) from a date on. */
export interface TargetChangeInput {
  kind: TargetKind;
  stationGuid: string | null;
  /** Only for kind "channel" (migration 26). */
  channel?: string | null;
  level: KitchenLevel;
  seconds: number | null;
}

interface Row {
  id: number | string;
  restaurant_guid: string;
  kind: TargetKind;
  station_guid: string;
  channel: string;
  level: number;
  effective_from: string;
  seconds: number | null;
  before_seconds: number | null;
  recorded_ms: number | string;
  actor: string | null;
}

const COLUMNS =
  "id, restaurant_guid, kind, station_guid, channel, level, effective_from, seconds, before_seconds, recorded_ms, actor";

/**
 * A restaurant's versions and the group's, as that restaurant reads them. A group change starts, for
 * each restaurant, on the later of its date and the restaurant's business date when it was recorded:
 * restaurants of a group are on different dates at one instant, and none has a closed day rewritten.
 */
export async function readTargetVersions(
  db: Queryable,
  restaurant: ({ guid: string } & CloseoutRules) | null,
): Promise<TargetVersion[]> {
  // Null: the group standard alone, as written (no restaurant's date to start it on).
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM kitchen_target_versions WHERE restaurant_guid IN ($1, $2) ORDER BY id`,
    [GROUP, restaurant?.guid ?? GROUP],
  );
  return versionsAsReadBy(rows, restaurant);
}

/**
 * readTargetVersions of many restaurants in one query (the Overview after a restart: one round trip,
 * not one per restaurant), each restaurant's exactly as readTargetVersions reads it.
 */
export async function readTargetVersionsOf(
  db: Queryable,
  restaurants: readonly ({ guid: string } & CloseoutRules)[],
): Promise<Map<string, TargetVersion[]>> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM kitchen_target_versions WHERE restaurant_guid = ANY($1::text[]) ORDER BY id`,
    [[GROUP, ...restaurants.map((r) => r.guid)]],
  );
  const byGuid = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byGuid.get(row.restaurant_guid);
    if (list) list.push(row);
    else byGuid.set(row.restaurant_guid, [row]);
  }
  const group = byGuid.get(GROUP) ?? [];
  return new Map(
    restaurants.map((r) => {
      const own = byGuid.get(r.guid) ?? [];
      const merged = [...group, ...own].sort((a, b) => Number(a.id) - Number(b.id));
      return [r.guid, versionsAsReadBy(merged, r)];
    }),
  );
}

/** The rows (the group's and one restaurant's, by id) as that restaurant reads them (see readTargetVersions). */
function versionsAsReadBy(rows: readonly Row[], restaurant: ({ guid: string } & CloseoutRules) | null) {
  return rows.flatMap((r): TargetVersion[] => {
    const level = Number(r.level) as KitchenLevel;
    if (!KITCHEN_LEVELS.includes(level)) return [];
    const group = r.restaurant_guid === GROUP;
    const recordedOn =
      group && restaurant ? currentBusinessDateOrNull(restaurant, Number(r.recorded_ms)) : null;
    const from = recordedOn !== null && recordedOn > r.effective_from ? recordedOn : r.effective_from;
    return [
      {
        id: Number(r.id),
        scope: group ? "group" : "own",
        kind: r.kind,
        stationGuid: r.kind === "station" ? r.station_guid : null,
        ...(r.kind === "channel" ? { channel: r.channel } : {}),
        level,
        from,
        seconds: r.seconds === null ? null : Number(r.seconds),
      },
    ];
  });
}

/**
 * Appends the changes of one scope (a restaurant's GUID, or null for the group) from `effectiveFrom`
 * on, in one transaction with their report (reportTargetChange). A change that leaves the scope's
 * target on that date as it was is not recorded. Returns the changes recorded.
 */
export async function appendTargetVersions(
  db: Database,
  restaurantGuid: string | null,
  changes: readonly TargetChangeInput[],
  effectiveFrom: string,
  actor: string | null,
  now: number,
): Promise<TargetChange[]> {
  const scopeGuid = restaurantGuid ?? GROUP;
  return db.transaction(async (tx) => {
    const recorded: TargetChange[] = [];
    for (const c of changes) {
      const station = c.kind === "station" ? (c.stationGuid ?? "") : "";
      const channel = c.kind === "channel" ? (c.channel ?? "") : "";
      const [held] = await tx.query<{ seconds: number | null }>(
        `SELECT seconds FROM kitchen_target_versions
         WHERE restaurant_guid = $1 AND kind = $2 AND station_guid = $3 AND channel = $6 AND level = $4
           AND effective_from <= $5
         ORDER BY effective_from DESC, id DESC LIMIT 1`,
        [scopeGuid, c.kind, station, c.level, effectiveFrom, channel],
      );
      const before = held?.seconds === undefined || held.seconds === null ? null : Number(held.seconds);
      if (before === c.seconds) continue;
      const [row] = await tx.query<Row>(
        `INSERT INTO kitchen_target_versions
           (restaurant_guid, kind, station_guid, level, effective_from, seconds, before_seconds, recorded_ms, actor, channel)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
        [scopeGuid, c.kind, station, c.level, effectiveFrom, c.seconds, before, now, actor, channel],
      );
      const change = changeOf(row!);
      await reportTargetChange(tx, change);
      recorded.push(change);
    }
    return recorded;
  });
}

/**
 * Every target change leaves through here, inside the transaction that records it, so its audit
 * entry (lib/audit/audit-log.ts) commits or rolls back with it. Targets set before they were dated
 * (migration 20) have no actor and are not audited.
 */
async function reportTargetChange(tx: Queryable, change: TargetChange): Promise<void> {
  if (change.actor === null) return;
  const target =
    change.kind === "station"
      ? `station ${change.stationGuid} level ${change.level}`
      : change.kind === "channel"
        ? `channel ${change.channel} ticket`
        : `${change.kind} level ${change.level}`;
  await recordAudit(tx, {
    actorEmail: change.actor,
    action: change.scope === "group" ? "target.group" : "target.update",
    subjectKind: "target",
    subjectId: `${change.restaurantGuid ?? "group"}: ${target}`,
    restaurantGuid: change.restaurantGuid,
    before: { seconds: change.before },
    after: { seconds: change.after, effectiveFrom: change.effectiveFrom },
    at: new Date(change.at),
  });
}

/** The changes of a restaurant's own targets, or of the group standard (null), newest first. */
export async function readTargetHistory(
  db: Queryable,
  restaurantGuid: string | null,
  limit: number,
): Promise<TargetChange[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM kitchen_target_versions WHERE restaurant_guid = $1 ORDER BY id DESC LIMIT $2`,
    [restaurantGuid ?? GROUP, limit],
  );
  return rows.map(changeOf);
}

function changeOf(r: Row): TargetChange {
  return {
    id: Number(r.id),
    scope: r.restaurant_guid === GROUP ? "group" : "own",
    restaurantGuid: r.restaurant_guid === GROUP ? null : r.restaurant_guid,
    kind: r.kind,
    stationGuid: r.kind === "station" ? r.station_guid : null,
    ...(r.kind === "channel" ? { channel: r.channel } : {}),
    level: Number(r.level) as KitchenLevel,
    effectiveFrom: r.effective_from,
    before: r.before_seconds === null ? null : Number(r.before_seconds),
    after: r.seconds === null ? null : Number(r.seconds),
    at: new Date(Number(r.recorded_ms)).toISOString(),
    actor: r.actor,
  };
}
