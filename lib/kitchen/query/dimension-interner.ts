import type { DaySummary, DimensionValue } from "@/lib/kitchen/ingest/day-summary";

/**
 * Numbers for the dimension values (stations, behaviors, sources, items, courses) of a
 * restaurant's days, shared by every range: a day's local dictionaries are mapped to these
 * numbers once, when the day is first merged, not on every request. One interner per
 * restaurant; a fresh one per call works too, just slower.
 */
export class ValueDictionary<V> {
  private readonly values: V[] = [];
  private readonly index = new Map<string, number>();

  constructor(
    private readonly keyOf: (v: V) => string,
    private readonly copy: (v: V) => V,
    private readonly merge: (into: V, from: V) => void = () => {},
  ) {}

  get size(): number {
    return this.values.length;
  }

  value(id: number): V {
    return this.values[id]!;
  }

  /** A day's local index -> the shared number. */
  map(local: readonly V[]): Int32Array {
    const out = new Int32Array(local.length);
    local.forEach((v, i) => {
      const key = this.keyOf(v);
      let id = this.index.get(key);
      if (id === undefined) {
        id = this.values.length;
        this.index.set(key, id);
        this.values.push(this.copy(v));
      } else {
        this.merge(this.values[id]!, v);
      }
      out[i] = id;
    });
    return out;
  }
}

export interface DayIds {
  station: Int32Array;
  behavior: Int32Array;
  source: Int32Array;
  item: Int32Array;
  course: Int32Array;
}

const dimensionKey = (v: DimensionValue) => (v.guid === null ? "\u0000" : v.guid);
const stringKey = (v: string | null) => (v === null ? "\u0000" : v);
const copyDimension = (v: DimensionValue): DimensionValue => ({ guid: v.guid, name: v.name });
const same = <V>(v: V) => v;
/** A name missing on one day (its records lacked it) is taken from another day. */
const mergeName = (into: DimensionValue, from: DimensionValue) => {
  if (into.name === null) into.name = from.name;
};

export class DimensionInterner {
  readonly stations = new ValueDictionary<DimensionValue>(dimensionKey, copyDimension, mergeName);
  readonly behaviors = new ValueDictionary<string | null>(stringKey, same);
  readonly sources = new ValueDictionary<string | null>(stringKey, same);
  readonly items = new ValueDictionary<DimensionValue>(dimensionKey, copyDimension, mergeName);
  readonly courses = new ValueDictionary<DimensionValue>(dimensionKey, copyDimension, mergeName);
  private readonly cache = new WeakMap<DaySummary, DayIds>();

  ids(day: DaySummary): DayIds {
    let ids = this.cache.get(day);
    if (!ids) {
      ids = {
        station: this.stations.map(day.stations),
        behavior: this.behaviors.map(day.behaviors),
        source: this.sources.map(day.sources),
        item: this.items.map(day.items),
        course: this.courses.map(day.courses),
      };
      this.cache.set(day, ids);
    }
    return ids;
  }
}
