import { LRUCache } from "lru-cache";

export interface TtlCacheOptions {
  /** How long a loaded value is served, from when its load settles. */
  ttlMs: number;
  /** At most this many values; the least recently used goes first. */
  max: number;
  /** Clock for tests (ms). */
  now?: () => number;
}

export interface TtlCache<V> {
  /**
   * The value for `key`: kept while fresh, else loaded once however many callers ask while the
   * load is in flight. A failed load is not kept: the next call tries again.
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** Stores a value learnt some other way, fresh from now. */
  set(key: string, value: V): void;
  clear(): void;
}

/**
 * The one TTL + single-flight cache, on lru-cache's fetchMethod (which shares an in-flight load
 * between callers and, by default, deletes a rejected one). Values are boxed because lru-cache
 * cannot hold null or undefined, and callers do cache "not found".
 */
export function createTtlCache<V>(options: TtlCacheOptions): TtlCache<V> {
  const cache = new LRUCache<string, { value: V }, () => Promise<V>>({
    max: options.max,
    ttl: options.ttlMs,
    // An injected clock must be read on every check, not cached for a millisecond of real time.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    // set(), clear() or an eviction abort an in-flight load; its callers still get what it loads
    // (the cache keeps whatever replaced it), instead of failing a request for a bookkeeping reason.
    ignoreFetchAbort: true,
  });
  return {
    async get(key, load) {
      const boxed = await cache.fetch(key, { context: load });
      // fetchMethod never resolves to undefined, so neither does fetch; the check is for the type.
      if (!boxed) throw new Error(`ttl cache: no value for ${key}`);
      return boxed.value;
    },
    set(key, value) {
      cache.set(key, { value });
    },
    clear() {
      cache.clear();
    },
  };
}
