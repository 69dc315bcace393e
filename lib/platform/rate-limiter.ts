import { BrandedError } from "@/lib/errors/branded-error";
import { abortReason, sleep as realSleep, type Sleep } from "./abortable";
import type { RateLimitHints } from "./rate-limit-headers";
import { MemoryBudget, type GrantedReservation, type Reservation, type SharedBudget } from "./shared-budget";

export interface RateLimiterOptions {
  /** Requests per second across every caller (of this process, or of every sharer of `budget`). */
  maxRps: number;
  /** Requests per fixed window (default 10,000 per 15 minutes), when no `budget` is given. */
  maxPerWindow?: number;
  windowMs?: number;
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

/** Slots given up in a row for being reached late, before the limiter sends late rather than not at all. */
const MAX_LATE_SLOTS_IN_A_ROW = 2;

/**
 * Lets requests out in arrival order, one slot at a time from the budget: spacing of 1/maxRps
 * (shared across instances when the budget is), the per-window count, and a hold when the
 * service's headers say its slice is nearly spent. Spacing rather than a burst allowance keeps
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
  readonly #queue: Waiter[] = [];
  #pumping = false;
  #budgetFailedAt = Number.NEGATIVE_INFINITY;
  #lateSlots = 0;

  constructor(options: RateLimiterOptions) {
    if (!(options.maxRps > 0) || !Number.isFinite(options.maxRps)) {
      throw new RangeError(`maxRps must be a positive number, got ${options.maxRps}`);
    }
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    const limits = { maxPerSecond: options.maxRps, maxPerWindow: options.maxPerWindow, windowMs: options.windowMs };
    const defined = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
    this.#fallback = new MemoryBudget(defined, this.#now);
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
      if (signal) {
        waiter.onAbort = () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      void this.#pump();
    });
  }

  /** Slots given up because the limiter reached them late (a busy or paused process). */
  get lateSlots(): number {
    return this.#lateSlots;
  }

  /** How many callers are waiting for a slot. */
  get pending(): number {
    return this.#queue.length;
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    let lateInARow = 0;
    try {
      while (this.#queue.length > 0) {
        const head = this.#queue[0]!;
        const pause = this.#hints?.pauseMs(head.key, this.#now()) ?? 0;
        if (pause > this.#maxWaitMs) {
          this.#fail(head, new RateBudgetExhaustedError(pause, "headers"));
          continue;
        }
        // After the pause the slot is taken without reading the hints again: a clock that stands
        // still must not hold the queue for ever.
        if (pause > 0) await this.#sleep(pause);
        const { reservation, budget } = await this.#reserve();
        if (!reservation.granted) {
          if (reservation.retryInMs > this.#maxWaitMs) {
            this.#fail(this.#queue[0], new RateBudgetExhaustedError(reservation.retryInMs, "budget"));
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
        const waiter = this.#queue.shift();
        if (!waiter) break;
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
        this.#hints?.spend(waiter.key);
        waiter.resolve();
      }
    } finally {
      this.#pumping = false;
    }
  }

  /**
   * A budget that cannot answer (its database is down) must not stop the app: this process's own
   * budget stands in. Answers which budget granted, so a given-up slot goes back to that one.
   */
  async #reserve(): Promise<{ reservation: Reservation; budget: SharedBudget }> {
    const fallback = async () => ({ reservation: await this.#fallback.reserve(), budget: this.#fallback });
    if (this.#budget === this.#fallback) return fallback();
    try {
      return { reservation: await this.#budget.reserve(), budget: this.#budget };
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
      console.warn(`[platform] shared request budget unavailable, ${consequence}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #fail(waiter: Waiter | undefined, error: Error): void {
    if (!waiter) return;
    const index = this.#queue.indexOf(waiter);
    if (index >= 0) this.#queue.splice(index, 1);
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
    waiter.reject(error);
  }
}
