/**
 * One value per process under a global key. Next bundles pages and route handlers separately and
 * its dev server re-evaluates modules on edits, so a module-level variable can exist several
 * times in one process (a second Platform client means a second login, and the service allows
 * about two an hour; a second PGlite on one directory corrupts it). State that must be shared
 * lives on globalThis, under a Symbol.for key that every copy of this module agrees on.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = symbolFor(key);
  store[symbol] ??= create();
  return store[symbol];
}

/**
 * A process singleton whose creation is asynchronous: a failed creation is forgotten, so the
 * next caller tries again instead of receiving the same rejection for the life of the process.
 */
export function processSingletonPromise<T>(key: string, create: () => Promise<T>): Promise<T> {
  return processSingleton(key, () =>
    create().catch((error: unknown) => {
      forgetProcessSingleton(key);
      throw error;
    }),
  );
}

/** Drops the value, so the next call creates a new one (tests that change the environment). */
export function forgetProcessSingleton(key: string): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[symbolFor(key)];
}

function symbolFor(key: string): symbol {
  return Symbol.for(`kitchen-pulse.${key}`);
}
