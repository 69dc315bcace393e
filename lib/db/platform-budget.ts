import "server-only";

import type { LoginFailure } from "@/lib/platform/errors";
import {
  DEFAULT_LIMITS,
  lateSendLimitMs,
  sendIntervalMs,
  validateAccountLimits,
  validateLimits,
  type AccountLimits,
  type BudgetLimits,
  type BudgetUsage,
  type GrantedReservation,
  type LoginBackoff,
  type LoginClaim,
  type Reservation,
  type SharedBudget,
} from "@/lib/platform/shared-budget";

import type { Queryable } from "./database";
import { dbNow } from "./db-clock";

/**
 * The Platform request budgets and login back-off kept in PostgreSQL, so every app instance with
 * the same credentials draws from one budget per location (migration 10; the account cap and the
 * login back-off, migration 3). Each operation is one short transaction holding the location's row
 * lock (then the account cap's, always in that order, so two reservations cannot deadlock), and
 * every time is the database's clock (clock_timestamp()), so instances whose clocks disagree still
 * agree on slots and windows. Locations do not wait for each other's locks; only a set account cap
 * makes every reservation pass through one row.
 *
 * Sends for a location are spaced (1000 + jitter allowance)/maxPerSecond ms apart across
 * instances, which keeps every one-second window, however it is aligned with the service's time
 * slices, at or under maxPerSecond. The 15-minute count uses fixed windows aligned to the epoch, as
 * the service's slices are.
 */
export interface PostgresBudgetOptions {
  /** Identifies the API client (a hash of base URL and client id): instances sharing it share the budgets. */
  key: string;
  /** Identifies the credentials (include the secret's hash): a corrected secret starts without back-off. */
  loginKey: string;
  /** Each location's limits. */
  limits?: Partial<BudgetLimits>;
  /** A cap on every location together; unset, none. */
  account?: AccountLimits;
}

interface LaneRow {
  next_slot_ms: string;
  window_start_ms: string;
  window_used: number;
}

export class PostgresBudget implements SharedBudget {
  readonly shared = true;
  readonly lateSendLimitMs: number;
  readonly #db: () => Promise<Queryable>;
  readonly #key: string;
  readonly #loginKey: string;
  readonly #limits: BudgetLimits;
  readonly #account: AccountLimits | undefined;
  readonly #intervalMs: number;
  readonly #accountIntervalMs: number;

  constructor(db: () => Promise<Queryable>, options: PostgresBudgetOptions) {
    this.#db = db;
    this.#key = options.key;
    this.#loginKey = options.loginKey;
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits };
    validateLimits(this.#limits);
    this.#account = validateAccountLimits(options.account);
    this.#intervalMs = Math.ceil(sendIntervalMs(this.#limits));
    this.#accountIntervalMs = this.#account?.maxPerSecond
      ? Math.ceil(sendIntervalMs({ ...this.#limits, maxPerSecond: this.#account.maxPerSecond }))
      : 0;
    this.lateSendLimitMs = lateSendLimitMs(this.#limits);
  }

  async reserve(location: string): Promise<Reservation> {
    const db = await this.#db();
    let clockReadAt = 0;
    const reservation = await db.transaction(async (tx): Promise<Reservation> => {
      await tx.query(
        "INSERT INTO platform_location_budget (budget_key, location, next_slot_ms, window_start_ms, window_used) VALUES ($1, $2, 0, 0, 0) ON CONFLICT (budget_key, location) DO NOTHING",
        [this.#key, location],
      );
      const [lane] = await tx.query<LaneRow>(
        "SELECT next_slot_ms, window_start_ms, window_used FROM platform_location_budget WHERE budget_key = $1 AND location = $2 FOR UPDATE",
        [this.#key, location],
      );
      const account = this.#account ? await this.#lockAccount(tx) : undefined;
      // Read after the row locks are held: a clock read before waiting for them would be stale.
      const now = await dbNow(tx);
      clockReadAt = performance.now();
      // The later of the location's and the account's next slots: both spacings hold.
      const slot = Math.max(Number(lane!.next_slot_ms), account ? Number(account.next_slot_ms) : 0, now);
      const { windowMs, maxPerWindow } = this.#limits;
      const windowStart = Math.floor(slot / windowMs) * windowMs;
      const countIn = (row: LaneRow) =>
        windowStart === Number(row.window_start_ms) ? Number(row.window_used) : 0;
      const used = countIn(lane!);
      const accountUsed = account ? countIn(account) : 0;
      if (used >= maxPerWindow || accountUsed >= (this.#account?.maxPerWindow ?? Number.POSITIVE_INFINITY)) {
        return { granted: false, retryInMs: windowStart + windowMs - now };
      }
      await tx.query(
        "UPDATE platform_location_budget SET next_slot_ms = $3, window_start_ms = $4, window_used = $5 WHERE budget_key = $1 AND location = $2",
        [this.#key, location, slot + this.#intervalMs, windowStart, used + 1],
      );
      if (account) {
        await tx.query(
          "UPDATE platform_request_budget SET next_slot_ms = $2, window_start_ms = $3, window_used = $4 WHERE budget_key = $1",
          [
            this.#key,
            Math.max(Number(account.next_slot_ms), slot + this.#accountIntervalMs),
            windowStart,
            accountUsed + 1,
          ],
        );
      }
      return { granted: true, delayMs: slot - now, windowStart, location };
    });
    // The delay was measured from the clock read; the update and the commit took some of it. Without
    // this the send lands late by the commit's time, which varies from a millisecond to tens of them
    // on a busy machine, and uneven lateness is what bunches requests at the service.
    if (!reservation.granted) return reservation;
    return { ...reservation, delayMs: Math.max(0, reservation.delayMs - (performance.now() - clockReadAt)) };
  }

  async #lockAccount(tx: Queryable): Promise<LaneRow> {
    await tx.query(
      "INSERT INTO platform_request_budget (budget_key, next_slot_ms, window_start_ms, window_used) VALUES ($1, 0, 0, 0) ON CONFLICT (budget_key) DO NOTHING",
      [this.#key],
    );
    const [row] = await tx.query<LaneRow>(
      "SELECT next_slot_ms, window_start_ms, window_used FROM platform_request_budget WHERE budget_key = $1 FOR UPDATE",
      [this.#key],
    );
    return row!;
  }

  async release(reservation: GrantedReservation): Promise<void> {
    const db = await this.#db();
    // Only while its window is still the current one: a later window's count is not its to return.
    // Two statements, not one transaction: each takes one row lock, so no lock order to keep.
    await db.query(
      "UPDATE platform_location_budget SET window_used = window_used - 1 WHERE budget_key = $1 AND location = $2 AND window_start_ms = $3 AND window_used > 0",
      [this.#key, reservation.location, reservation.windowStart],
    );
    if (!this.#account) return;
    await db.query(
      "UPDATE platform_request_budget SET window_used = window_used - 1 WHERE budget_key = $1 AND window_start_ms = $2 AND window_used > 0",
      [this.#key, reservation.windowStart],
    );
  }

  async usage(): Promise<BudgetUsage> {
    const db = await this.#db();
    const { windowMs, maxPerSecond, maxPerWindow } = this.#limits;
    const windowStart = Math.floor((await dbNow(db)) / windowMs) * windowMs;
    const rows = await db.query<{ location: string; window_used: number }>(
      "SELECT location, window_used FROM platform_location_budget WHERE budget_key = $1 AND window_start_ms = $2 AND window_used > 0 ORDER BY location",
      [this.#key, windowStart],
    );
    const locations = rows.map((r) => ({ location: r.location, used: Number(r.window_used) }));
    const out: BudgetUsage = { windowMs, windowStart, limits: { maxPerSecond, maxPerWindow }, locations };
    if (this.#account) {
      const [row] = await db.query<{ window_used: number }>(
        "SELECT window_used FROM platform_request_budget WHERE budget_key = $1 AND window_start_ms = $2",
        [this.#key, windowStart],
      );
      out.account = { ...this.#account, used: row ? Number(row.window_used) : 0 };
    }
    return out;
  }

  async claimLogin(leaseMs: number): Promise<LoginClaim> {
    const db = await this.#db();
    return db.transaction(async (tx) => {
      const [row] = await tx.query<LoginRow>(
        "SELECT failures, reason, status, retry_at_ms FROM platform_login_backoff WHERE budget_key = $1 FOR UPDATE",
        [this.#loginKey],
      );
      if (!row) return { allowed: true };
      const now = await dbNow(tx);
      const retryAt = Number(row.retry_at_ms);
      if (now < retryAt) return { allowed: false, backoff: toBackoff(row, retryAt - now) };
      // This caller takes the next login; the others keep waiting until it has answered.
      await tx.query(
        "UPDATE platform_login_backoff SET retry_at_ms = $2, updated_at = now() WHERE budget_key = $1",
        [this.#loginKey, now + leaseMs],
      );
      return { allowed: true };
    });
  }

  async loginFailed(
    failure: { reason: LoginFailure; status?: number },
    delayFor: (failures: number) => number,
  ): Promise<LoginBackoff> {
    const db = await this.#db();
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ failures: number }>(
        "SELECT failures FROM platform_login_backoff WHERE budget_key = $1 FOR UPDATE",
        [this.#loginKey],
      );
      const failures = (row ? Number(row.failures) : 0) + 1;
      const retryInMs = delayFor(failures);
      const now = await dbNow(tx);
      await tx.query(
        `INSERT INTO platform_login_backoff (budget_key, failures, reason, status, retry_at_ms, updated_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (budget_key) DO UPDATE SET failures = EXCLUDED.failures, reason = EXCLUDED.reason, status = EXCLUDED.status,
           retry_at_ms = EXCLUDED.retry_at_ms, updated_at = now()`,
        [this.#loginKey, failures, failure.reason, failure.status ?? null, now + retryInMs],
      );
      return { failures, reason: failure.reason, status: failure.status, retryInMs };
    });
  }

  async loginSucceeded(): Promise<void> {
    const db = await this.#db();
    await db.query("DELETE FROM platform_login_backoff WHERE budget_key = $1", [this.#loginKey]);
  }
}

interface LoginRow {
  failures: number;
  reason: string;
  status: number | null;
  retry_at_ms: string;
}

const REASONS: readonly LoginFailure[] = ["refused", "garbled", "unreachable"];

function toBackoff(row: LoginRow, retryInMs: number): LoginBackoff {
  const reason = (REASONS as readonly string[]).includes(row.reason)
    ? (row.reason as LoginFailure)
    : "unreachable";
  return { failures: Number(row.failures), reason, status: row.status ?? undefined, retryInMs };
}
