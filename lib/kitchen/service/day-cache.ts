import { LRUCache } from "lru-cache";

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
    this.#entries =
      budgetBytes > 0
        ? new LRUCache({
            maxSize: budgetBytes,
            // lru-cache wants a positive size; a value bigger than the budget is simply not kept.
            sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)),
          })
        : null;
  }

  get(key: string, version: Version): V | undefined {
    if (!this.#entries) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
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

/** Bytes held by the typed arrays of a value, each counted once (strings and objects are small beside them). */
export function typedArrayBytes(value: unknown, depth = 0, seen = new Set<unknown>()): number {
  if (ArrayBuffer.isView(value)) {
    if (seen.has(value)) return 0;
    seen.add(value);
    return value.byteLength;
  }
  if (depth > 4 || value === null || typeof value !== "object") return 0;
  let total = 0;
  for (const v of Object.values(value)) total += typedArrayBytes(v, depth + 1, seen);
  return total;
}
