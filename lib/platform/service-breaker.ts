/**
 * The Platform as a whole, failing: when several locations see a service-wide failure (a 5xx, a
 * network failure, a timeout, a body cut short) within a short window, the service is down, not
 * they. Until it answers again, this process sends no new request and retries none in flight,
 * save one probe at a time on a back-off schedule; every other caller fails at once with a
 * PlatformUpstreamError of code "service_held" (served from what is kept, or answered 502).
 *
 * Why in the client: every call counts during an outage (issue 30), the restaurant information
 * read for a page or a day's fetch as much as the export, and the client is the one place every
 * call passes. The kitchen's outage hold (lib/kitchen/service/location-health.ts) is the same
 * finding stored for the backfill, shared by instances; this one is the process's own gate.
 */

export interface ServiceBreakerOptions {
  /** How many locations failing service-wide within windowMs make an outage. Default 3. */
  locations?: number;
  windowMs?: number;
  /** The wait before the first probe, doubling per failed probe up to maxMs. */
  initialMs: number;
  maxMs: number;
  now?: () => number;
}

export type BreakerAdmission = { kind: "go" } | { kind: "probe" } | { kind: "held"; retryAt: number };

export interface ServiceBreakerReport {
  held: boolean;
  since: string | null;
  retryAt: string | null;
  failedProbes: number;
}

export class ServiceBreaker {
  readonly #locations: number;
  readonly #windowMs: number;
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #now: () => number;
  /** Location → when it last failed service-wide (only within the window matters). */
  readonly #failures = new Map<string, number>();
  #heldSince: number | null = null;
  #retryAt = 0;
  #failedProbes = 0;
  #probing = false;

  constructor(options: ServiceBreakerOptions) {
    this.#locations = Math.max(1, options.locations ?? 3);
    this.#windowMs = options.windowMs ?? 60_000;
    this.#initialMs = Math.max(0, options.initialMs);
    this.#maxMs = Math.max(this.#initialMs, options.maxMs);
    this.#now = options.now ?? Date.now;
  }

  get held(): boolean {
    return this.#heldSince !== null;
  }

  /** Whether a new request may go: always while the service answers; during an outage one probe at a time. */
  admit(): BreakerAdmission {
    if (this.#heldSince === null) return { kind: "go" };
    if (this.#probing || this.#now() < this.#retryAt) return { kind: "held", retryAt: this.#retryAt };
    this.#probing = true;
    return { kind: "probe" };
  }

  /** The service answered (any status it chose to send, 429 aside): the outage, if any, is over. */
  answered(): void {
    this.#failures.clear();
    this.#heldSince = null;
    this.#failedProbes = 0;
    this.#probing = false;
  }

  /** A service-wide failure at `location` (a probe's failure pushes the next probe out). */
  failed(location: string, probe: boolean): void {
    const at = this.#now();
    if (this.#heldSince !== null) {
      if (!probe) return;
      this.#probing = false;
      this.#failedProbes += 1;
      this.#retryAt = at + this.#wait(this.#failedProbes + 1);
      return;
    }
    this.#failures.set(location, at);
    for (const [key, when] of this.#failures) if (when < at - this.#windowMs) this.#failures.delete(key);
    if (this.#failures.size < this.#locations) return;
    this.#heldSince = at;
    this.#failedProbes = 0;
    this.#retryAt = at + this.#wait(1);
  }

  /** A probe that ended with neither an answer nor a service-wide failure (aborted, refused locally). */
  probeAbandoned(): void {
    this.#probing = false;
  }

  report(): ServiceBreakerReport {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      held: this.held,
      since: iso(this.#heldSince),
      retryAt: this.held ? iso(this.#retryAt) : null,
      failedProbes: this.#failedProbes,
    };
  }

  #wait(n: number): number {
    return Math.min(this.#maxMs, this.#initialMs * 2 ** Math.min(n - 1, 30));
  }
}
