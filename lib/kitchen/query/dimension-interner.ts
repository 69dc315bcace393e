import { Interner } from "@/lib/interning/interner";
import type { DayDictionaries, DimensionValue } from "@/lib/kitchen/ingest/day-summary";

/**
 * Numbers for the dimension values (stations, behaviors, sources, items, courses) of a
 * restaurant's days, shared by every range: a day's local dictionaries are mapped to these
 * numbers once, when the day is first merged, not on every request. One interner per
 * restaurant; a fresh one per call works too, just slower.
 */
export interface DayIds {
  station: Int32Array;
  behavior: Int32Array;
  source: Int32Array;
  item: Int32Array;
  course: Int32Array;
}

const dimensionKey = (v: DimensionValue) => v.guid;
const copyDimension = (v: DimensionValue): DimensionValue => ({ guid: v.guid, name: v.name });
/** A name missing on one day (its records lacked it) is taken from another day. */
const mergeName = (into: DimensionValue, from: DimensionValue) => {
  if (into.name === null) into.name = from.name;
};

export class DimensionInterner {
  readonly stations = new Interner<DimensionValue>(dimensionKey, mergeName);
  readonly behaviors = new Interner<string | null>();
  readonly sources = new Interner<string | null>();
  readonly items = new Interner<DimensionValue>(dimensionKey, mergeName);
  readonly courses = new Interner<DimensionValue>(dimensionKey, mergeName);
  private readonly cache = new WeakMap<DayDictionaries, DayIds>();

  /** The numbers of a day's (or a rollup's) dictionaries. */
  ids(day: DayDictionaries): DayIds {
    let ids = this.cache.get(day);
    if (!ids) {
      ids = {
        station: this.stations.map(day.stations, copyDimension),
        behavior: this.behaviors.map(day.behaviors),
        source: this.sources.map(day.sources),
        item: this.items.map(day.items, copyDimension),
        course: this.courses.map(day.courses, copyDimension),
      };
      this.cache.set(day, ids);
    }
    return ids;
  }
}
