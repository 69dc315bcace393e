import type { LoginFailure } from "./errors";

/**
 * The Platform's limits belong to the API client (its credentials) and count **per location**: the
 * developer guide gives 20 requests a second and 10,000 per 15 minutes for each restaurant (the
 * Restaurant-External-ID header), counted in fixed time slices, requests without a restaurant (the
 * login, partner-level listings) per caller, and about two logins an hour. Several app instances
 * with one set of credentials must therefore share one budget per location. This is the interface
 * the transport uses; `MemoryBudget` serves one process, lib/db/platform-budget.ts serves every
 * instance on one PostgreSQL. No database here.
 *
 * A budget key ("location") is the restaurant GUID, or ACCOUNT_LOCATION for requests without one.
 * An optional account-wide cap (`AccountLimits`) spaces and counts every request of the client
 * together, on top of each location's own limits, for limits the service does not publish.
 */

/** The budget key of requests sent without a restaurant header (the login, partner-level listings). */
export const ACCOUNT_LOCATION = "";

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

export const DEFAULT_LIMITS: BudgetLimits = {
  maxPerSecond: 20,
  maxPerWindow: 10_000,
  windowMs: 15 * 60_000,
  jitterAllowanceMs: 50,
};

/**
 * A cap on the whole client, every location together (unset: none). It uses the location limits'
 * window length and jitter allowance; either part may be left out.
 */
export interface AccountLimits {
  maxPerSecond?: number;
  maxPerWindow?: number;
}

/** One location's count in the current window, as the budget knows it. */
export interface LocationUsage {
  location: string;
  used: number;
}

/** What a budget has spent in the current window (for GET /api/health). */
export interface BudgetUsage {
  windowMs: number;
  /** Start of the current window, epoch ms. */
  windowStart: number;
  limits: { maxPerSecond: number; maxPerWindow: number };
  /** Locations with a count in the current window. */
  locations: LocationUsage[];
  /** The account-wide cap and its count, when one is set. */
  account?: AccountLimits & { used: number };
}

/**
 * A reserved send slot for `location`, `delayMs` from now, counted in the window starting at
 * `windowStart` (ms since the epoch; the account cap's count too, when one is set), or a full
 * window: nothing may be sent for `retryInMs`. A reserved slot's time is spent even if the caller
 * gives up before it comes (the safe direction); `release` returns its count.
 */
export type GrantedReservation = { granted: true; delayMs: number; windowStart: number; location: string };
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
  /** The next send slot for `location` (a restaurant GUID, or ACCOUNT_LOCATION). */
  reserve(location: string): Promise<Reservation>;
  /**
   * A granted slot given up unsent (reached late): its count in its window is returned, since the
   * service never saw a request for it. Its time stays spent, so the spacing of the sends around it
   * holds. Without this, a busy process would use up the window's count on requests it never sent.
   */
  release(reservation: GrantedReservation): Promise<void>;
  /** The current window's counts, per location and for the account cap. */
  usage(): Promise<BudgetUsage>;
  /**
   * Before a login. With no failure on record every caller is allowed (each instance needs its
   * token, and the service answers a repeat login with the same token). After a failure, once the
   * back-off has run out exactly one caller is allowed, and holds the attempt for `leaseMs` (long
   * enough for the login and its retries) so no other instance logs in meanwhile.
   */
  claimLogin(leaseMs: number): Promise<LoginClaim>;
  /** Records a failed login; `delayFor(failures)` is the back-off after that many failures. */
  loginFailed(
    failure: { reason: LoginFailure; status?: number },
    delayFor: (failures: number) => number,
  ): Promise<LoginBackoff>;
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

/** A lane of slots: the next free send time and the current window's count. */
interface Lane {
  nextSlot: number;
  window: number;
  used: number;
}

const newLane = (): Lane => ({ nextSlot: Number.NEGATIVE_INFINITY, window: Number.NaN, used: 0 });

/** Idle lanes are forgotten once this many are kept, so a long-lived process does not grow. */
const MAX_IDLE_LANES = 4096;

/**
 * The budget of one process: one lane per location, and one for the account cap when set.
 * Spacing (a theoretical arrival time pushed on by 1/maxPerSecond per send) rather than a
 * one-second counter: our second boundaries are not the service's, and a counter reset at our
 * boundary would let a burst of 2 × maxPerSecond land in one of its slices.
 */
export class MemoryBudget implements SharedBudget {
  readonly shared = false;
  readonly lateSendLimitMs: number;
  readonly #limits: BudgetLimits;
  readonly #account: AccountLimits | undefined;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #accountIntervalMs: number;
  readonly #lanes = new Map<string, Lane>();
  readonly #accountLane = newLane();
  #login: { failures: number; reason: LoginFailure; status?: number; retryAt: number } | undefined;

  constructor(limits: Partial<BudgetLimits> = {}, now: () => number = Date.now, account?: AccountLimits) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    validateLimits(this.#limits);
    this.#account = validateAccountLimits(account);
    this.#intervalMs = sendIntervalMs(this.#limits);
    this.#accountIntervalMs = this.#account?.maxPerSecond
      ? sendIntervalMs({ ...this.#limits, maxPerSecond: this.#account.maxPerSecond })
      : 0;
    this.lateSendLimitMs = lateSendLimitMs(this.#limits);
    this.#now = now;
  }

  async reserve(location: string): Promise<Reservation> {
    const now = this.#now();
    const lane = this.#lane(location, now);
    const account = this.#account ? this.#accountLane : undefined;
    // The later of the location's and the account's next slots: both spacings hold.
    const slot = Math.max(lane.nextSlot, account?.nextSlot ?? Number.NEGATIVE_INFINITY, now);
    const window = Math.floor(slot / this.#limits.windowMs);
    for (const l of account ? [lane, account] : [lane]) {
      if (l.window !== window) Object.assign(l, { window, used: 0 });
    }
    const accountFull =
      account !== undefined && account.used >= (this.#account?.maxPerWindow ?? Number.POSITIVE_INFINITY);
    if (lane.used >= this.#limits.maxPerWindow || accountFull)
      return { granted: false, retryInMs: (window + 1) * this.#limits.windowMs - now };
    lane.used += 1;
    lane.nextSlot = slot + this.#intervalMs;
    if (account) {
      account.used += 1;
      account.nextSlot = slot + this.#accountIntervalMs;
    }
    return { granted: true, delayMs: slot - now, windowStart: window * this.#limits.windowMs, location };
  }

  async release(reservation: GrantedReservation): Promise<void> {
    const lanes = [this.#lanes.get(reservation.location), this.#account ? this.#accountLane : undefined];
    for (const lane of lanes) {
      if (lane && reservation.windowStart === lane.window * this.#limits.windowMs && lane.used > 0)
        lane.used -= 1;
    }
  }

  async usage(): Promise<BudgetUsage> {
    const window = Math.floor(this.#now() / this.#limits.windowMs);
    const locations = [...this.#lanes]
      .filter(([, lane]) => lane.window === window && lane.used > 0)
      .map(([location, lane]) => ({ location, used: lane.used }));
    const { maxPerSecond, maxPerWindow, windowMs } = this.#limits;
    const account = this.#account && {
      ...this.#account,
      used: this.#accountLane.window === window ? this.#accountLane.used : 0,
    };
    return {
      windowMs,
      windowStart: window * windowMs,
      limits: { maxPerSecond, maxPerWindow },
      locations,
      ...(account ? { account } : {}),
    };
  }

  #lane(location: string, now: number): Lane {
    let lane = this.#lanes.get(location);
    if (lane) return lane;
    if (this.#lanes.size >= MAX_IDLE_LANES) {
      // A lane whose next slot has passed and whose window is over holds nothing a new lane would not.
      const current = Math.floor(now / this.#limits.windowMs);
      for (const [key, l] of this.#lanes)
        if (l.nextSlot <= now && l.window < current) this.#lanes.delete(key);
    }
    lane = newLane();
    this.#lanes.set(location, lane);
    return lane;
  }

  async claimLogin(leaseMs: number): Promise<LoginClaim> {
    const state = this.#login;
    if (!state) return { allowed: true };
    const now = this.#now();
    if (now < state.retryAt)
      return {
        allowed: false,
        backoff: {
          failures: state.failures,
          reason: state.reason,
          status: state.status,
          retryInMs: state.retryAt - now,
        },
      };
    state.retryAt = now + leaseMs;
    return { allowed: true };
  }

  async loginFailed(
    failure: { reason: LoginFailure; status?: number },
    delayFor: (failures: number) => number,
  ): Promise<LoginBackoff> {
    const failures = (this.#login?.failures ?? 0) + 1;
    const retryInMs = delayFor(failures);
    this.#login = {
      failures,
      reason: failure.reason,
      status: failure.status,
      retryAt: this.#now() + retryInMs,
    };
    return { failures, reason: failure.reason, status: failure.status, retryInMs };
  }

  async loginSucceeded(): Promise<void> {
    this.#login = undefined;
  }
}

/** The account cap's parts that are set, checked; undefined when neither is. */
export function validateAccountLimits(account: AccountLimits | undefined): AccountLimits | undefined {
  const defined = Object.entries(account ?? {}).filter(([, v]) => v !== undefined);
  for (const [name, value] of defined) {
    if (!(typeof value === "number" && value > 0 && Number.isFinite(value)))
      throw new RangeError(`Platform account cap ${name} must be a positive number, got ${value}`);
  }
  return defined.length > 0 ? (Object.fromEntries(defined) as AccountLimits) : undefined;
}

export function validateLimits(limits: BudgetLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!(typeof value === "number" && value > 0 && Number.isFinite(value)))
      throw new RangeError(`Platform budget ${name} must be a positive number, got ${value}`);
  }
}
