/**
 * Slows down password guessing against one account. Kept in memory, per e-mail (known or not, so
 * the answer does not reveal which accounts exist): the first FREE_FAILURES failures cost
 * nothing; after that each failure locks the e-mail for a window that doubles, from 1 s up to
 * 15 minutes. A success clears the record; a record with no failure for an hour is forgotten.
 * One process only: a restart or a second instance starts from zero, which is acceptable for
 * slowing guessing, not a substitute for an identity provider's lockout.
 */
export const FREE_FAILURES = 3;
export const BASE_LOCK_MS = 1_000;
export const MAX_LOCK_MS = 15 * 60_000;
const FORGET_AFTER_MS = 60 * 60_000;
const MAX_TRACKED = 10_000;

interface Record {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

export class SignInThrottle {
  private readonly records = new Map<string, Record>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds until the e-mail may try again; 0 when it may try now. */
  retryAfterMs(email: string): number {
    const record = this.current(email);
    return record ? Math.max(0, record.lockedUntil - this.now()) : 0;
  }

  recordFailure(email: string): void {
    const now = this.now();
    const record = this.current(email) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0 };
    record.failures += 1;
    record.lastFailureAt = now;
    if (record.failures > FREE_FAILURES) {
      const lock = Math.min(MAX_LOCK_MS, BASE_LOCK_MS * 2 ** (record.failures - FREE_FAILURES - 1));
      record.lockedUntil = now + lock;
    }
    this.records.delete(email);
    this.records.set(email, record);
    if (this.records.size > MAX_TRACKED) {
      // Oldest first (Map keeps insertion order and failures re-insert): bounded memory under a spray.
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
  }

  recordSuccess(email: string): void {
    this.records.delete(email);
  }

  private current(email: string): Record | undefined {
    const record = this.records.get(email);
    if (record && this.now() - record.lastFailureAt > FORGET_AFTER_MS && this.now() >= record.lockedUntil) {
      this.records.delete(email);
      return undefined;
    }
    return record;
  }
}
