import { LRUCache } from "lru-cache";

interface CacheStats {
  entries: number;
  bytes: number;
  budgetBytes: number;
  hits: number;
  misses: number;
}

/**
 * Decoded per-day data kept in memory, least recently used first out, within a byte budget
 * (lru-cache's maxSize). A closed day never changes, so warm ranges skip the database and the
 * decoding; an entry is only used while its `version` (the day's fetched-at instant) matches the
 * store's.
 */
export class DayCache<V extends object, Version extends number | string = number> {
  /** Null with a budget of 0: nothing is kept (lru-cache refuses a maxSize of 0). */
  readonly #entries: LRUCache<string, { version: Version; value: V }> | null;

  constructor(budgetBytes: number, sizeOf: (value: V) => number) {
    this.#budgetBytes = Math.max(0, budgetBytes);
    this.#entries =
      budgetBytes > 0
        ? new LRUCache({
            maxSize: budgetBytes,
            // lru-cache wants a positive size; a value bigger than the budget is simply not kept.
            sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)),
          })
        : null;
  }

  readonly #budgetBytes: number;
  #hits = 0;
  #misses = 0;

  get(key: string, version: Version): V | undefined {
    const entry = this.#entries?.get(key);
    if (!entry || entry.version !== version) {
      if (entry) this.#entries!.delete(key);
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    return entry.value;
  }

  /** What GET /api/health shows: entries, bytes held (as sized) of the budget, hits and misses since start. */
  stats(): CacheStats {
    return {
      entries: this.size,
      bytes: this.#entries?.calculatedSize ?? 0,
      budgetBytes: this.#budgetBytes,
      hits: this.#hits,
      misses: this.#misses,
    };
  }

  set(key: string, version: Version, value: V): void {
    this.#entries?.set(key, { version, value });
  }

  delete(key: string): void {
    this.#entries?.delete(key);
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }
}

/**
 * About the bytes a decoded value holds: its typed arrays exactly, and its dictionaries (strings,
 * the objects and arrays holding them) by V8's usual sizes, each counted once. A busy day's item,
 * station and ticket names are a few hundred KB the typed arrays alone would leave out of the
 * budget (KITCHEN_CACHE_MB). Functions (a rollup's lazily decoded detail) count nothing here.
 */
export function heldBytes(value: unknown, depth = 0, seen = new Set<unknown>()): number {
  if (typeof value === "string") return 16 + 2 * value.length;
  if (value === null || typeof value !== "object" || seen.has(value)) return 0;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (depth > 5) return 0;
  const values = Array.isArray(value) ? value : Object.values(value);
  let total = 16 + 8 * values.length;
  for (const v of values) total += heldBytes(v, depth + 1, seen);
  return total;
}
