import "server-only";

import { currentBusinessDateOrNull, earliestBusinessDateAnywhere } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import type { GroupTargetsInput, KitchenTargetsInput } from "@/lib/kitchen/contract/params";
import type { GroupTargets, KitchenTargets, TargetSetting } from "@/lib/kitchen/contract/responses";
import {
  targetSchedule,
  type ResolvedTarget,
  type TargetChange,
} from "@/lib/kitchen/contract/target-versions";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import {
  appendTargetVersions,
  readTargetHistory,
  readTargetVersions,
  type TargetChangeInput,
} from "@/lib/kitchen/storage/target-versions";

import type { KitchenRestaurant } from "./service-config";

/**
 * The targets API's answers and writes (contract/target-versions.ts): a restaurant's targets today
 * with their sources, what is scheduled and the history; the group standard's; and the changes,
 * each from a business date forward (today at the earliest: a closed day is never judged anew).
 */

const HISTORY_LIMIT = 100;

const settingsOf = (resolved: Record<KitchenLevel, ResolvedTarget>): TargetSetting[] =>
  KITCHEN_LEVELS.map((level) => ({
    level,
    ...resolved[level],
    isDefault: resolved[level].source === "default",
  }));

const scheduledAfter = (today: string, ...lists: TargetChange[][]) =>
  lists
    .flat()
    .filter((c) => c.effectiveFrom > today)
    .sort((a, b) =>
      a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : a.id - b.id,
    );

function restaurantToday(restaurant: KitchenRestaurant, now: number): string {
  const today = currentBusinessDateOrNull(restaurant, now);
  if (today === null)
    throw new InvalidInputError(
      "unknown_time_zone",
      `the restaurant's time zone "${restaurant.timeZone}" is unknown here, so its business date (when a target change starts) cannot be told`,
    );
  return today;
}

async function readKitchenTargets(
  db: Database,
  restaurant: KitchenRestaurant,
  now: number,
): Promise<Omit<KitchenTargets, "mayEdit">> {
  const today = restaurantToday(restaurant, now);
  const [versions, own, group] = await Promise.all([
    readTargetVersions(db, restaurant),
    readTargetHistory(db, restaurant.guid, HISTORY_LIMIT),
    readTargetHistory(db, null, HISTORY_LIMIT),
  ]);
  const t = targetSchedule(versions).on(today);
  return {
    restaurantGuid: restaurant.guid,
    businessDate: today,
    targets: settingsOf(t.levels),
    tickets: settingsOf(t.ticketTargets),
    stations: t.stations.map((s) => ({ ...s, source: "own" as const })),
    passWait: settingsOf(t.metricTargets.pass_wait),
    ticketSpread: settingsOf(t.metricTargets.ticket_spread),
    channels: Object.entries(t.channelTargets).map(([channel, r]) => ({
      channel,
      ...r,
      isDefault: r.source === "default",
    })),
    scheduled: scheduledAfter(today, own, group),
    history: own,
    updatedAt: own[0]?.at ?? null,
  };
}

async function readGroupTargets(db: Database, now: number): Promise<Omit<GroupTargets, "mayEdit">> {
  const today = earliestBusinessDateAnywhere(now);
  const [versions, history] = await Promise.all([
    readTargetVersions(db, null),
    readTargetHistory(db, null, HISTORY_LIMIT),
  ]);
  const t = targetSchedule(versions).on(today);
  return {
    businessDate: today,
    targets: settingsOf(t.levels),
    tickets: settingsOf(t.ticketTargets),
    scheduled: scheduledAfter(today, history),
    history,
  };
}

/** The first date of a change: as asked, else today; never before today. */
function effectiveFromOf(asked: string | undefined, today: string, whose: string): string {
  const from = asked ?? today;
  if (from < today)
    throw new InvalidInputError(
      "effective_from_past",
      `effectiveFrom ${from} is before ${whose} business date today (${today}): a change starts today at the earliest and never rewrites a day already judged`,
    );
  return from;
}

const levelChanges = (input: Pick<KitchenTargetsInput, "targets" | "tickets">): TargetChangeInput[] => [
  ...input.targets.map((t) => ({ kind: "level" as const, stationGuid: null, ...t })),
  ...input.tickets.map((t) => ({ kind: "ticket" as const, stationGuid: null, ...t })),
];

/**
 * Changes the restaurant's own targets from `effectiveFrom` (default today). A station must be one
 * of `knownStations` (the restaurant's prep stations), save to remove a target it still has.
 * Returns the changes recorded (a change to the value already in force is none).
 */
async function writeKitchenTargets(
  db: Database,
  restaurant: KitchenRestaurant,
  input: KitchenTargetsInput,
  by: { actor: string | null; now: number; knownStations: ReadonlySet<string> | null },
): Promise<TargetChange[]> {
  const today = restaurantToday(restaurant, by.now);
  const from = effectiveFromOf(input.effectiveFrom, today, "the restaurant's");
  if (input.stations.length > 0) {
    const own = targetSchedule(await readTargetVersions(db, restaurant)).on(from).stations;
    for (const s of input.stations) {
      const removingOwn = s.seconds === null && own.some((o) => o.stationGuid === s.stationGuid);
      if (by.knownStations && !by.knownStations.has(s.stationGuid) && !removingOwn)
        throw new InvalidInputError(
          "unknown_station",
          `stationGuid ${s.stationGuid} is not a prep station of this restaurant`,
        );
    }
  }
  const changes: TargetChangeInput[] = [
    ...levelChanges(input),
    ...input.stations.map((t) => ({ kind: "station" as const, ...t })),
    ...(input.passWait ?? []).map((t) => ({ kind: "pass_wait" as const, stationGuid: null, ...t })),
    ...(input.ticketSpread ?? []).map((t) => ({ kind: "ticket_spread" as const, stationGuid: null, ...t })),
    // A channel's ticket target is one for every level, recorded at level 0 (migration 26).
    ...(input.channels ?? []).map((t) => ({
      kind: "channel" as const,
      stationGuid: null,
      level: 0 as const,
      ...t,
    })),
  ];
  return appendTargetVersions(db, restaurant.guid, changes, from, by.actor, by.now);
}

/** Changes the group standard from `effectiveFrom` (default: each restaurant's today). */
async function writeGroupTargets(
  db: Database,
  input: GroupTargetsInput,
  by: { actor: string | null; now: number },
): Promise<TargetChange[]> {
  const from = effectiveFromOf(
    input.effectiveFrom,
    earliestBusinessDateAnywhere(by.now),
    "the group's earliest",
  );
  return appendTargetVersions(db, null, levelChanges(input), from, by.actor, by.now);
}

/** Who changes targets: the e-mail recorded, and the restaurant's prep stations (unset: not checked). */
interface ChangedBy {
  actor?: string | null;
  knownStations?: ReadonlySet<string>;
}

/** The kitchen service's targets methods (kitchen-service.ts spreads them). */
export function targetsApi(db: Database, now: () => number) {
  return {
    targets: (restaurant: KitchenRestaurant) => readKitchenTargets(db, restaurant, now()),
    groupTargets: () => readGroupTargets(db, now()),
    async putTargets(restaurant: KitchenRestaurant, input: Partial<KitchenTargetsInput>, by: ChangedBy = {}) {
      const full = {
        ...input,
        targets: input.targets ?? [],
        tickets: input.tickets ?? [],
        stations: input.stations ?? [],
        passWait: input.passWait ?? [],
        ticketSpread: input.ticketSpread ?? [],
        channels: input.channels ?? [],
      };
      await writeKitchenTargets(db, restaurant, full, {
        actor: by.actor ?? null,
        now: now(),
        knownStations: by.knownStations ?? null,
      });
      return readKitchenTargets(db, restaurant, now());
    },
    async putGroupTargets(input: Partial<GroupTargetsInput>, by: ChangedBy = {}) {
      const full = { ...input, targets: input.targets ?? [], tickets: input.tickets ?? [] };
      await writeGroupTargets(db, full, { actor: by.actor ?? null, now: now() });
      return readGroupTargets(db, now());
    },
  };
}
