import type { BrandNames } from "./brand";

/**
 * What the service says about its limits on every response (developer guide, "Rate limiting
 * header fields"): X-<Brand>-RateLimit-Remaining, the requests left in the current time slice of
 * the limit closest to being exceeded, and X-<Brand>-RateLimit-Reset, when that slice ends in
 * UNIX epoch seconds. The limits count per restaurant when the restaurant header is sent, else
 * per caller address, so the hints are kept per restaurant ("" for requests without one).
 *
 * The client uses them to slow down before a 429: the requests it still may send are spread
 * evenly until the slice ends, and with none left it holds everything until then.
 */

interface Hint {
  remaining: number;
  /** Local epoch ms at which the slice ends. */
  resetAt: number;
}

/** Never hold longer than the longest published slice (15 minutes) on the strength of a header. */
const MAX_SLICE_MS = 15 * 60_000 + 5_000;

export class RateLimitHints {
  readonly #remainingHeader: string;
  readonly #resetHeader: string;
  readonly #hints = new Map<string, Hint>();

  constructor(names: Pick<BrandNames, "rateLimitRemainingHeader" | "rateLimitResetHeader">) {
    this.#remainingHeader = names.rateLimitRemainingHeader;
    this.#resetHeader = names.rateLimitResetHeader;
  }

  /** Reads the headers of a response to a request for `key` (the restaurant GUID or ""). */
  observe(key: string, headers: Headers, now: number): void {
    const remaining = parseCount(headers.get(this.#remainingHeader));
    const resetAt = parseReset(headers.get(this.#resetHeader), headers.get("date"), now);
    if (remaining === undefined || resetAt === undefined || resetAt <= now) return;
    this.#hints.set(key, { remaining, resetAt });
  }

  /** One more request for `key` is about to go out: it uses up one of the remaining. */
  spend(key: string): void {
    const hint = this.#hints.get(key);
    if (hint) hint.remaining -= 1;
  }

  /** How long to hold the next request for `key` so the remaining requests last the slice. */
  pauseMs(key: string, now: number): number {
    const hint = this.#hints.get(key);
    if (!hint) return 0;
    const left = hint.resetAt - now;
    if (left <= 0) {
      this.#hints.delete(key);
      return 0;
    }
    if (hint.remaining <= 0) return left;
    return Math.floor(left / (hint.remaining + 1));
  }
}

function parseCount(value: string | null): number | undefined {
  if (value == null || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Reset as local epoch ms. The guide says epoch seconds; epoch milliseconds and a bare number of
 * seconds to wait are read too, since neither can be mistaken for the other. The service's clock
 * is not ours: when the response has a Date header, the reset is taken relative to it.
 */
export function parseReset(value: string | null, dateHeader: string | null, now: number): number | undefined {
  if (value == null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  const n = Number(value);
  let resetAt: number;
  if (n >= 1e12) resetAt = n;
  else if (n >= 1e9) resetAt = n * 1000;
  else return now + Math.min(n * 1000, MAX_SLICE_MS);
  const serverNow = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  // Date has whole seconds: the slice may end up to a second sooner than this says (harmless).
  const local = Number.isNaN(serverNow) ? resetAt : now + (resetAt - serverNow);
  return Math.min(local, now + MAX_SLICE_MS);
}
