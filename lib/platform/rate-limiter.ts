import { BrandedError } from "@/lib/errors/branded-error";

import { abortReason, sleep as realSleep, type Sleep } from "./abortable";
import type { RateLimitHints } from "./rate-limit-headers";
import {
  MemoryBudget,
  type AccountLimits,
  type BudgetUsage,
  type GrantedReservation,
  type Reservation,
  type SharedBudget,
} from "./shared-budget";

export interface RateLimiterOptions {
  /** Requests per second for each location (of this process, or of every sharer of `budget`). */
  maxRps: number;
  /** Requests per fixed window for each location (default 10,000 per 15 minutes), when no `budget` is given. */
  maxPerWindow?: number;
  windowMs?: number;
  /** A cap on every location together (default none), when no `budget` is given; also the fallback's. */
  account?: AccountLimits;
  /** Where the slots come from; default an in-process MemoryBudget of maxRps. */
  budget?: SharedBudget;
  /** What the service's rate-limit headers said; the limiter holds requests accordingly. */
  hints?: RateLimitHints;
  /** A wait longer than this (window full, or the service's slice spent) fails instead. Default 60 000. */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: Sleep;
}

/** The budget (or the service's headers) leave nothing for longer than the client will wait. */
export class RateBudgetExhaustedError extends BrandedError {
  static override readonly errorKind = "RateBudgetExhaustedError";
  constructor(
    readonly retryInMs: number,
    readonly source: "budget" | "headers",
  ) {
    super(`request budget exhausted for ${Math.ceil(retryInMs / 1000)} s (${source})`);
  }
}

interface Waiter {
  key: string;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** One location's waiters, served in arrival order by one pump at a time. */
interface Lane {
  queue: Waiter[];
  pumping: boolean;
}

/** Slots given up in a row for being reached late, before the limiter sends late rather than not at all. */
const MAX_LATE_SLOTS_IN_A_ROW = 2;

/**
 * Lets requests out per location (the budget key: restaurant GUID, or "" for requests without
 * one), in arrival order within a location, one slot at a time from the budget: spacing of
 * 1/maxRps (shared across instances when the budget is), the per-window count, and a hold when the
 * service's headers say that location's slice is nearly spent. Each location has its own queue and
 * pump, so a location that waits (its window spent, its slice held) holds back no other location;
 * the account cap, when set, is the budget's to enforce across them. Spacing rather than a burst allowance keeps
 * every one-second window under the limit whatever its alignment. A slot reached late is given
 * up and a new one taken, since a late send bunches with the next slots' sends; its time stays
 * spent, its count in the window is returned (nothing was sent on it).
 * A waiter that aborts leaves the queue without consuming a slot; a slot reserved for a waiter
 * that then aborts goes to the next in line.
 */
export class RateLimiter {
  readonly #budget: SharedBudget;
  readonly #fallback: MemoryBudget;
  readonly #hints: RateLimitHints | undefined;
  readonly #maxWaitMs: number;
  readonly #now: () => number;
  readonly #sleep: Sleep;
  readonly #lanes = new Map<string, Lane>();
  #budgetFailedAt = Number.NEGATIVE_INFINITY;
  #lateSlots = 0;

  constructor(options: RateLimiterOptions) {
    if (!(options.maxRps > 0) || !Number.isFinite(options.maxRps)) {
      throw new RangeError(`maxRps must be a positive number, got ${options.maxRps}`);
    }
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    const limits = {
      maxPerSecond: options.maxRps,
      maxPerWindow: options.maxPerWindow,
      windowMs: options.windowMs,
    };
    const defined = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
    this.#fallback = new MemoryBudget(defined, this.#now, options.account);
    this.#budget = options.budget ?? this.#fallback;
    this.#hints = options.hints;
    this.#maxWaitMs = options.maxWaitMs ?? 60_000;
  }

  /**
   * Resolves when the caller may send one request for `key` (the restaurant GUID, or "").
   * Rejects with the signal's reason on abort, or RateBudgetExhaustedError.
   */
  acquire(signal?: AbortSignal, key = ""): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { key, resolve, reject, signal };
      let lane = this.#lanes.get(key);
      if (!lane) {
        lane = { queue: [], pumping: false };
        this.#lanes.set(key, lane);
      }
      const queue = lane.queue;
      if (signal) {
        waiter.onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      queue.push(waiter);
      void this.#pump(key, lane);
    });
  }

  /** Slots given up because the limiter reached them late (a busy or paused process). */
  get lateSlots(): number {
    return this.#lateSlots;
  }

  /** How many callers are waiting for a slot, every location together. */
  get pending(): number {
    let n = 0;
    for (const lane of this.#lanes.values()) n += lane.queue.length;
    return n;
  }

  /** Callers waiting for a slot, per location with any. */
  waiting(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [key, lane] of this.#lanes) if (lane.queue.length > 0) out.set(key, lane.queue.length);
    return out;
  }

  /** What the budget has counted in the current window (or this process's own, when it cannot answer). */
  async usage(): Promise<BudgetUsage> {
    try {
      return await this.#budget.usage();
    } catch (error) {
      this.#warnUnavailable(error, "reporting this process's own");
      return this.#fallback.usage();
    }
  }

  async #pump(key: string, lane: Lane): Promise<void> {
    if (lane.pumping) return;
    lane.pumping = true;
    const queue = lane.queue;
    let lateInARow = 0;
    try {
      while (queue.length > 0) {
        const head = queue[0]!;
        const pause = this.#hints?.pauseMs(head.key, this.#now()) ?? 0;
        if (pause > this.#maxWaitMs) {
          this.#fail(queue, head, new RateBudgetExhaustedError(pause, "headers"));
          continue;
        }
        // After the pause the slot is taken without reading the hints again: a clock that stands
        // still must not hold the queue for ever.
        if (pause > 0) await this.#sleep(pause);
        const { reservation, budget } = await this.#reserve(key);
        if (!reservation.granted) {
          if (reservation.retryInMs > this.#maxWaitMs) {
            this.#fail(queue, queue[0], new RateBudgetExhaustedError(reservation.retryInMs, "budget"));
          } else {
            await this.#sleep(reservation.retryInMs);
          }
          continue;
        }
        // Whoever heads the queue after the wait takes the slot (the first head may have aborted).
        // A clock that stands still reads as on time, so it cannot stall the queue; a process that
        // is late every time sends late after a few slots rather than never.
        const due = this.#now() + reservation.delayMs;
        if (reservation.delayMs > 0) await this.#sleep(reservation.delayMs);
        if (this.#now() - due > budget.lateSendLimitMs && lateInARow < MAX_LATE_SLOTS_IN_A_ROW) {
          lateInARow += 1;
          this.#lateSlots += 1;
          await this.#release(budget, reservation);
          continue;
        }
        lateInARow = 0;
        const waiter = queue.shift();
        if (!waiter) {
          // Every waiter aborted during the wait: nothing is sent on this slot.
          await this.#release(budget, reservation);
          break;
        }
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
        this.#hints?.spend(waiter.key);
        waiter.resolve();
      }
    } finally {
      lane.pumping = false;
      // An idle location keeps no lane (a process may see thousands of locations over its life).
      if (queue.length === 0 && this.#lanes.get(key) === lane) this.#lanes.delete(key);
    }
  }

  /**
   * A budget that cannot answer (its database is down) must not stop the app: this process's own
   * budget stands in. Answers which budget granted, so a given-up slot goes back to that one.
   */
  async #reserve(key: string): Promise<{ reservation: Reservation; budget: SharedBudget }> {
    const fallback = async () => ({ reservation: await this.#fallback.reserve(key), budget: this.#fallback });
    if (this.#budget === this.#fallback) return fallback();
    try {
      return { reservation: await this.#budget.reserve(key), budget: this.#budget };
    } catch (error) {
      this.#warnUnavailable(error, "using this process's own");
      return fallback();
    }
  }

  /** A release that fails leaves the count spent: the safe direction, so it only warns. */
  async #release(budget: SharedBudget, reservation: GrantedReservation): Promise<void> {
    try {
      await budget.release(reservation);
    } catch (error) {
      this.#warnUnavailable(error, "a given-up slot stays counted");
    }
  }

  #warnUnavailable(error: unknown, consequence: string): void {
    const now = this.#now();
    if (now - this.#budgetFailedAt > 60_000) {
      this.#budgetFailedAt = now;
      console.warn(
        `[platform] shared request budget unavailable, ${consequence}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  #fail(queue: Waiter[], waiter: Waiter | undefined, error: Error): void {
    if (!waiter) return;
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
    waiter.reject(error);
  }
}
