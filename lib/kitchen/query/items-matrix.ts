import type {
  ItemsMatrixCell,
  ItemsMatrixColumn,
  ItemsMatrixRow,
  KitchenItemsMatrix,
  KitchenItemsMatrixPage,
  KitchenItemsMatrixQuery,
  MatrixOrder,
  MatrixSort,
} from "@/lib/kitchen/contract/items-matrix";
import type { KitchenLevel, KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { AT_LEVEL, AT_X, CELL_WIDTH, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { nearestRank } from "@/lib/kitchen/query/nearest-rank";
import { cutCube } from "@/lib/kitchen/query/range-summary";

/**
 * The items matrix's arithmetic. Per restaurant, the items cubes of its days at one level are
 * added per multi-location id into sparse one-second histograms (a day's item entry is one GUID
 * and multi-location id pair, so every record of a cell has the cell's id): exact, like every
 * kitchen figure, because a sum of histograms is the histogram of the union. Then the rows are
 * the ids, the cells each restaurant's p50 and p90 by nearest rank.
 */

/** One restaurant's records of one item version group, at the level asked. */
export interface ItemHistogram {
  /** Records per name its versions carried (a record without a name is not counted here). */
  names: Map<string, number>;
  /** seconds -> records that took exactly that long. */
  seconds: Map<number, number>;
  records: number;
}

export interface RestaurantItems {
  items: Map<string, ItemHistogram>;
  /** Records with a value and a multi-location id, and with a value but none. */
  records: number;
  withoutMultiLocationId: number;
}

/** A restaurant's days (any range) -> its records per multi-location id at `level`. */
export function restaurantItems(
  days: readonly DaySummary[],
  metric: KitchenMetric,
  level: KitchenLevel,
  cutSeconds?: number,
): RestaurantItems {
  const out: RestaurantItems = { items: new Map(), records: 0, withoutMultiLocationId: 0 };
  for (const day of days) {
    // The cut (items left on screen under fire to fulfill: range-summary.ts cutSecondsOf), as every figure takes it.
    const cube =
      cutSeconds === undefined ? day.cubes[metric].items : cutCube(day.cubes[metric].items, cutSeconds);
    const { keys, excluded, start, seconds, counts, totals } = cube;
    for (let c = 0; c < excluded.length; c++) {
      const k = c * CELL_WIDTH;
      if (keys[k + AT_LEVEL] !== level || totals[c] === 0) continue;
      const item = keys[k + AT_X]!;
      const id = day.itemMultiLocationIds[item] ?? null;
      if (id === null) {
        out.withoutMultiLocationId += totals[c]!;
        continue;
      }
      let h = out.items.get(id);
      if (!h) out.items.set(id, (h = { names: new Map(), seconds: new Map(), records: 0 }));
      const name = day.items[item]!.name;
      if (name !== null) h.names.set(name, (h.names.get(name) ?? 0) + totals[c]!);
      for (let e = start[c]!; e < start[c + 1]!; e++)
        h.seconds.set(seconds[e]!, (h.seconds.get(seconds[e]!) ?? 0) + counts[e]!);
      h.records += totals[c]!;
      out.records += totals[c]!;
    }
  }
  return out;
}

/** p50 and p90 of a sparse histogram by nearest rank (records ≥ 1). */
function percentiles(h: ItemHistogram): { p50: number; p90: number } {
  const sorted = [...h.seconds].sort((a, b) => a[0] - b[0]);
  const at = (rank: number) => {
    let seen = 0;
    for (const [s, n] of sorted) {
      seen += n;
      if (seen >= rank) return s;
    }
    return sorted[sorted.length - 1]![0];
  };
  return { p50: at(nearestRank(h.records, 50)), p90: at(nearestRank(h.records, 90)) };
}

/** The name with the most records (ties: the first in code-unit order), or null. */
function commonestName(names: Iterable<[string, number]>): string | null {
  let best: [string, number] | null = null;
  for (const [name, n] of names)
    if (!best || n > best[1] || (n === best[1] && name < best[0])) best = [name, n];
  return best?.[0] ?? null;
}

const compareKey = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * The rows: every multi-location id with records in at least `minRestaurants` of the columns;
 * cells per column (null where none); slowest and fastest by p50 among the cells with at least
 * `minRecords` records, and the gap between them. Sorted by gap (largest first, none last), then
 * name and id, so the answer is the same on every run.
 */
export function itemsMatrixRows(
  columns: readonly Pick<ItemsMatrixColumn, "restaurantGuid">[],
  perColumn: readonly (RestaurantItems | null)[],
  options: { minRestaurants: number; minRecords: number },
): ItemsMatrixRow[] {
  const ids = new Set<string>();
  for (const items of perColumn) if (items) for (const id of items.items.keys()) ids.add(id);
  const rows: ItemsMatrixRow[] = [];
  for (const id of ids) {
    const names = new Map<string, number>();
    const cells = perColumn.map((items): ItemsMatrixCell | null => {
      const h = items?.items.get(id);
      if (!h) return null;
      for (const [name, n] of h.names) names.set(name, (names.get(name) ?? 0) + n);
      return {
        itemName: commonestName(h.names),
        records: h.records,
        ...percentiles(h),
        fewRecords: h.records < options.minRecords,
      };
    });
    const present = cells.filter((c) => c !== null).length;
    if (present < options.minRestaurants) continue;
    const ranked = cells
      .map((cell, i) => ({ cell, i }))
      .filter((x): x is { cell: ItemsMatrixCell; i: number } => x.cell !== null && !x.cell.fewRecords)
      .sort((a, b) => b.cell.p50 - a.cell.p50 || b.cell.p90 - a.cell.p90 || a.i - b.i);
    // One qualifying cell is slowest of nothing: a row needs two to compare.
    const slowest = ranked.length >= 2 ? ranked[0] : undefined;
    const fastest = ranked.length >= 2 ? ranked[ranked.length - 1] : undefined;
    rows.push({
      multiLocationId: id,
      itemName: commonestName(names),
      cells,
      restaurants: present,
      slowestRestaurantGuid: slowest ? columns[slowest.i]!.restaurantGuid : null,
      fastestRestaurantGuid: fastest ? columns[fastest.i]!.restaurantGuid : null,
      gapSeconds: slowest && fastest ? slowest.cell.p50 - fastest.cell.p50 : null,
    });
  }
  return rows.sort(
    (a, b) =>
      (a.gapSeconds === null ? 1 : 0) - (b.gapSeconds === null ? 1 : 0) ||
      (b.gapSeconds ?? 0) - (a.gapSeconds ?? 0) ||
      compareKey(a.itemName, b.itemName) ||
      compareKey(a.multiLocationId, b.multiLocationId),
  );
}

/** A sort's natural direction: the name A to Z, every figure largest first. */
const naturalOrder = (sort: MatrixSort): MatrixOrder => (sort === "item" ? "asc" : "desc");

/**
 * The answer's page of rows (the JSON route; the CSV keeps every row in the matrix's order):
 * ordered by `sort` in `order`, rows under the minimum after all the others whichever the
 * direction (a gap needs two cells of `minRecords`; sorted by one restaurant, its cell must be
 * there with that many), ties by name and id so pages never overlap; then `pageSize` rows from
 * page `page`. Sorted by a restaurant not among the columns (one no longer permitted, say), every
 * row is under the minimum and the order is by name: a stale link still answers.
 */
export function itemsMatrixPage(
  matrix: KitchenItemsMatrix,
  query: Pick<KitchenItemsMatrixQuery, "sort" | "order" | "page" | "pageSize">,
): KitchenItemsMatrixPage {
  const { sort } = query;
  const order = query.order ?? naturalOrder(sort);
  const sign = order === "asc" ? 1 : -1;
  const column = sort.startsWith("p50:")
    ? matrix.columns.findIndex((c) => c.restaurantGuid === sort.slice(4))
    : -1;
  const value = (row: ItemsMatrixRow): number | string | null => {
    if (sort === "gap") return row.gapSeconds;
    if (sort === "restaurants") return row.restaurants;
    if (sort === "item") return row.itemName ?? row.multiLocationId;
    const cell = column < 0 ? null : row.cells[column];
    return cell && !cell.fewRecords ? cell.p50 : null;
  };
  const under = (row: ItemsMatrixRow) =>
    sort === "item" || sort === "restaurants" ? row.gapSeconds === null : value(row) === null;
  const compareValues = (a: number | string | null, b: number | string | null) =>
    a === null || b === null
      ? 0
      : typeof a === "number" && typeof b === "number"
        ? a - b
        : compareKey(String(a), String(b));
  const rows = [...matrix.rows].sort(
    (a, b) =>
      Number(under(a)) - Number(under(b)) ||
      sign * compareValues(value(a), value(b)) ||
      compareKey(a.itemName, b.itemName) ||
      compareKey(a.multiLocationId, b.multiLocationId),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    ...matrix,
    rows: rows.slice(start, start + query.pageSize),
    sort,
    order,
    page: query.page,
    pageSize: query.pageSize,
    totalRows: rows.length,
  };
}
