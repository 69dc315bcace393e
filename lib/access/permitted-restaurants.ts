import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import type { AppSession } from "@/lib/auth/session";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { findActivePerson, visibleRestaurantGuids } from "@/lib/people/people-store";
import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";
import { settleRestaurants, type RestaurantIdentity } from "@/lib/restaurants/restaurant-directory";

export type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";

/**
 * The access rule, in one place, read from the database on every call (never stored in the
 * session), in the order the restaurants were added: owners and admins see every added
 * restaurant; area managers, managers and viewers the restaurants of their areas and those granted
 * to them one by one. A deactivated or unknown person sees nothing.
 */
export async function permittedGuids(session: AppSession): Promise<readonly string[]> {
  const db = await getPeopleDatabase();
  const person = await findActivePerson(db, session.email);
  return person ? visibleRestaurantGuids(db, person) : [];
}

export async function isPermitted(session: AppSession, guid: string): Promise<boolean> {
  return (await permittedGuids(session)).includes(guid);
}

export interface PermittedOptions {
  /**
   * Probe the kitchen entitlement of restaurants whose entitlement is unknown, waiting at most
   * this long (ms) for the answer. Unset: report only what is already known.
   */
  probeKitchenMs?: number;
  /**
   * Wait at most this long (ms) for a restaurant whose identity was never read; past it the
   * restaurant is listed as still being read (getRestaurantDirectory only). Unset: wait for it.
   */
  identityWaitMs?: number;
  /**
   * The whole call's deadline (ms from its start), for a list that must answer promptly (GET
   * /api/restaurants, the Overview): the identity wait and the entitlement probes share it instead
   * of adding up. What has not settled by then is listed as it stands (a first read as "reading",
   * an entitlement unknown) while the reads and probes go on, and the browser asks again.
   */
  answerWithinMs?: number;
}

/**
 * The session's restaurants with their Platform identity, each settled on its own: a location the
 * Platform refuses (403), does not know (404) or cannot answer for (5xx, network) is served from
 * its last good identity with `availability` saying why, and never fails the others. Restaurants
 * with no identity ever read are left out here (the kitchen figures need a zone and a closeout);
 * `getRestaurantDirectory` lists them too.
 */
export async function getPermittedRestaurants(
  session: AppSession,
  options: PermittedOptions = {},
): Promise<PermittedRestaurant[]> {
  // No identityWaitMs: the kitchen's lists wait for every restaurant never read before.
  return (await getRestaurantDirectory(session, { probeKitchenMs: options.probeKitchenMs })).filter(
    (r) => r.availability?.identityAsOf !== null,
  );
}

/**
 * Every restaurant of the session, for the restaurant list (GET /api/restaurants, the Overview):
 * as getPermittedRestaurants, plus those whose identity was never read and cannot be now, as a
 * stand-in named by the GUID (availability.identityAsOf null). A GUID the Platform does not know
 * is listed as not accessible, with the reason, rather than silently left out.
 */
export async function getRestaurantDirectory(
  session: AppSession,
  options: PermittedOptions = {},
): Promise<PermittedRestaurant[]> {
  const deadline = options.answerWithinMs === undefined ? null : Date.now() + options.answerWithinMs;
  const left = (ms: number | undefined) =>
    deadline === null ? ms : Math.min(ms ?? Infinity, Math.max(0, deadline - Date.now()));
  const settled = await settleRestaurants(await permittedGuids(session), left(options.identityWaitMs));
  // A failed read was logged once, when it was made (identity-directory.ts), not on every list.
  const listed = settled.map((s): PermittedRestaurant => {
    const identity = s.identity ?? standIn(s.guid);
    return s.availability ? { ...identity, availability: s.availability } : { ...identity };
  });
  // Entitlement is what the kitchen store's days say (lib/kitchen/service/entitlement.ts); a
  // location whose identity the Platform refuses now is not probed (its export would be refused too).
  const { entitlement } = await getKitchenService();
  const known = await entitlement.known(
    listed.filter((r) => r.availability?.identityAsOf !== null).map((r) => r.guid),
  );
  const learnt = new Map<string, boolean | undefined>();
  if (options.probeKitchenMs !== undefined) {
    const probeMs = left(options.probeKitchenMs)!;
    const probes: Promise<unknown>[] = [];
    for (const r of listed.filter((r) => !r.archived && !r.availability && known.get(r.guid) !== true)) {
      // One probe started per macrotask, and none past the deadline: a probe's store reads run as
      // one chain of promises that no timer interrupts, so 500 started at once held the answer a
      // second past its deadline (bench:scale). Those not started are probed by the next request.
      await new Promise((resolve) => setImmediate(resolve));
      if (deadline !== null && Date.now() >= deadline) break;
      probes.push(entitlement.learn(r, probeMs).then((entitled) => learnt.set(r.guid, entitled)));
    }
    // Each probe bounds its own wait; those not back by the deadline read as before (the probe
    // goes on; its answer is stored for the next request).
    const all = Promise.all(probes);
    await (deadline === null ? all : settledBy(all, deadline));
  }
  return listed.map((restaurant) => {
    if (restaurant.availability?.identityAsOf === null) return restaurant;
    const entitled = learnt.has(restaurant.guid) ? learnt.get(restaurant.guid) : known.get(restaurant.guid);
    return entitled === undefined ? restaurant : { ...restaurant, kitchenEntitled: entitled };
  });
}

/** Waits for `work` until the epoch-ms `deadline` at most; `work` goes on either way. */
async function settledBy(work: Promise<unknown>, deadline: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      work,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A restaurant whose identity was never read: named by its GUID, no zone or closeout of its own. */
function standIn(guid: string): RestaurantIdentity {
  return { guid, name: guid, locationName: "", timeZone: "UTC", archived: false, closeoutHour: 0 };
}

/**
 * One restaurant of the session, or null when it is not permitted or does not exist: callers
 * answer both with the same 404, so nobody learns which GUIDs exist elsewhere. The permission is
 * checked first, so a foreign GUID never reaches the Platform. A permitted restaurant the Platform
 * refuses or cannot answer for now is returned with `availability` (its last good identity, or a
 * stand-in), so its pages say so instead of failing.
 */
export async function getPermittedRestaurant(
  session: AppSession,
  guid: string,
): Promise<PermittedRestaurant | null> {
  if (!(await isPermitted(session, guid))) return null;
  const [settled] = await settleRestaurants([guid]);
  if (!settled || settled.unknown) return null;
  const identity = settled.identity ?? standIn(guid);
  const restaurant: PermittedRestaurant = settled.availability
    ? { ...identity, availability: settled.availability }
    : identity;
  if (settled.identity === null) return restaurant;
  const entitled = (await (await getKitchenService()).entitlement.known([guid])).get(guid);
  return entitled === undefined ? restaurant : { ...restaurant, kitchenEntitled: entitled };
}
