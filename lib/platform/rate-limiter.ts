import { abortReason, sleep as realSleep, type Sleep } from "./abortable";

export interface RateLimiterOptions {
  /** Requests per second across every caller of this limiter. */
  maxRps: number;
  now?: () => number;
  sleep?: Sleep;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Spaces requests at least 1/maxRps apart, in arrival order. Spacing rather than a bucket with a
 * burst allowance: a burst of N followed by steady traffic would exceed maxRps in some
 * one-second window, and the rate limits of the real service are not published, so the client
 * stays strictly under the configured rate. A waiter that aborts leaves the queue without
 * consuming a slot.
 */
export class RateLimiter {
  readonly intervalMs: number;
  readonly #now: () => number;
  readonly #sleep: Sleep;
  readonly #queue: Waiter[] = [];
  #nextFree = Number.NEGATIVE_INFINITY;
  #pumping = false;

  constructor(options: RateLimiterOptions) {
    if (!(options.maxRps > 0) || !Number.isFinite(options.maxRps)) {
      throw new RangeError(`maxRps must be a positive number, got ${options.maxRps}`);
    }
    this.intervalMs = 1000 / options.maxRps;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
  }

  /** Resolves when the caller may send one request. Rejects with the signal's reason on abort. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
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

  /** How many callers are waiting for a slot. */
  get pending(): number {
    return this.#queue.length;
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const wait = this.#nextFree - this.#now();
        // Whoever heads the queue after the wait takes the slot (the first head may have aborted);
        // the clock is not re-read, so a clock that stands still cannot stall the queue.
        if (wait > 0) await this.#sleep(wait);
        const waiter = this.#queue.shift();
        if (!waiter) break;
        this.#nextFree = this.#now() + this.intervalMs;
        if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
        waiter.resolve();
      }
    } finally {
      this.#pumping = false;
    }
  }
}
