import "server-only";

/**
 * A short-lived, per-restaurant cache of Platform configuration reads on the server. Pages ask
 * for the same lists many times in a minute (the index counts every resource; tables resolve
 * references through other lists; the menu needs six), and a 5,000-item menu is seventeen pages
 * of the configuration API. Reads are shared while in flight and kept for a minute.
 *
 * Keys always start with the restaurant guid, and callers reach this only after the route
 * wrapper or requireRestaurant has checked the session may see that restaurant: the cache holds
 * what the app's one Platform identity may read, never anything tied to one user.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 400;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const STORE_KEY = Symbol.for("kitchen-pulse.config-read-cache");
type Holder = { [STORE_KEY]?: Map<string, Entry> };

function store(): Map<string, Entry> {
  const holder = globalThis as Holder;
  // On globalThis: route bundles and dev reloads would otherwise each get their own map.
  holder[STORE_KEY] ??= new Map();
  return holder[STORE_KEY];
}

export function cachedRead<T>(restaurantGuid: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const entries = store();
  const fullKey = `${restaurantGuid}\u0000${key}`;
  const hit = entries.get(fullKey);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (hit) entries.delete(fullKey);

  const value = load();
  entries.set(fullKey, { expires: now + TTL_MS, value });
  // A failure is not remembered: the next request tries again.
  value.catch(() => {
    if (entries.get(fullKey)?.value === value) entries.delete(fullKey);
  });
  prune(entries, now);
  return value;
}

function prune(entries: Map<string, Entry>, now: number): void {
  if (entries.size <= MAX_ENTRIES) return;
  for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
  // Still too many (many lastModified variants): drop the oldest, which Map order keeps first.
  for (const key of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(key);
  }
}

/** For tests. */
export function clearConfigReadCache(): void {
  store().clear();
}
