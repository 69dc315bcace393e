/**
 * Decoded per-day data kept in memory, least recently used first out, within a byte budget. A
 * closed day never changes, so warm ranges skip the database and the decoding; an entry is only
 * used while its `version` (the day's fetched-at instant) matches the store's.
 */
export class DayCache<V> {
  private readonly entries = new Map<string, { version: number; value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string, version: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.budgetBytes) return;
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
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
