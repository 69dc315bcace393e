import { createHash } from "node:crypto";

/**
 * Slows down password guessing, with three limits checked before any bcrypt comparison, so a
 * refused attempt costs a lookup, never ~90 ms of CPU:
 *
 * 1. Per (account, client address): the first FREE_FAILURES failures cost nothing; after that each
 *    failure locks the pair for a window that doubles, from 1 s up to 15 minutes. A success clears
 *    it; a record with no failure for an hour is forgotten. Keyed by the pair, an attacker's
 *    failures from one address never lock the owner out at another. An attempt counts as a failure
 *    from the moment it is admitted (a success clears it), so guesses sent all at once lock the pair
 *    as guesses sent one after another do.
 * 2. Per client address, across accounts: at most `maxAttemptsPerAddressPerMin` attempts in any
 *    60 s (a sliding log of the admitted attempts' times, so no window boundary lets twice the
 *    limit through). A slot is taken before bcrypt, so concurrent guesses cannot overshoot, and
 *    given back when the password was right: a spray is bounded, an office of people signing in
 *    behind one address is not.
 * 3. Per process, across everything: at most `maxBcryptPerSecond` comparisons in any second. bcrypt
 *    burns this process's CPU, so the cap is this process's, even when the others are shared.
 *
 * An unknown address (no trusted proxy, no recorded socket peer) is one shared "unknown" for rule 1,
 * which is then per account as before, and rule 2 is skipped: every client would share that one
 * budget, and one sprayer would lock everybody out.
 *
 * Keys are SHA-256 hashes: the store never holds the e-mails typed (sometimes a password typed into
 * the wrong field) or the addresses.
 */
export const FREE_FAILURES = 3;
export const BASE_LOCK_MS = 1_000;
export const MAX_LOCK_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 60 * 60_000;
export const ADDRESS_WINDOW_MS = 60_000;
const BCRYPT_WINDOW_MS = 1_000;

export interface BackoffRecord {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

/** Milliseconds the record still locks its pair; 0 when free (or forgotten). */
export function lockRemaining(record: BackoffRecord | undefined, now: number): number {
  if (!record || isForgotten(record, now)) return 0;
  return Math.max(0, record.lockedUntil - now);
}

function isForgotten(record: BackoffRecord, now: number): boolean {
  return now - record.lastFailureAt > FORGET_AFTER_MS && now >= record.lockedUntil;
}

/** The record after one more failure at `now`. */
export function afterFailure(record: BackoffRecord | undefined, now: number): BackoffRecord {
  const failures = (record && !isForgotten(record, now) ? record.failures : 0) + 1;
  const lockedUntil =
    failures > FREE_FAILURES
      ? now + Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** Math.min(30, failures - FREE_FAILURES - 1))
      : (record?.lockedUntil ?? 0);
  return { failures, lastFailureAt: now, lockedUntil };
}

export type Taken = { granted: true; stamp: number } | { granted: false; retryInMs: number };

/**
 * A sliding log: the times of the attempts admitted in the last `windowMs`, at most `limit` of
 * them. Admits at `now` when fewer than `limit` remain in the window.
 */
export function takeFromLog(
  stamps: readonly number[],
  now: number,
  limit: number,
  windowMs: number,
): { taken: Taken; stamps: number[] } {
  const recent = stamps.filter((t) => t > now - windowMs).sort((a, b) => a - b);
  if (recent.length >= limit) {
    return {
      taken: { granted: false, retryInMs: recent[recent.length - limit]! + windowMs - now },
      stamps: recent,
    };
  }
  return { taken: { granted: true, stamp: now }, stamps: [...recent, now] };
}

/** The log without one occurrence of `stamp` (a slot given back). */
export function giveBackToLog(stamps: readonly number[], stamp: number): number[] {
  const index = stamps.indexOf(stamp);
  return index < 0 ? [...stamps] : [...stamps.slice(0, index), ...stamps.slice(index + 1)];
}

/**
 * Where the counters live: in memory (one process) or in the database (lib/db/sign-in-throttle-store.ts,
 * shared by every instance on one PostgreSQL). Each operation is atomic on its key.
 */
export interface SignInThrottleStore {
  /** Milliseconds the pair is still locked; when 0, this attempt was counted as a failure, atomically. */
  countAttempt(key: string): Promise<number>;
  clearFailures(key: string): Promise<void>;
  take(key: string, limit: number, windowMs: number): Promise<Taken>;
  giveBack(key: string, stamp: number): Promise<void>;
}

const MAX_TRACKED = 10_000;

export class MemoryThrottleStore implements SignInThrottleStore {
  private readonly backoff = new Map<string, BackoffRecord>();
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  async countAttempt(key: string): Promise<number> {
    const now = this.now();
    const record = this.backoff.get(key);
    const locked = lockRemaining(record, now);
    if (locked > 0) return locked;
    // Re-inserted so the Map's order is oldest failure first.
    this.backoff.delete(key);
    remember(this.backoff, key, afterFailure(record, now));
    return 0;
  }

  async clearFailures(key: string): Promise<void> {
    this.backoff.delete(key);
  }

  async take(key: string, limit: number, windowMs: number): Promise<Taken> {
    const { taken, stamps } = takeFromLog(this.logs.get(key) ?? [], this.now(), limit, windowMs);
    this.logs.delete(key);
    remember(this.logs, key, stamps);
    return taken;
  }

  async giveBack(key: string, stamp: number): Promise<void> {
    const stamps = this.logs.get(key);
    if (stamps) this.logs.set(key, giveBackToLog(stamps, stamp));
  }
}

/** Bounded memory under a spray of distinct keys: the oldest entry goes first. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  if (map.size > MAX_TRACKED) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export interface SignInLimits {
  maxAttemptsPerAddressPerMin: number;
  maxBcryptPerSecond: number;
}

/** Why an attempt was refused: the pair is locked, the address used its minute, or the process is busy. */
export type Refusal = "account" | "address" | "busy";

export interface Ticket {
  pairKey: string;
  addressKey: string | null;
  stamp: number | null;
}

export type Admission =
  { admitted: true; ticket: Ticket } | { admitted: false; refusal: Refusal; retryInMs: number };

export class SignInThrottle {
  private readonly store: SignInThrottleStore;
  private readonly local: SignInThrottleStore;
  private readonly limits: SignInLimits;

  /** `store` keeps rules 1 and 2 (shared with DATABASE_URL); `local` keeps rule 3, this process's. */
  constructor(options: { store: SignInThrottleStore; local?: SignInThrottleStore; limits: SignInLimits }) {
    this.store = options.store;
    this.local = options.local ?? new MemoryThrottleStore();
    this.limits = options.limits;
  }

  /** Decides, before any bcrypt work, whether this attempt may be checked. */
  /**
   * Decides, before any bcrypt work, whether this attempt may be checked. An admitted attempt is
   * already counted as a failure of its pair: call `succeeded` when the password was right.
   */
  async admit(email: string, address: string | null): Promise<Admission> {
    const pairKey = hashKey("pair", email, address ?? "unknown");
    let addressKey: string | null = null;
    let stamp: number | null = null;
    if (address !== null) {
      addressKey = hashKey("address", address);
      const taken = await this.store.take(
        addressKey,
        this.limits.maxAttemptsPerAddressPerMin,
        ADDRESS_WINDOW_MS,
      );
      if (!taken.granted) return { admitted: false, refusal: "address", retryInMs: taken.retryInMs };
      stamp = taken.stamp;
    }
    // Slots are given back when a later rule refuses: nothing was compared.
    const giveBackAddress = async () => {
      if (addressKey !== null && stamp !== null) await this.store.giveBack(addressKey, stamp);
    };
    const bcrypt = await this.local.take("bcrypt", this.limits.maxBcryptPerSecond, BCRYPT_WINDOW_MS);
    if (!bcrypt.granted) {
      await giveBackAddress();
      return { admitted: false, refusal: "busy", retryInMs: bcrypt.retryInMs };
    }
    // Last, because it counts the attempt: a locked pair must not use up the other rules' slots.
    const locked = await this.store.countAttempt(pairKey);
    if (locked > 0) {
      await this.local.giveBack("bcrypt", bcrypt.stamp);
      await giveBackAddress();
      return { admitted: false, refusal: "account", retryInMs: locked };
    }
    return { admitted: true, ticket: { pairKey, addressKey, stamp } };
  }

  /** The password was right: the pair's failures are cleared and the address's slot given back. */
  async succeeded(ticket: Ticket): Promise<void> {
    await this.store.clearFailures(ticket.pairKey);
    if (ticket.addressKey !== null && ticket.stamp !== null)
      await this.store.giveBack(ticket.addressKey, ticket.stamp);
  }
}

function hashKey(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 40);
}
