import type { RecentWindow, StationWindow, WindowFigures } from "@/lib/kitchen/contract/kitchen-now";
import { applicableTarget, type TargetBook } from "@/lib/kitchen/contract/targets";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { parseInstant, recordDurations } from "@/lib/kitchen/ingest/durations";
import { isKitchenLevel } from "@/lib/kitchen/ingest/ingest";
import type { ItemFulfillment } from "@/lib/platform/schemas";

import { percentileOf } from "./nearest-rank";

/**
 * "Now": the open date's figures over a recent window of time, straight from its raw records (no
 * day cube: a window is a few hundred records at most). An item belongs to the window when it was
 * fulfilled in [from, to); its fire-to-fulfill is the one definition (ingest/durations.ts), and an
 * item without one (a missing or backwards timestamp) is counted in `excluded`, never in a figure.
 * Late: over the target in force on the open date (the station's own, else its level's:
 * contract/targets.ts). p90 is exact by nearest rank over the window's values. A ticket counts at
 * a station and level when one of its items there was fulfilled in the window, and is late when
 * one of those items is.
 */

interface Cell {
  values: number[];
  late: number;
  excluded: number;
  tickets: Map<string, boolean>;
}

const newCell = (): Cell => ({ values: [], late: 0, excluded: 0, tickets: new Map() });

function figuresOf(cell: Cell): WindowFigures {
  let lateTickets = 0;
  for (const late of cell.tickets.values()) if (late) lateTickets++;
  return {
    items: cell.values.length,
    lateItems: cell.late,
    p90Seconds: percentileOf(cell.values, 90),
    tickets: cell.tickets.size,
    lateTickets,
    excluded: cell.excluded,
  };
}

function add(cell: Cell, seconds: number | null, target: number, ticket: string | null): void {
  if (seconds === null) {
    cell.excluded++;
    return;
  }
  cell.values.push(seconds);
  const late = seconds > target;
  if (late) cell.late++;
  // A record without a ticket GUID is an item with no ticket to count, not a ticket of its own.
  if (ticket !== null) cell.tickets.set(ticket, (cell.tickets.get(ticket) ?? false) || late);
}

/** The window's figures per level and per station × level, from the open date's records. */
export function recentWindow(
  records: readonly ItemFulfillment[],
  book: TargetBook,
  window: { from: number; to: number },
): RecentWindow {
  if (!(window.from <= window.to)) throw new RangeError("a window's start must not be after its end");
  const levels = new Map<KitchenLevel, Cell>();
  const stations = new Map<
    string,
    { guid: string | null; name: string | null; level: KitchenLevel; cell: Cell }
  >();
  for (const r of records) {
    const level = r.itemFulfillmentLevel;
    if (!isKitchenLevel(level)) continue;
    const fulfilled = parseInstant(r.itemFulfilledAt) ?? NaN;
    if (!(fulfilled >= window.from && fulfilled < window.to)) continue;
    const guid = r.prepStationGuid ?? null;
    const target = applicableTarget(book, guid, level);
    const seconds = recordDurations(r).fire_to_fulfill;
    const ticket = r.ticketGuid ?? null;
    const key = `${level}|${guid ?? ""}`;
    let station = stations.get(key);
    if (!station) {
      station = { guid, name: r.prepStationName ?? null, level, cell: newCell() };
      stations.set(key, station);
    }
    add(station.cell, seconds, target, ticket);
    let cell = levels.get(level);
    if (!cell) levels.set(level, (cell = newCell()));
    // A level's tickets are its tickets, whichever station their items were at.
    add(cell, seconds, target, ticket);
  }
  const stationRows: StationWindow[] = [...stations.values()].map((s) => ({
    stationGuid: s.guid,
    stationName: s.name,
    level: s.level,
    targetSeconds: applicableTarget(book, s.guid, s.level),
    ...figuresOf(s.cell),
  }));
  stationRows.sort(
    (a, b) =>
      a.level - b.level ||
      b.lateItems - a.lateItems ||
      (a.stationName ?? "\uffff").localeCompare(b.stationName ?? "\uffff") ||
      (a.stationGuid ?? "").localeCompare(b.stationGuid ?? ""),
  );
  return {
    from: window.from,
    to: window.to,
    levels: KITCHEN_LEVELS.filter((l) => levels.has(l)).map((level) => ({
      level,
      targetSeconds: book.levels[level],
      ...figuresOf(levels.get(level)!),
    })),
    stations: stationRows,
  };
}
