import "server-only";

import type { Queryable } from "@/lib/db/database";
import { PlatformError } from "@/lib/platform/errors";
import type { PlatformClient } from "@/lib/platform/types";

import type { DiscoveryReport, DiscoveryReportLocation } from "./discovery-contract";
import {
  readDiscoveredLocations,
  readDiscoveryStatus,
  recordFailure,
  saveListing,
  type DiscoveredLocation,
} from "./discovery-store";

/**
 * Restaurant discovery: which locations the credential reaches, compared with the deployment's
 * added ones. The token's type claim picks the listing (docs/real-platform.md):
 * - PARTNER: GET /partners/v1/restaurants names each location with its name, location name and
 *   management group; a location marked `deleted` no longer uses the Platform and is left out.
 * - CUSTOMER (a management group client): GET /restaurants/v1/groups/{group}/restaurants gives
 *   GUIDs only. The group is the token's management_set_guid claim, else the managementGroupGuid of
 *   an added restaurant's information; the required restaurant header names an added restaurant.
 *   Names come from the restaurant information, read only for locations with none stored yet.
 */

export type ClientKind = "PARTNER" | "CUSTOMER";

/** An error of discovery itself (not the Platform's): the credential does not say enough to list. */
export class DiscoveryError extends Error {
  override readonly name = "DiscoveryError";
}

/** How many added restaurants are tried as the group listing's restaurant header before giving up. */
const HEADER_CANDIDATES = 3;
/** Restaurant information reads in flight at once when naming a group's new locations. */
const NAME_READS_IN_FLIGHT = 4;

export async function listReachableLocations(
  client: PlatformClient,
  addedGuids: readonly string[],
  knownNames: ReadonlyMap<string, DiscoveredLocation>,
  signal?: AbortSignal,
): Promise<{ clientType: ClientKind; locations: DiscoveredLocation[] }> {
  const identity = await client.clientIdentity({ signal });
  // Without a type claim the group or partner claim still tells the kind.
  const type =
    identity.type ?? (identity.managementGroupGuid ? "CUSTOMER" : identity.partnerGuid ? "PARTNER" : null);
  if (type === "PARTNER") {
    const listed = await client.partners.restaurants({ signal });
    const locations = listed
      .filter((r) => r.deleted !== true)
      .map((r) => ({
        guid: r.restaurantGuid,
        name: r.restaurantName ?? null,
        locationName: r.locationName ?? null,
        managementGroupGuid: r.managementGroupGuid ?? null,
      }));
    return { clientType: "PARTNER", locations: unique(locations) };
  }
  if (type === "CUSTOMER") {
    const group = identity.managementGroupGuid ?? (await groupOfAdded(client, addedGuids, signal));
    const guids = await groupListing(client, group, addedGuids, signal);
    const locations = await named(client, guids, group, knownNames, signal);
    return { clientType: "CUSTOMER", locations: unique(locations) };
  }
  throw new DiscoveryError(
    `the access token's type claim is ${JSON.stringify(identity.type)}, neither PARTNER nor CUSTOMER, so neither listing applies`,
  );
}

async function groupOfAdded(
  client: PlatformClient,
  addedGuids: readonly string[],
  signal: AbortSignal | undefined,
): Promise<string> {
  const first = addedGuids[0];
  if (first) {
    const info = await client.restaurants.get(first, { includeArchived: true, signal });
    const group = info.general?.managementGroupGuid;
    if (group) return group;
  }
  throw new DiscoveryError(
    "the access token names no management group (management_set_guid) and no added restaurant's information does",
  );
}

/**
 * The group's GUIDs, with an added restaurant in the header. One that the Platform refuses for
 * this call (400, 403, 404: not of the group, or not reachable) gives way to the next.
 */
async function groupListing(
  client: PlatformClient,
  group: string,
  addedGuids: readonly string[],
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const candidates: (string | undefined)[] = addedGuids.slice(0, HEADER_CANDIDATES);
  // With nothing added yet there is no location to name: the call is sent without the header.
  if (candidates.length === 0) candidates.push(undefined);
  for (let i = 0; ; i++) {
    try {
      return (await client.restaurants.inGroup(group, candidates[i], { signal })).map((r) => r.guid);
    } catch (error) {
      const refused = error instanceof PlatformError && [400, 403, 404].includes(error.status ?? 0);
      if (!refused || i + 1 >= candidates.length) throw error;
    }
  }
}

async function named(
  client: PlatformClient,
  guids: readonly string[],
  group: string,
  knownNames: ReadonlyMap<string, DiscoveredLocation>,
  signal: AbortSignal | undefined,
): Promise<DiscoveredLocation[]> {
  const out: DiscoveredLocation[] = guids.map((guid) => ({
    guid,
    name: knownNames.get(guid)?.name ?? null,
    locationName: knownNames.get(guid)?.locationName ?? null,
    managementGroupGuid: group,
  }));
  const unnamed = out.filter((l) => l.name === null);
  const worker = async () => {
    for (let l = unnamed.shift(); l; l = unnamed.shift()) {
      try {
        const info = await client.restaurants.get(l.guid, { includeArchived: true, signal });
        l.name = info.general?.name ?? null;
        l.locationName = info.general?.locationName ?? null;
      } catch (error) {
        // A location whose information cannot be read is still reachable: listed without a name.
        if (signal?.aborted) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: NAME_READS_IN_FLIGHT }, worker));
  return out;
}

function unique(locations: DiscoveredLocation[]): DiscoveredLocation[] {
  return [...new Map(locations.map((l) => [l.guid, l])).values()];
}

export type DiscoveryOutcome =
  { ok: true; clientType: ClientKind; locations: number } | { ok: false; error: string };

/**
 * One discovery run: lists, stores, and on failure records the error in words (never throws for
 * the Platform's failure or the credential's silence; a database failure does reach the caller).
 */
export async function runDiscovery(
  db: Queryable,
  client: PlatformClient,
  addedGuids: readonly string[],
  now: () => number = Date.now,
  signal?: AbortSignal,
): Promise<DiscoveryOutcome> {
  const known = new Map((await readDiscoveredLocations(db)).map((l) => [l.guid, l]));
  let listing: Awaited<ReturnType<typeof listReachableLocations>>;
  try {
    listing = await listReachableLocations(client, addedGuids, known, signal);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordFailure(db, message, now());
    return { ok: false, error: message };
  }
  await saveListing(db, listing, now());
  return { ok: true, clientType: listing.clientType, locations: listing.locations.length };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Each location's state: every added restaurant, and every location the latest listing reached.
 * Locations neither added nor accessible any more are left out. Ordered added first, then by name.
 */
export async function discoveryReport(
  db: Queryable,
  addedGuids: readonly string[],
): Promise<DiscoveryReport> {
  const [status, stored] = await Promise.all([readDiscoveryStatus(db), readDiscoveredLocations(db)]);
  const added = new Set(addedGuids);
  const byGuid = new Map(stored.map((l) => [l.guid, l]));
  const locations: DiscoveryReportLocation[] = [];
  for (const l of stored) {
    if (!l.accessible && !added.has(l.guid)) continue;
    const isAdded = added.has(l.guid);
    locations.push({
      guid: l.guid,
      name: l.name,
      locationName: l.locationName,
      managementGroupGuid: l.managementGroupGuid,
      added: isAdded,
      state: l.accessible ? (isAdded ? "added-accessible" : "accessible-not-added") : "added-not-accessible",
      since: iso(l.accessible ? l.firstSeenMs : l.lostAtMs),
      lastSeen: iso(l.lastSeenMs),
    });
  }
  for (const guid of added) {
    if (byGuid.has(guid)) continue;
    locations.push({
      guid,
      name: null,
      locationName: null,
      managementGroupGuid: null,
      added: true,
      state: status.lastSuccessMs === null ? "unknown" : "added-not-accessible",
      since: null,
      lastSeen: null,
    });
  }
  locations.sort(
    (a, b) => Number(b.added) - Number(a.added) || (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff"),
  );
  return {
    clientType: status.clientType,
    lastAttempt: iso(status.lastAttemptMs),
    lastSuccess: iso(status.lastSuccessMs),
    lastError:
      status.lastError === null ? null : { message: status.lastError, at: iso(status.lastErrorMs) ?? "" },
    locations,
  };
}
