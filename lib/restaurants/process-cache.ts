/**
 * One value per process under a global key. Next bundles pages and route handlers separately and
 * its dev server re-evaluates modules on edits, so a module-level variable can exist several
 * times in one process; state that must be shared (caches, throttles) lives on globalThis.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`kitchen-pulse.${key}`);
  store[symbol] ??= create();
  return store[symbol];
}
