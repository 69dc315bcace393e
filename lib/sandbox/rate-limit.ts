import type { BrandNames } from "@/lib/platform/brand";

import { SandboxError } from "./errors";

/**
 * Rate limiting as the real service documents it: 20 requests a second and 10,000 per
 * 15 minutes, counted per client and restaurant when the request names a restaurant in the
 * restaurant header, else per caller address (login carries no restaurant). Each limit counts in
 * fixed time slices, and every response reports the limit closest to being exceeded:
 *   X-<Brand>-RateLimit-By         the kind of limit; ours apply to all APIs together, so GLOBAL
 *   X-<Brand>-RateLimit-Remaining  requests left in that limit's current slice
 *   X-<Brand>-RateLimit-Reset      when that slice ends, UNIX epoch seconds
 * A refused request is a 429 with Retry-After (seconds until the exceeded slice ends) and does
 * not count against the budget.
 */
export interface RateLimit {
  /** Length of one time slice. */
  windowMs: number;
  /** Requests allowed per slice. */
  max: number;
}

export interface RateLimitSettings {
  limits: readonly RateLimit[];
  /** Wall clock for the slices. Separate from the sandbox's `now`, which tests freeze or move. */
  now: () => number;
}

export const DEFAULT_RATE_LIMITS: readonly RateLimit[] = [
  { windowMs: 1000, max: 20 },
  { windowMs: 15 * 60_000, max: 10_000 },
];

interface Slice {
  start: number;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Keys unused for longer than the longest slice are dropped once the map grows past this. */
const PRUNE_ABOVE = 10_000;

export class SandboxRateLimiter {
  readonly #slices = new Map<string, Slice[]>();
  readonly #longestMs: number;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly names: BrandNames,
  ) {
    this.#longestMs = Math.max(...settings.limits.map((l) => l.windowMs));
  }

  /** Counts one request of `key` if every limit has room; reports the tightest limit either way. */
  take(key: string): RateDecision {
    const now = this.settings.now();
    const slices = this.#current(key, now);
    const exceeded = this.settings.limits.findIndex((limit, i) => slices[i]!.count >= limit.max);
    if (exceeded < 0) for (const slice of slices) slice.count += 1;

    // Report the exceeded limit, else the one with the fewest requests left (the longer slice on a tie).
    let report = exceeded;
    if (report < 0) {
      report = 0;
      this.settings.limits.forEach((limit, i) => {
        const left = limit.max - slices[i]!.count;
        const best = this.settings.limits[report]!.max - slices[report]!.count;
        if (left < best || (left === best && limit.windowMs > this.settings.limits[report]!.windowMs))
          report = i;
      });
    }
    const limit = this.settings.limits[report]!;
    const slice = slices[report]!;
    const resetMs = slice.start + limit.windowMs;
    const headers: Record<string, string> = {
      // Only the sandbox says this one; the client reads Remaining and Reset from brand.ts.
      [`X-${this.names.brand}-RateLimit-By`]: "GLOBAL",
      [this.names.rateLimitRemainingHeader]: String(Math.max(0, limit.max - slice.count)),
      [this.names.rateLimitResetHeader]: String(Math.ceil(resetMs / 1000)),
    };
    if (exceeded >= 0) headers["Retry-After"] = String(Math.max(1, Math.ceil((resetMs - now) / 1000)));
    return { allowed: exceeded < 0, headers };
  }

  #current(key: string, now: number): Slice[] {
    let slices = this.#slices.get(key);
    if (!slices) {
      if (this.#slices.size >= PRUNE_ABOVE) this.#prune(now);
      slices = this.settings.limits.map(() => ({ start: 0, count: 0 }));
      this.#slices.set(key, slices);
    }
    this.settings.limits.forEach((limit, i) => {
      const start = Math.floor(now / limit.windowMs) * limit.windowMs;
      const slice = slices[i]!;
      if (slice.start !== start) {
        slice.start = start;
        slice.count = 0;
      }
    });
    return slices;
  }

  #prune(now: number): void {
    for (const [key, slices] of this.#slices) {
      if (slices.every((s) => s.start + this.#longestMs <= now)) this.#slices.delete(key);
    }
  }
}

/**
 * Who a request counts against. With the restaurant header: the client (read from the bearer
 * token without verifying it, as a gateway in front of the service would) and that restaurant.
 * Without: the caller's address.
 */
export function rateLimitKey(request: Request, names: BrandNames): string {
  const restaurant = request.headers.get(names.restaurantHeader)?.trim();
  if (restaurant) return `restaurant|${clientOf(request.headers.get("authorization"))}|${restaurant}`;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return `address|${forwarded || request.headers.get("x-real-ip") || "unknown"}`;
}

function clientOf(authorization: string | null): string {
  const token = /^Bearer +([^\s]+)/i.exec(authorization ?? "")?.[1];
  const payload = token?.split(".")[1];
  if (!payload) return "anonymous";
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { azp?: unknown };
    return typeof claims.azp === "string" ? claims.azp : "anonymous";
  } catch {
    return "anonymous";
  }
}

export function rateLimited(headers: Record<string, string>): SandboxError {
  return new SandboxError(
    429,
    "RATE_LIMITED",
    "Too many requests: the rate limit is exceeded; retry after the time in Retry-After.",
    { headers },
  );
}
