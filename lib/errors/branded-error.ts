/**
 * Typed errors that are recognised in every bundle of the process.
 *
 * Next bundles instrumentation, each route handler and each page with its own copy of a module, so
 * one class can exist several times in one process. The process singletons (the kitchen service,
 * the Platform client, the database: lib/process-singleton.ts) are built by whichever bundle asks
 * first, in production the backfill's, started from instrumentation.ts; an error they throw is an
 * instance of that bundle's class, and a route's plain `instanceof` against its own copy is false
 * (a range too long answered 500 instead of 400). So each instance carries a brand every copy
 * agrees on: under a `Symbol.for` key, the kinds of its class chain, leaf first. Each class names
 * its kind in an explicit string (`static readonly errorKind`), never `constructor.name`, which a
 * minifier may rename; and `instanceof` reads the brand (`Symbol.hasInstance` below), so the
 * checks at the call sites stay plain `instanceof` and hold across copies.
 *
 * Every subclass declares its own `errorKind` (test/unit/branded-error.test.ts checks each one the
 * app throws); a subclass without one is matched by prototype only, as before.
 */
const ERROR_KINDS = Symbol.for("kitchen-pulse.error-kinds");

type ErrorClass = abstract new (...args: never[]) => unknown;

export abstract class BrandedError extends Error {
  /** The kind this class stands for, the same string in every copy of its module. */
  static readonly errorKind: string | undefined = undefined;

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    const kinds = kindsOfClass(new.target);
    // Not enumerable: logs and JSON show the error as before.
    Object.defineProperty(this, ERROR_KINDS, { value: Object.freeze(kinds), enumerable: false });
    // The kind, not the constructor's own name, which minification may have shortened.
    if (kinds[0]) this.name = kinds[0];
  }

  /**
   * `value instanceof X` for X this class or a subclass: true when the value's brand lists X's own
   * kind (an instance made by any copy of X's module), or when X's prototype is on its chain.
   */
  static [Symbol.hasInstance](this: ErrorClass, value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const kind = ownKind(this);
    return kind !== undefined && brandOf(value).includes(kind);
  }
}

function ownKind(ctor: unknown): string | undefined {
  if (typeof ctor !== "function" || !Object.hasOwn(ctor, "errorKind")) return undefined;
  const kind = (ctor as { errorKind?: unknown }).errorKind;
  return typeof kind === "string" ? kind : undefined;
}

/** The own kinds of `ctor` and its ancestors up to (without) BrandedError, leaf first. */
function kindsOfClass(ctor: unknown): string[] {
  const kinds: string[] = [];
  for (let c = ctor; typeof c === "function" && c !== BrandedError; c = Object.getPrototypeOf(c)) {
    const kind = ownKind(c);
    if (kind !== undefined) kinds.push(kind);
  }
  return kinds;
}

function brandOf(value: unknown): readonly unknown[] {
  if (typeof value !== "object" || value === null) return [];
  const kinds = (value as Record<symbol, unknown>)[ERROR_KINDS];
  return Array.isArray(kinds) ? kinds : [];
}
