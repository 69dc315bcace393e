import type { ItemStationFigures, KitchenSummary, Stats } from "./responses";
import type { KitchenItemsSection } from "./sections";
import type { KitchenLevel } from "./vocabulary";

/**
 * The items section's answers as columns (issue 31: a section of the busiest restaurant's week
 * within 60 KB). As rows, a busy week's 200 items were 584 rows of 200 bytes, and their item ×
 * station rows 1,017 of 330: each row spelled out its item's GUID and name and every key. Here each
 * item (GUID and name) and station is sent once, in a dictionary, and the rows are arrays of
 * numbers, one array per field, row i across them. The item × station rows come one level at a
 * time (`section=itemStations&itemLevel=L`), the level the items over target card shows.
 *
 * Lossless: `decodeItems(encodeItems(x))` is `x`, key order included, so the browser's decoded
 * answer is byte for byte the whole summary's fields (test/integration/kitchen-sections.test.ts).
 */

type QueryFields = "restaurantGuid" | "from" | "to" | "metric" | "filters";

/** Distinct (GUID, name) pairs; a row names entry i by i. Either may be null, as on the rows. */
interface NameColumns {
  guids: (string | null)[];
  names: (string | null)[];
}

/** Stats as columns (responses.ts `Stats`): row i is `{ count: count[i], excluded: excluded[i], ... }`. */
interface StatsColumns {
  count: number[];
  excluded: number[];
  mean: (number | null)[];
  p50: (number | null)[];
  p75: (number | null)[];
  p90: (number | null)[];
  p95: (number | null)[];
  max: (number | null)[];
}

/** `GET …/summary?section=items`: `items` as columns over the `itemNames` dictionary; courses (a dozen rows) as they are. */
export type KitchenItemsWire = Omit<KitchenItemsSection, "items"> & {
  itemNames: NameColumns;
  items: { item: number[]; level: KitchenLevel[]; stats: StatsColumns };
};

/** The whole summary's `itemStations` rows of one level, in its order, with the query they answer. */
export type KitchenItemStationsSection = Pick<KitchenSummary, QueryFields | "itemStations"> & {
  itemLevel: KitchenLevel;
};

/** `GET …/summary?section=itemStations&itemLevel=L`: the level's rows as columns (their level is `itemLevel`). */
export type KitchenItemStationsWire = Omit<KitchenItemStationsSection, "itemStations"> & {
  itemNames: NameColumns;
  stationNames: NameColumns;
  itemStations: {
    item: number[];
    station: number[];
    stats: StatsColumns;
    targetSeconds: number[];
    late: number[];
    veryLate: number[];
    secondsOverTarget: number[];
  };
};

const STATS_FIELDS = ["count", "excluded", "mean", "p50", "p75", "p90", "p95", "max"] as const;

function dictionary() {
  const columns: NameColumns = { guids: [], names: [] };
  const index = new Map<string, number>();
  const idOf = (guid: string | null, name: string | null): number => {
    const key = JSON.stringify([guid, name]);
    let i = index.get(key);
    if (i === undefined) {
      i = columns.guids.length;
      index.set(key, i);
      columns.guids.push(guid);
      columns.names.push(name);
    }
    return i;
  };
  return { columns, idOf };
}

function entry(columns: NameColumns, i: number, what: string): [string | null, string | null] {
  if (!Number.isInteger(i) || i < 0 || i >= columns.guids.length)
    throw new Error(`item columns: ${what} ${i} is not in the dictionary of ${columns.guids.length}`);
  return [columns.guids[i]!, columns.names[i]!];
}

function statsColumns(rows: readonly { stats: Stats }[]): StatsColumns {
  const out = Object.fromEntries(STATS_FIELDS.map((f) => [f, rows.map((r) => r.stats[f])]));
  return out as unknown as StatsColumns;
}

// Written out field by field: the decoded object's key order is the server's (JSON byte for byte).
function statsAt(c: StatsColumns, i: number): Stats {
  return {
    count: c.count[i]!,
    excluded: c.excluded[i]!,
    mean: c.mean[i]!,
    p50: c.p50[i]!,
    p75: c.p75[i]!,
    p90: c.p90[i]!,
    p95: c.p95[i]!,
    max: c.max[i]!,
  };
}

function sameLength(what: string, lengths: number[]): number {
  const n = lengths[0] ?? 0;
  if (lengths.some((l) => l !== n)) throw new Error(`item columns: ${what} columns of unequal lengths`);
  return n;
}

export function encodeItems(section: KitchenItemsSection): KitchenItemsWire {
  const { items, itemCount, courses, courseCount, ...query } = section;
  const names = dictionary();
  const encoded = {
    item: items.map((r) => names.idOf(r.itemGuid, r.itemName)),
    level: items.map((r) => r.level),
    stats: statsColumns(items),
  };
  return {
    ...query,
    itemNames: names.columns,
    items: encoded,
    ...(itemCount === undefined ? {} : { itemCount }),
    courses,
    ...(courseCount === undefined ? {} : { courseCount }),
  };
}

export function decodeItems(wire: KitchenItemsWire): KitchenItemsSection {
  const { itemNames, items: c, itemCount, courses, courseCount, ...query } = wire;
  const n = sameLength("items", [
    c.item.length,
    c.level.length,
    ...STATS_FIELDS.map((f) => c.stats[f].length),
  ]);
  const items: KitchenSummary["items"] = [];
  for (let i = 0; i < n; i++) {
    const [itemGuid, itemName] = entry(itemNames, c.item[i]!, "item");
    items.push({ itemGuid, itemName, level: c.level[i]!, stats: statsAt(c.stats, i) });
  }
  return {
    ...query,
    items,
    ...(itemCount === undefined ? {} : { itemCount }),
    courses,
    ...(courseCount === undefined ? {} : { courseCount }),
  };
}

/** The rows of `itemLevel` only, as columns; `rows` are the whole summary's, every level. */
export function encodeItemStations(
  query: Pick<KitchenSummary, QueryFields>,
  rows: readonly ItemStationFigures[],
  itemLevel: KitchenLevel,
): KitchenItemStationsWire {
  const at = rows.filter((r) => r.level === itemLevel);
  const items = dictionary();
  const stations = dictionary();
  return {
    restaurantGuid: query.restaurantGuid,
    from: query.from,
    to: query.to,
    metric: query.metric,
    filters: query.filters,
    itemLevel,
    itemNames: items.columns,
    stationNames: stations.columns,
    itemStations: {
      item: at.map((r) => items.idOf(r.itemGuid, r.itemName)),
      station: at.map((r) => stations.idOf(r.stationGuid, r.stationName)),
      stats: statsColumns(at),
      targetSeconds: at.map((r) => r.targetSeconds),
      late: at.map((r) => r.late),
      veryLate: at.map((r) => r.veryLate),
      secondsOverTarget: at.map((r) => r.secondsOverTarget),
    },
  };
}

export function decodeItemStations(wire: KitchenItemStationsWire): KitchenItemStationsSection {
  const { itemNames, stationNames, itemStations: c, itemLevel, ...query } = wire;
  const n = sameLength("itemStations", [
    c.item.length,
    c.station.length,
    c.targetSeconds.length,
    c.late.length,
    c.veryLate.length,
    c.secondsOverTarget.length,
    ...STATS_FIELDS.map((f) => c.stats[f].length),
  ]);
  const itemStations: ItemStationFigures[] = [];
  for (let i = 0; i < n; i++) {
    const [itemGuid, itemName] = entry(itemNames, c.item[i]!, "item");
    const [stationGuid, stationName] = entry(stationNames, c.station[i]!, "station");
    itemStations.push({
      itemGuid,
      itemName,
      stationGuid,
      stationName,
      level: itemLevel,
      stats: statsAt(c.stats, i),
      targetSeconds: c.targetSeconds[i]!,
      late: c.late[i]!,
      veryLate: c.veryLate[i]!,
      secondsOverTarget: c.secondsOverTarget[i]!,
    });
  }
  return { ...query, itemStations, itemLevel };
}
