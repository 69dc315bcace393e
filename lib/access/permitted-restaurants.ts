import "server-only";
import type { AppSession } from "@/lib/auth/session";
import { accountDirectory } from "@/lib/auth/accounts";
import { getKitchenService } from "@/lib/kitchen/service/server";
import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";
import { restaurantIdentity } from "@/lib/restaurants/restaurant-directory";

export type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";

/**
 * The access rule, in one place: an account sees exactly the restaurants the accounts file lists
 * for its e-mail, looked up on every call (never stored in the session), in file order.
 */
export function permittedGuids(session: AppSession): readonly string[] {
  return accountDirectory().find(session.email)?.restaurantGuids ?? [];
}

export function isPermitted(session: AppSession, guid: string): boolean {
  return permittedGuids(session).includes(guid);
}

export interface PermittedOptions {
  /**
   * Probe the kitchen entitlement of restaurants whose entitlement is unknown, waiting at most
   * this long (ms) for the answer. Unset: report only what is already known.
   */
  probeKitchenMs?: number;
}

/**
 * The session's restaurants with their Platform identity. A GUID the Platform does not know (a
 * typo in the accounts file) is left out and logged; any other Platform failure is thrown.
 */
export async function getPermittedRestaurants(session: AppSession, options: PermittedOptions = {}): Promise<PermittedRestaurant[]> {
  const guids = permittedGuids(session);
  const identities = await Promise.all(guids.map((guid) => restaurantIdentity(guid)));
  const found = identities.filter((identity, i) => {
    if (!identity) console.warn(`[access] restaurant ${guids[i]} of the accounts file is unknown to the Platform`);
    return identity !== null;
  }) as NonNullable<(typeof identities)[number]>[];
  // Entitlement is what the kitchen store's days say (lib/kitchen/service/entitlement.ts).
  const { entitlement } = await getKitchenService();
  const known = await entitlement.known(found.map((identity) => identity.guid));
  return Promise.all(
    found.map(async (identity) => {
      const entitled =
        options.probeKitchenMs !== undefined && !identity.archived
          ? await entitlement.learn(identity, options.probeKitchenMs)
          : known.get(identity.guid);
      return entitled === undefined ? { ...identity } : { ...identity, kitchenEntitled: entitled };
    }),
  );
}

/**
 * One restaurant of the session, or null when it is not permitted or does not exist: callers
 * answer both with the same 404, so nobody learns which GUIDs exist elsewhere. The permission is
 * checked first, so a foreign GUID never reaches the Platform.
 */
export async function getPermittedRestaurant(session: AppSession, guid: string): Promise<PermittedRestaurant | null> {
  if (!isPermitted(session, guid)) return null;
  const identity = await restaurantIdentity(guid);
  if (!identity) return null;
  const entitled = (await (await getKitchenService()).entitlement.known([guid])).get(guid);
  return entitled === undefined ? identity : { ...identity, kitchenEntitled: entitled };
}
