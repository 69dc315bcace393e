import "server-only";
import { env } from "@/lib/env";
import { getPlatformClient } from "@/lib/platform-wiring/platform-client";
import { addBusinessDays, businessDateAt } from "./business-date";
import { processSingleton } from "@/lib/process-singleton";

/**
 * Whether a restaurant has the kitchen data tier. The Platform has no endpoint that says so: the
 * only signal is itemFulfillments answering 204 instead of 200. So the answer is learnt from
 * kitchen fetches (the kitchen pipeline reports every result through `recordKitchenEntitlement`)
 * or, for a restaurant nobody has fetched yet, by one probe: itemFulfillments for yesterday's
 * business date. A "yes" is kept for a day; a "no" for KITCHEN_NOT_ENTITLED_RETRY_H hours, since a
 * restaurant can upgrade. Unknown stays `undefined`, and the UI says "checking".
 */
interface Entry {
  entitled: boolean;
  until: number;
}

const ENTITLED_TTL_MS = 24 * 60 * 60_000;

const state = processSingleton("kitchen-entitlement", () => ({
  entries: new Map<string, Entry>(),
  probes: new Map<string, Promise<boolean | undefined>>(),
}));

export function recordKitchenEntitlement(guid: string, entitled: boolean, now = Date.now()): void {
  const ttl = entitled ? ENTITLED_TTL_MS : env().KITCHEN_NOT_ENTITLED_RETRY_H * 60 * 60_000;
  state.entries.set(guid, { entitled, until: now + ttl });
}

export function knownKitchenEntitlement(guid: string, now = Date.now()): boolean | undefined {
  const entry = state.entries.get(guid);
  return entry && entry.until > now ? entry.entitled : undefined;
}

/**
 * The entitlement, probing once (single-flight per restaurant) when unknown. Waits at most
 * `waitMs` for a probe: a slow Platform must not hold a page; the probe finishes in the
 * background and the next request sees its answer. Probe failures leave it unknown.
 */
export async function kitchenEntitlement(
  restaurant: { guid: string; timeZone: string; closeoutHour: number },
  waitMs: number,
): Promise<boolean | undefined> {
  const known = knownKitchenEntitlement(restaurant.guid);
  if (known !== undefined) return known;
  let probe = state.probes.get(restaurant.guid);
  if (!probe) {
    probe = probeEntitlement(restaurant).finally(() => state.probes.delete(restaurant.guid));
    state.probes.set(restaurant.guid, probe);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function probeEntitlement(restaurant: { guid: string; timeZone: string; closeoutHour: number }): Promise<boolean | undefined> {
  try {
    const yesterday = addBusinessDays(businessDateAt(new Date(), restaurant.timeZone, restaurant.closeoutHour), -1);
    const result = await getPlatformClient().kitchen.itemFulfillments(restaurant.guid, yesterday);
    const entitled = result.kind === "data";
    recordKitchenEntitlement(restaurant.guid, entitled);
    return entitled;
  } catch (error) {
    console.warn(`[restaurants] kitchen entitlement probe for ${restaurant.guid} failed: ${(error as Error).name}`);
    return undefined;
  }
}
