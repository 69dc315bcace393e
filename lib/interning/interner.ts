/**
 * The one interning dictionary of the app: numbers for values, in first-seen order, so hot loops
 * work on small integers and typed arrays instead of strings. A value's identity is its key (a
 * GUID, a name, or null for "absent"); `values` holds one value per number.
 *
 * - `id(key)` interns a plain key (the value is the key itself);
 * - `idWith(key, make, fill)` interns a value built once by `make`, and lets a later sighting fill
 *   in what the first lacked (a station's name missing from one record is taken from another);
 * - `map(values)` turns another dictionary's values into this one's numbers (a day's local
 *   numbers into a restaurant's shared ones).
 */
export class Interner<V, K = string | null> {
  readonly values: V[] = [];
  readonly #index = new Map<K, number>();

  constructor(
    private readonly keyOf: (value: V) => K = (value) => value as unknown as K,
    private readonly fill?: (into: V, from: V) => void,
  ) {}

  get size(): number {
    return this.values.length;
  }

  value(id: number): V {
    return this.values[id]!;
  }

  /** The number of `key`, whose value is the key itself. */
  id(key: K): number {
    let id = this.#index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.#index.set(key, id);
      this.values.push(key as unknown as V);
    }
    return id;
  }

  /**
   * The number of `key`; on first sight its value is `make()`, on a later one `update` may
   * complete it. Both are plain functions so the hot path allocates nothing per known key.
   */
  idWith<A>(key: K, arg: A, make: (key: K, arg: A) => V, update?: (value: V, arg: A) => void): number {
    let id = this.#index.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.#index.set(key, id);
      this.values.push(make(key, arg));
    } else if (update) {
      update(this.values[id]!, arg);
    }
    return id;
  }

  /** Other values -> this dictionary's numbers (copies of new values are kept; `fill` completes known ones). */
  map(values: readonly V[], copy: (value: V) => V = (value) => value): Int32Array {
    const out = new Int32Array(values.length);
    values.forEach((value, i) => {
      const key = this.keyOf(value);
      let id = this.#index.get(key);
      if (id === undefined) {
        id = this.values.length;
        this.#index.set(key, id);
        this.values.push(copy(value));
      } else {
        this.fill?.(this.values[id]!, value);
      }
      out[i] = id;
    });
    return out;
  }
}
