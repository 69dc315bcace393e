import type { LoginFailure } from "./errors";

/**
 * The Platform's limits belong to the API client (its credentials), not to one process: the
 * developer guide gives 20 requests a second and 10,000 per 15 minutes, counted in fixed time
 * slices, and about two logins an hour. Several app instances with one set of credentials must
 * therefore share one budget. This is the interface the transport uses; `MemoryBudget` serves one
 * process, lib/db/platform-budget.ts serves every instance on one PostgreSQL. No database here.
 */

export interface BudgetLimits {
  /** Sends are spaced at least 1000/maxPerSecond ms apart across every sharer. */
  maxPerSecond: number;
  /** At most this many sends in each fixed window of `windowMs` (aligned to the epoch). */
  maxPerWindow: number;
  windowMs: number;
  /**
   * What the spacing allows for requests reaching the service earlier or later than their slots
   * (network, scheduling): sends are (1000 + this)/maxPerSecond ms apart. Default 50.
   */
  jitterAllowanceMs: number;
}

export const DEFAULT_LIMITS: BudgetLimits = { maxPerSecond: 20, maxPerWindow: 10_000, windowMs: 15 * 60_000, jitterAllowanceMs: 50 };

/**
 * A reserved send slot `delayMs` from now, counted in the window starting at `windowStart` (ms since
 * the epoch), or a full window: nothing may be sent for `retryInMs`. A reserved slot's time is spent
 * even if the caller gives up before it comes (the safe direction); `release` returns its count.
 */
export type GrantedReservation = { granted: true; delayMs: number; windowStart: number };
export type Reservation = GrantedReservation | { granted: false; retryInMs: number };

export interface LoginBackoff {
  /** Consecutive failed logins. */
  failures: number;
  reason: LoginFailure;
  /** The failed login's HTTP status, when it had one. */
  status?: number;
  /** How long until the next login may be sent. */
  retryInMs: number;
}

/** Allowed: this caller (alone, across every sharer) may send the next login. */
export type LoginClaim = { allowed: true } | { allowed: false; backoff: LoginBackoff };

export interface SharedBudget {
  /** True when other processes share it (logged, and used by tests). */
  readonly shared: boolean;
  /** A granted slot that the caller reaches more than this late is given up (see `lateSendLimitMs`). */
  readonly lateSendLimitMs: number;
  reserve(): Promise<Reservation>;
  /**
   * A granted slot given up unsent (reached late): its count in its window is returned, since the
   * service never saw a request for it. Its time stays spent, so the spacing of the sends around it
   * holds. Without this, a busy process would use up the window's count on requests it never sent.
   */
  release(reservation: GrantedReservation): Promise<void>;
  /**
   * Before a login. With no failure on record every caller is allowed (each instance needs its
   * token, and the service answers a repeat login with the same token). After a failure, once the
   * back-off has run out exactly one caller is allowed, and holds the attempt for `leaseMs` (long
   * enough for the login and its retries) so no other instance logs in meanwhile.
   */
  claimLogin(leaseMs: number): Promise<LoginClaim>;
  /** Records a failed login; `delayFor(failures)` is the back-off after that many failures. */
  loginFailed(failure: { reason: LoginFailure; status?: number }, delayFor: (failures: number) => number): Promise<LoginBackoff>;
  loginSucceeded(): Promise<void>;
}

/**
 * Spacing between sends: a second's worth of slots plus the jitter allowance, spread over
 * maxPerSecond. Requests reach the service a few milliseconds earlier or later than their slots
 * (network, scheduling); without the allowance the first and the (n+1)th of a queue could land in
 * one of its slices.
 */
export function sendIntervalMs(limits: Pick<BudgetLimits, "maxPerSecond" | "jitterAllowanceMs">): number {
  return (1000 + limits.jitterAllowanceMs) / limits.maxPerSecond;
}

/**
 * How late a caller may reach its slot and still send on it: half the allowance, leaving the other
 * half for the network. A later send (a timer held up by a busy event loop, a paused process, a slow
 * commit) would land closer to the next slots than the spacing allows, so a late first and an
 * on-time (n+1)th could share one of the service's seconds; such a slot is given up instead.
 */
export function lateSendLimitMs(limits: Pick<BudgetLimits, "jitterAllowanceMs">): number {
  return limits.jitterAllowanceMs / 2;
}

/** Login back-off after `failures` consecutive failures: initial doubling, capped. */
export function loginBackoffDelay(failures: number, options: { initialMs: number; maxMs: number }): number {
  return Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, failures - 1));
}

/**
 * The budget of one process. Spacing (a theoretical arrival time pushed on by 1/maxPerSecond per
 * send) rather than a one-second counter: our second boundaries are not the service's, and a
 * counter reset at our boundary would let a burst of 2 × maxPerSecond land in one of its slices.
 */
export class MemoryBudget implements SharedBudget {
  readonly shared = false;
  readonly lateSendLimitMs: number;
  readonly #limits: BudgetLimits;
  readonly #now: () => number;
  readonly #intervalMs: number;
  #nextSlot = Number.NEGATIVE_INFINITY;
  #window = Number.NaN;
  #used = 0;
  #login: { failures: number; reason: LoginFailure; status?: number; retryAt: number } | undefined;

  constructor(limits: Partial<BudgetLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    validateLimits(this.#limits);
    this.#intervalMs = sendIntervalMs(this.#limits);
    this.lateSendLimitMs = lateSendLimitMs(this.#limits);
    this.#now = now;
  }

  async reserve(): Promise<Reservation> {
    const now = this.#now();
    const slot = Math.max(this.#nextSlot, now);
    const window = Math.floor(slot / this.#limits.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#used = 0;
    }
    if (this.#used >= this.#limits.maxPerWindow) return { granted: false, retryInMs: (window + 1) * this.#limits.windowMs - now };
    this.#used += 1;
    this.#nextSlot = slot + this.#intervalMs;
    return { granted: true, delayMs: slot - now, windowStart: window * this.#limits.windowMs };
  }

  async release(reservation: GrantedReservation): Promise<void> {
    if (reservation.windowStart === this.#window * this.#limits.windowMs && this.#used > 0) this.#used -= 1;
  }

  async claimLogin(leaseMs: number): Promise<LoginClaim> {
    const state = this.#login;
    if (!state) return { allowed: true };
    const now = this.#now();
    if (now < state.retryAt) return { allowed: false, backoff: { failures: state.failures, reason: state.reason, status: state.status, retryInMs: state.retryAt - now } };
    state.retryAt = now + leaseMs;
    return { allowed: true };
  }

  async loginFailed(failure: { reason: LoginFailure; status?: number }, delayFor: (failures: number) => number): Promise<LoginBackoff> {
    const failures = (this.#login?.failures ?? 0) + 1;
    const retryInMs = delayFor(failures);
    this.#login = { failures, reason: failure.reason, status: failure.status, retryAt: this.#now() + retryInMs };
    return { failures, reason: failure.reason, status: failure.status, retryInMs };
  }

  async loginSucceeded(): Promise<void> {
    this.#login = undefined;
  }
}

export function validateLimits(limits: BudgetLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!(typeof value === "number" && value > 0 && Number.isFinite(value))) throw new RangeError(`Platform budget ${name} must be a positive number, got ${value}`);
  }
}
