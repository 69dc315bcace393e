/**
 * When and how long the transport waits before trying a request again. Pure, so the policy is
 * tested with injected clocks and random sources rather than by waiting.
 */

export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  initialDelayMs: number;
  /** Ceiling of the exponential growth, before jitter. */
  maxDelayMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 8_000 };

/**
 * Exponential backoff with jitter: initial * 2^retry, capped, then shortened by up to 25% at
 * random so that clients failing together do not retry together (as openai-node does).
 * `retry` counts from 0 for the first retry; `random` returns [0, 1).
 */
export function backoffDelay(
  retry: number,
  random: () => number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const exp = Math.min(options.initialDelayMs * 2 ** Math.max(0, retry), options.maxDelayMs);
  const jitter = 1 - Math.min(Math.max(random(), 0), 1) * 0.25;
  return Math.round(exp * jitter);
}

/**
 * Retry-After as milliseconds from `now`: either delay-seconds ("2", "1.5") or an HTTP date.
 * Undefined when absent or unreadable; a date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names a weekday or month; this keeps Date.parse from reading "-3" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Statuses worth another attempt: rate limiting and server-side failures. Never other 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
