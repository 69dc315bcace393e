import "server-only";

import { z } from "zod";

import { isBusinessDate } from "@/lib/business-date/business-date";
import { isValidTimeZone } from "@/lib/business-date/time-zone";
import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { getOutageHold } from "@/lib/platform-wiring/outage-hold";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import type { RestaurantInfo } from "@/lib/platform/schemas";
import { WEEKDAYS } from "@/lib/platform/schemas/weekdays";
import { forgetProcessSingleton, processSingleton } from "@/lib/process-singleton";

import { createIdentityDirectory, type IdentityDirectory, type IdentityRecord } from "./identity-directory";
import { databaseIdentityStore } from "./identity-store";
import type { PermittedRestaurant, RestaurantAvailability } from "./permitted-restaurant";
import { restaurantQuoteOf, type RestaurantQuote } from "./quote";
import { serviceWeekOf, type ServiceWeek } from "./schedule";

/**
 * Restaurant identity (name, location, zone, closeout, archived) from the Platform's restaurant
 * information, fetched with includeArchived so an archived restaurant still has a name. Each
 * restaurant settles on its own (identity-directory.ts): a good read is served five minutes, then
 * served while it is read again in the background; the last good one is kept in the database for
 * every instance and every restart, and served with the problem in words while a location is
 * refused or unreachable. It holds Platform facts only, never anything per user.
 */
export type RestaurantIdentity = Omit<PermittedRestaurant, "kitchenEntitled" | "availability">;

/** The identity and, kept beside it from the same read, the services per weekday (never sent to pages). */
interface RestaurantFacts {
  identity: RestaurantIdentity;
  serviceWeek: ServiceWeek;
  /** The guest's quote (quote.ts); absent in facts kept before it was read. */
  quote?: RestaurantQuote;
}

/** A failed read is tried again after this long: a refused location costs a read a minute, not one a request. */
const RETRY_MS = 60_000;
const SINGLETON_KEY = "restaurant-identity-directory";

const factsSchema = z.object({
  identity: z.object({
    guid: z.string(),
    name: z.string(),
    locationName: z.string(),
    timeZone: z.string().refine(isValidTimeZone),
    archived: z.boolean(),
    closeoutHour: z.number().int().min(0).max(23),
    firstBusinessDate: z.string().nullable().optional(),
  }),
  serviceWeek: z.object(
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        z.array(
          z.object({
            name: z.string(),
            startMinutes: z.number(),
            endMinutes: z.number(),
            overnight: z.boolean(),
          }),
        ),
      ]),
    ) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodArray<
        z.ZodObject<{
          name: z.ZodString;
          startMinutes: z.ZodNumber;
          endMinutes: z.ZodNumber;
          overnight: z.ZodBoolean;
        }>
      >
    >,
  ),
  quote: z
    .object({ takeoutSeconds: z.number().nullable(), deliverySeconds: z.number().nullable() })
    .optional(),
});

function directory(): IdentityDirectory<RestaurantFacts> {
  return processSingleton(SINGLETON_KEY, () =>
    createIdentityDirectory<RestaurantFacts>({
      read: async (guid) =>
        factsFromInfo(await getPlatformClient().restaurants.get(guid, { includeArchived: true })),
      store: databaseIdentityStore(getDatabase, (json) => factsSchema.safeParse(json).data ?? null),
      // A good read is served this long before the Platform is asked again (in the background).
      freshMs: env().RESTAURANT_IDENTITY_TTL_S * 1000,
      retryMs: RETRY_MS,
      // During the account-wide outage hold the last good identities are served, and one probe a minute goes.
      held: () => getOutageHold().held(),
    }),
  );
}

/** A restaurant as the directory settled it: its identity (last good, or none) and what went wrong. */
export interface SettledRestaurant {
  guid: string;
  /** The identity to show: the last good one; null when none was ever read. */
  identity: RestaurantIdentity | null;
  /** Set when the last read failed. */
  availability?: RestaurantAvailability;
  /** The Platform does not know the GUID (404 with includeArchived) and no identity was ever read. */
  unknown: boolean;
}

/**
 * Every GUID's identity, each settled on its own; never rejects for a location's failure. With
 * `waitMs`, a restaurant never read before is waited for at most that long (then "reading").
 */
export async function settleRestaurants(
  guids: readonly string[],
  waitMs?: number,
): Promise<SettledRestaurant[]> {
  const records = await directory().settle(guids, waitMs);
  return guids.map((guid) => settledOf(records.get(guid)!));
}

function settledOf(record: IdentityRecord<RestaurantFacts>): SettledRestaurant {
  const identity = record.facts?.identity ?? null;
  const problem = record.problem;
  if (!problem) return { guid: record.guid, identity, unknown: false };
  const availability: RestaurantAvailability = {
    state: problem.state,
    reason: problem.reason,
    ...(problem.status === undefined ? {} : { status: problem.status }),
    checkedAt: new Date(record.checkedAt).toISOString(),
    identityAsOf: record.readAt === null ? null : new Date(record.readAt).toISOString(),
  };
  return {
    guid: record.guid,
    identity,
    availability,
    unknown: identity === null && problem.unknown === true,
  };
}

/** Thrown when a restaurant has no identity to serve and the Platform could not give one. */
export class RestaurantUnavailableError extends Error {
  readonly availability: RestaurantAvailability;
  constructor(guid: string, availability: RestaurantAvailability) {
    super(`restaurant ${guid}: ${availability.reason}`);
    this.name = "RestaurantUnavailableError";
    this.availability = availability;
  }
}

async function settledFacts(guid: string): Promise<RestaurantFacts | null> {
  const records = await directory().settle([guid]);
  const record = records.get(guid)!;
  if (record.facts) return record.facts;
  const settled = settledOf(record);
  if (settled.unknown || !settled.availability) return null;
  throw new RestaurantUnavailableError(guid, settled.availability);
}

/** The restaurant's services per weekday, for the kitchen's day parts; null when the Platform does not know the GUID. */
export async function restaurantServiceWeek(guid: string): Promise<ServiceWeek | null> {
  return (await settledFacts(guid))?.serviceWeek ?? null;
}

/** The restaurant's quote to guests, for the kitchen's days; null when unknown (facts kept before it was read). */
export async function restaurantQuote(guid: string): Promise<RestaurantQuote | null> {
  return (await settledFacts(guid))?.quote ?? null;
}

/**
 * The last good identities of these GUIDs as kept (this process's or the store's), without asking
 * the Platform: for readers that must stay off it (GET /api/health). A GUID never read is absent.
 */
export async function keptRestaurantIdentities(
  guids: readonly string[],
): Promise<Map<string, RestaurantIdentity>> {
  const records = await directory().kept(guids);
  return new Map(
    [...records.values()].flatMap((r) => (r.facts ? [[r.guid, r.facts.identity] as const] : [])),
  );
}

/** Seeds the directory from a RestaurantInfo fetched for another reason (the Info page). */
export function rememberRestaurantInfo(info: RestaurantInfo): void {
  directory().remember(info.guid, factsFromInfo(info));
}

/**
 * Forgets the process's view (as a restart does); the stored identities stay. Waits for reads in
 * flight first, so none lands in the forgotten view. For tests and the bench.
 */
export async function forgetRestaurantIdentitiesForTests(): Promise<void> {
  await directory().idle();
  forgetProcessSingleton(SINGLETON_KEY);
}

const factsFromInfo = (info: RestaurantInfo): RestaurantFacts => ({
  identity: identityFromInfo(info),
  serviceWeek: serviceWeekOf(info.schedules),
  quote: restaurantQuoteOf(info),
});

/**
 * Defaults when the Platform leaves a field empty: the GUID as the name, UTC, and a midnight
 * closeout (business date = calendar date), so every restaurant still gets a usable row; an
 * absent or malformed firstBusinessDate is null (only 2022-01-01 bounds the kitchen's dates).
 */
export function identityFromInfo(info: RestaurantInfo): RestaurantIdentity {
  const g = info.general ?? {};
  const zone = g.timeZone && isValidTimeZone(g.timeZone) ? g.timeZone : "UTC";
  const hour =
    typeof g.closeoutHour === "number" &&
    Number.isInteger(g.closeoutHour) &&
    g.closeoutHour >= 0 &&
    g.closeoutHour <= 23
      ? g.closeoutHour
      : 0;
  return {
    guid: info.guid,
    name: g.name?.trim() || info.guid,
    locationName: g.locationName?.trim() ?? "",
    timeZone: zone,
    archived: g.archived === true,
    closeoutHour: hour,
    firstBusinessDate:
      typeof g.firstBusinessDate === "number" && isBusinessDate(String(g.firstBusinessDate))
        ? String(g.firstBusinessDate)
        : null,
  };
}
