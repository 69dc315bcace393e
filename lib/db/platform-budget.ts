import "server-only";
import type { LoginFailure } from "@/lib/platform/errors";
import {
  DEFAULT_LIMITS,
  lateSendLimitMs,
  sendIntervalMs,
  validateLimits,
  type BudgetLimits,
  type GrantedReservation,
  type LoginBackoff,
  type LoginClaim,
  type Reservation,
  type SharedBudget,
} from "@/lib/platform/shared-budget";
import type { Queryable } from "./database";
import { dbNow } from "./db-clock";

/**
 * The Platform request budget and login back-off kept in PostgreSQL, so every app instance with
 * the same credentials draws from one budget (migration 3). Each operation is one short
 * transaction holding the client's row lock, and every time is the database's clock
 * (clock_timestamp()), so instances whose clocks disagree still agree on slots and windows.
 *
 * Sends are spaced (1000 + jitter allowance)/maxPerSecond ms apart across instances, which keeps
 * every one-second window, however it is aligned with the service's time slices, at or under
 * maxPerSecond. The 15-minute count uses fixed windows aligned to the epoch, as the service's
 * slices are.
 */
export interface PostgresBudgetOptions {
  /** Identifies the API client (a hash of base URL and client id): instances sharing it share the budget. */
  key: string;
  /** Identifies the credentials (include the secret's hash): a corrected secret starts without back-off. */
  loginKey: string;
  limits?: Partial<BudgetLimits>;
}

export class PostgresBudget implements SharedBudget {
  readonly shared = true;
  readonly lateSendLimitMs: number;
  readonly #db: () => Promise<Queryable>;
  readonly #key: string;
  readonly #loginKey: string;
  readonly #limits: BudgetLimits;
  readonly #intervalMs: number;

  constructor(db: () => Promise<Queryable>, options: PostgresBudgetOptions) {
    this.#db = db;
    this.#key = options.key;
    this.#loginKey = options.loginKey;
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits };
    validateLimits(this.#limits);
    this.#intervalMs = Math.ceil(sendIntervalMs(this.#limits));
    this.lateSendLimitMs = lateSendLimitMs(this.#limits);
  }

  async reserve(): Promise<Reservation> {
    const db = await this.#db();
    let clockReadAt = 0;
    const reservation = await db.transaction(async (tx): Promise<Reservation> => {
      await tx.query(
        "INSERT INTO platform_request_budget (budget_key, next_slot_ms, window_start_ms, window_used) VALUES ($1, 0, 0, 0) ON CONFLICT (budget_key) DO NOTHING",
        [this.#key],
      );
      const [row] = await tx.query<{ next_slot_ms: string; window_start_ms: string; window_used: number }>(
        "SELECT next_slot_ms, window_start_ms, window_used FROM platform_request_budget WHERE budget_key = $1 FOR UPDATE",
        [this.#key],
      );
      // Read after the row lock is held: a clock read before waiting for it would be stale.
      const now = await dbNow(tx);
      clockReadAt = performance.now();
      const slot = Math.max(Number(row!.next_slot_ms), now);
      const { windowMs, maxPerWindow } = this.#limits;
      const windowStart = Math.floor(slot / windowMs) * windowMs;
      const used = windowStart === Number(row!.window_start_ms) ? Number(row!.window_used) : 0;
      if (used >= maxPerWindow) return { granted: false, retryInMs: windowStart + windowMs - now };
      await tx.query("UPDATE platform_request_budget SET next_slot_ms = $2, window_start_ms = $3, window_used = $4 WHERE budget_key = $1", [
        this.#key,
        slot + this.#intervalMs,
        windowStart,
        used + 1,
      ]);
      return { granted: true, delayMs: slot - now, windowStart };
    });
    // The delay was measured from the clock read; the update and the commit took some of it. Without
    // this the send lands late by the commit's time, which varies from a millisecond to tens of them
    // on a busy machine, and uneven lateness is what bunches requests at the service.
    if (!reservation.granted) return reservation;
    return { ...reservation, delayMs: Math.max(0, reservation.delayMs - (performance.now() - clockReadAt)) };
  }

  async release(reservation: GrantedReservation): Promise<void> {
    const db = await this.#db();
    // Only while its window is still the current one: a later window's count is not its to return.
    await db.query("UPDATE platform_request_budget SET window_used = window_used - 1 WHERE budget_key = $1 AND window_start_ms = $2 AND window_used > 0", [
      this.#key,
      reservation.windowStart,
    ]);
  }

  async claimLogin(leaseMs: number): Promise<LoginClaim> {
    const db = await this.#db();
    return db.transaction(async (tx) => {
      const [row] = await tx.query<LoginRow>("SELECT failures, reason, status, retry_at_ms FROM platform_login_backoff WHERE budget_key = $1 FOR UPDATE", [this.#loginKey]);
      if (!row) return { allowed: true };
      const now = await dbNow(tx);
      const retryAt = Number(row.retry_at_ms);
      if (now < retryAt) return { allowed: false, backoff: toBackoff(row, retryAt - now) };
      // This caller takes the next login; the others keep waiting until it has answered.
      await tx.query("UPDATE platform_login_backoff SET retry_at_ms = $2, updated_at = now() WHERE budget_key = $1", [this.#loginKey, now + leaseMs]);
      return { allowed: true };
    });
  }

  async loginFailed(failure: { reason: LoginFailure; status?: number }, delayFor: (failures: number) => number): Promise<LoginBackoff> {
    const db = await this.#db();
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ failures: number }>("SELECT failures FROM platform_login_backoff WHERE budget_key = $1 FOR UPDATE", [this.#loginKey]);
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
  const reason = (REASONS as readonly string[]).includes(row.reason) ? (row.reason as LoginFailure) : "unreachable";
  return { failures: Number(row.failures), reason, status: row.status ?? undefined, retryInMs };
}
