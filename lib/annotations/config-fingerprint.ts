import { createHash } from "node:crypto";

import type { MenuGroup, MenuItem, PrepStation } from "@/lib/platform/schemas";
import { WEEKDAY_LABELS, type ServiceWeek, type Weekday } from "@/lib/restaurants/schedule";

import { NOTE_MAX_CHARS } from "./annotations-contract";

/**
 * The configuration's parts a kitchen manager reads changes of, each reduced to a fingerprint and
 * the objects it was made of (key -> label and hash), so two reads compare in one string and a
 * change can be put in words: which station was renamed, whose routing changed, how many items
 * came and went. Pure: lib/annotations/config-watch.ts reads the Platform and keeps the last read.
 */
export const CONFIG_PARTS = ["prep-station", "routing", "menu", "schedule"] as const;
export type ConfigPart = (typeof CONFIG_PARTS)[number];

export interface PartObject {
  label: string;
  hash: string;
}

export interface PartSnapshot {
  fingerprint: string;
  objects: Record<string, PartObject>;
}

export type ConfigSnapshot = Record<ConfigPart, PartSnapshot>;

export interface ConfigRead {
  stations: readonly PrepStation[];
  menuItems: readonly MenuItem[];
  menuGroups: readonly MenuGroup[];
  /** Null when the restaurant's schedule could not be read: the part is then not compared. */
  serviceWeek: ServiceWeek | null;
}

/** A change found between two reads: its part, the object (or "*" for a whole-part summary) and its words. */
export interface ConfigChange {
  part: ConfigPart;
  key: string;
  text: string;
}

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("base64url");

function snapshotOf(objects: Record<string, PartObject>): PartSnapshot {
  const entries = Object.entries(objects).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { fingerprint: hashOf(entries.map(([k, o]) => [k, o.hash])), objects: Object.fromEntries(entries) };
}

const stationName = (s: PrepStation) => s.name ?? s.guid;

/**
 * The four parts of a read. A station's identity (name, printing, printer) and its routing (to the
 * expediter or not, what it connects to) are apart, so "the grill's routing changed" is told from
 * "the grill was renamed". The menu is its items (name and the groups that list them); the
 * schedule, each weekday's services with their hours.
 */
export function fingerprintConfig(read: ConfigRead): ConfigSnapshot {
  const station: Record<string, PartObject> = {};
  const routing: Record<string, PartObject> = {};
  for (const s of read.stations) {
    const label = stationName(s);
    station[s.guid] = {
      label,
      hash: hashOf([s.name ?? null, s.printingMode ?? null, s.kitchenPrinter?.guid ?? null]),
    };
    routing[s.guid] = {
      label,
      hash: hashOf([
        s.expoRouting ?? null,
        s.includeWithExpediter ?? null,
        (s.connectedPrepStations ?? []).map((c) => c.guid).sort(),
      ]),
    };
  }
  const groupsOf = new Map<string, string[]>();
  for (const g of read.menuGroups)
    for (const { guid } of g.items ?? []) groupsOf.set(guid, [...(groupsOf.get(guid) ?? []), g.guid]);
  const menu: Record<string, PartObject> = {};
  for (const item of read.menuItems) {
    const label = item.name ?? item.guid;
    menu[item.guid] = { label, hash: hashOf([item.name ?? null, (groupsOf.get(item.guid) ?? []).sort()]) };
  }
  const schedule: Record<string, PartObject> = {};
  if (read.serviceWeek)
    for (const [day, services] of Object.entries(read.serviceWeek))
      schedule[day] = { label: WEEKDAY_LABELS[day as Weekday], hash: hashOf(services) };
  return {
    "prep-station": snapshotOf(station),
    routing: snapshotOf(routing),
    menu: snapshotOf(menu),
    schedule: snapshotOf(schedule),
  };
}

/** "A, B and 3 more": a list that keeps a marker's text short. */
function someOf(labels: string[], max = 3): string {
  const shown = labels.slice(0, max).map((l) => `“${l}”`);
  return labels.length > max ? `${shown.join(", ")} and ${labels.length - max} more` : shown.join(", ");
}

const clip = (text: string) =>
  text.length <= NOTE_MAX_CHARS ? text : `${text.slice(0, NOTE_MAX_CHARS - 1)}…`;

/**
 * What changed from `before` to `after`, in words: one change per station (added, removed,
 * renamed, changed; its routing changed), one for the menu (items added, removed, changed) and one
 * for the schedule (the weekdays whose services changed). Nothing when the fingerprints agree.
 */
export function configChanges(before: ConfigSnapshot, after: ConfigSnapshot): ConfigChange[] {
  const changes: ConfigChange[] = [];
  const diff = (part: ConfigPart) => {
    const a = before[part].objects;
    const b = after[part].objects;
    return {
      added: Object.keys(b).filter((k) => !(k in a)),
      removed: Object.keys(a).filter((k) => !(k in b)),
      changed: Object.keys(b).filter((k) => k in a && a[k]!.hash !== b[k]!.hash),
      a,
      b,
    };
  };
  if (before["prep-station"].fingerprint !== after["prep-station"].fingerprint) {
    const { added, removed, changed, a, b } = diff("prep-station");
    for (const k of added)
      changes.push({ part: "prep-station", key: k, text: `Prep station “${b[k]!.label}” added` });
    for (const k of removed)
      changes.push({ part: "prep-station", key: k, text: `Prep station “${a[k]!.label}” removed` });
    for (const k of changed)
      changes.push({
        part: "prep-station",
        key: k,
        text:
          a[k]!.label !== b[k]!.label
            ? `Prep station “${a[k]!.label}” renamed “${b[k]!.label}”`
            : `Prep station “${b[k]!.label}” changed its printing or printer`,
      });
  }
  if (before.routing.fingerprint !== after.routing.fingerprint) {
    // A station added or removed is said once, as a station; only a kept station's routing is news here.
    for (const k of diff("routing").changed)
      changes.push({
        part: "routing",
        key: k,
        text: `Routing of prep station “${after.routing.objects[k]!.label}” changed`,
      });
  }
  if (before.menu.fingerprint !== after.menu.fingerprint) {
    const { added, removed, changed, a, b } = diff("menu");
    const parts = [
      added.length ? `${added.length} added (${someOf(added.map((k) => b[k]!.label))})` : "",
      removed.length ? `${removed.length} removed (${someOf(removed.map((k) => a[k]!.label))})` : "",
      changed.length ? `${changed.length} renamed or moved (${someOf(changed.map((k) => b[k]!.label))})` : "",
    ].filter(Boolean);
    if (parts.length) changes.push({ part: "menu", key: "*", text: clip(`Menu items: ${parts.join("; ")}`) });
  }
  // An unread schedule (no objects) is not a schedule emptied.
  const scheduleRead =
    Object.keys(before.schedule.objects).length && Object.keys(after.schedule.objects).length;
  if (scheduleRead && before.schedule.fingerprint !== after.schedule.fingerprint) {
    const { added, removed, changed, a, b } = diff("schedule");
    const days = [...changed, ...added].map((k) => b[k]!.label).concat(removed.map((k) => a[k]!.label));
    changes.push({ part: "schedule", key: "*", text: `Schedule changed: ${days.join(", ")}` });
  }
  return changes;
}
