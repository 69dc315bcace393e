import type { StationsMatrixCell, StationsMatrixRow } from "@/lib/kitchen/contract/chain";
import { hasFewRecords } from "@/lib/kitchen/contract/ranking";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { AT_LEVEL, AT_STATION, CELL_WIDTH, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import {
  addCell,
  addHistogram,
  histogramPercentile,
  type SecondsHistogram,
} from "@/lib/kitchen/query/chain-figures";
import { cutCube } from "@/lib/kitchen/query/range-summary";

/**
 * The stations matrix's arithmetic (issue 36). A day's station dimension is keyed by the station's
 * GUID (day-summary.ts), with the multi-location id its records carry beside it
 * (`stationMultiLocationIds`): per restaurant, the fire-to-fulfill hours cube of its days at one
 * level is summed per multi-location id, so a station renamed, or re-created under a new GUID, in
 * one restaurant still lands in its row. Cells are nearest rank over the cell's records; a row's
 * own figure is nearest rank over the union of its cells' records.
 */

interface StationHistogram {
  names: Map<string, number>;
  seconds: SecondsHistogram;
  records: number;
}

export interface RestaurantStations {
  stations: Map<string, StationHistogram>;
  /** Records at the level with a time and a station multi-location id, and without one. */
  records: number;
  withoutMultiLocationId: number;
}

/** A restaurant's days -> its records per station multi-location id at `level` (fire to fulfill). */
export function restaurantStations(
  days: readonly DaySummary[],
  level: KitchenLevel,
  cutSeconds: number | undefined,
): RestaurantStations {
  const out: RestaurantStations = { stations: new Map(), records: 0, withoutMultiLocationId: 0 };
  for (const day of days) {
    const hours = day.cubes.fire_to_fulfill.hours;
    const cube = cutSeconds === undefined ? hours : cutCube(hours, cutSeconds);
    for (let c = 0; c < cube.excluded.length; c++) {
      const k = c * CELL_WIDTH;
      if (cube.keys[k + AT_LEVEL] !== level || cube.totals[c] === 0) continue;
      const station = cube.keys[k + AT_STATION]!;
      const id = day.stationMultiLocationIds[station] ?? null;
      if (id === null) {
        out.withoutMultiLocationId += cube.totals[c]!;
        continue;
      }
      let h = out.stations.get(id);
      if (!h) out.stations.set(id, (h = { names: new Map(), seconds: new Map(), records: 0 }));
      const added = addCell(h.seconds, cube, c);
      const name = day.stations[station]?.name ?? null;
      if (name !== null) h.names.set(name, (h.names.get(name) ?? 0) + added);
      h.records += added;
      out.records += added;
    }
  }
  return out;
}

/** The name with the most records (ties: the first in code-unit order), or null. */
function commonest(names: Iterable<[string, number]>): string | null {
  let best: [string, number] | null = null;
  for (const [name, n] of names)
    if (!best || n > best[1] || (n === best[1] && name < best[0])) best = [name, n];
  return best?.[0] ?? null;
}

const compareKey = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/** The rows: every multi-location id any column has, most records first, then name and id. */
export function stationsMatrixRows(perColumn: readonly (RestaurantStations | null)[]): StationsMatrixRow[] {
  const ids = new Set<string>();
  for (const col of perColumn) if (col) for (const id of col.stations.keys()) ids.add(id);
  const rows: StationsMatrixRow[] = [];
  for (const id of ids) {
    const names = new Map<string, number>();
    const union: SecondsHistogram = new Map();
    let records = 0;
    const cells = perColumn.map((col): StationsMatrixCell | null => {
      const h = col?.stations.get(id);
      if (!h || h.records === 0) return null;
      for (const [name, n] of h.names) names.set(name, (names.get(name) ?? 0) + n);
      addHistogram(union, h.seconds);
      records += h.records;
      return {
        records: h.records,
        p90: histogramPercentile(h.seconds, 90)!,
        stationName: commonest(h.names),
        fewRecords: hasFewRecords(h.records),
      };
    });
    if (records === 0) continue;
    rows.push({
      multiLocationId: id,
      stationName: commonest(names),
      cells,
      records,
      p90: histogramPercentile(union, 90)!,
    });
  }
  return rows.sort(
    (a, b) =>
      b.records - a.records ||
      compareKey(a.stationName, b.stationName) ||
      compareKey(a.multiLocationId, b.multiLocationId),
  );
}
