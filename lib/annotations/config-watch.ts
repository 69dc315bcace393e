import "server-only";

import { addBusinessDays, enumerateBusinessDates } from "@/lib/business-date/business-date";
import { closeoutInstant, currentBusinessDate, type CloseoutRules } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";

import { readConfigFingerprints, saveConfigRead, type MarkerInput } from "./annotation-store";
import { configChanges, fingerprintConfig, type ConfigRead } from "./config-fingerprint";

/**
 * The configuration markers: once a business date per restaurant (the first annotations read of
 * the date does it), the prep stations, the menu and the schedule are read, fingerprinted
 * (config-fingerprint.ts) and compared with the last read; each change is recorded as a marker.
 *
 * A change is dated by the Platform's lastModified where the contract lets us: the prep stations
 * list takes `lastModified` (only stations modified after it come back), so a changed station's
 * business date of modification is found by bisection over the dates since the last read, a
 * handful of one-page calls. The very first read has nothing to compare with: it records the
 * stations modified within the last `lookbackDays` (dated the same way), so a change inside the
 * history shows on its date. Menu and schedule changes are dated the read's date (the menu lists
 * run to thousands of items over many pages: bisecting them would cost tens of calls a change).
 */
export interface ConfigWatchDeps {
  db: Database;
  read: (guid: string) => Promise<ConfigRead>;
  /** The GUIDs of the restaurant's prep stations modified after `since` (the list's lastModified filter). */
  stationsModifiedSince: (guid: string, since: Date) => Promise<Set<string>>;
  lookbackDays: number;
  now?: () => number;
}

export type WatchedRestaurant = { guid: string } & CloseoutRules;

/** The instant business date `date` begins: the previous date's closeout. */
const startOf = (date: string, rules: CloseoutRules) => closeoutInstant(addBusinessDays(date, -1), rules);

/**
 * For each station of `guids`, the business date (within [from, to]) it was last modified on, by
 * bisection over the stations-modified-since probe (shared between the stations, memoised).
 * A station not modified since `from` began is left out.
 */
async function modificationDates(
  deps: ConfigWatchDeps,
  restaurant: WatchedRestaurant,
  guids: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const dates = enumerateBusinessDates(from, to);
  const probes = new Map<number, Promise<Set<string>>>();
  const probe = (i: number) => {
    let p = probes.get(i);
    if (!p) {
      p = deps.stationsModifiedSince(restaurant.guid, new Date(startOf(dates[i]!, restaurant)));
      probes.set(i, p);
    }
    return p;
  };
  const out = new Map<string, string>();
  for (const guid of guids) {
    if (!(await probe(0)).has(guid)) continue;
    // Modified after the start of dates[lo], not after the start of dates[hi + 1].
    let lo = 0;
    let hi = dates.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((await probe(mid)).has(guid)) lo = mid;
      else hi = mid - 1;
    }
    out.set(guid, dates[lo]!);
  }
  return out;
}

/** Reads the configuration if not yet read today, and records the markers of what changed. */
export async function watchConfig(deps: ConfigWatchDeps, restaurant: WatchedRestaurant): Promise<void> {
  const today = currentBusinessDate(restaurant, (deps.now ?? Date.now)());
  const last = await readConfigFingerprints(deps.db, restaurant.guid);
  if (last.readDate !== null && last.readDate >= today) return;
  const read = await deps.read(restaurant.guid);
  const snapshot = fingerprintConfig(read);
  const names = new Map(read.stations.map((s) => [s.guid, s.name ?? s.guid]));
  const markers: MarkerInput[] = [];
  if (last.snapshot === null || last.readDate === null) {
    const from = addBusinessDays(today, -deps.lookbackDays);
    const dated = await modificationDates(deps, restaurant, [...names.keys()], from, today);
    for (const [guid, date] of dated)
      markers.push({
        date,
        kind: "prep-station",
        text: `Prep station “${names.get(guid)}” changed (its configuration was modified)`,
        sourceKey: `modified:${guid}:${date}`,
      });
  } else {
    const changes = configChanges(last.snapshot, snapshot);
    // The day after the last read at the earliest: that read saw the configuration before the change.
    const since = addBusinessDays(last.readDate, 1) <= today ? addBusinessDays(last.readDate, 1) : today;
    const stationKeys = changes.filter((c) => c.part === "prep-station" || c.part === "routing");
    const dated = await modificationDates(
      deps,
      restaurant,
      [...new Set(stationKeys.map((c) => c.key).filter((k) => names.has(k)))],
      since,
      today,
    );
    for (const c of changes)
      markers.push({
        date: dated.get(c.key) ?? today,
        kind: c.part,
        text: c.text,
        sourceKey: `${c.part}:${c.key}:${snapshot[c.part].fingerprint}`,
      });
  }
  await saveConfigRead(deps.db, restaurant.guid, snapshot, today, markers);
}
