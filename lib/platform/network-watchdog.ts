/**
 * A timeout that measures waiting on the network only. The kitchen export can take minutes before
 * its first byte, and meanwhile this process parses and summarises other days: a plain timer
 * would count that CPU time as the service's, time out a download that was about to arrive, and
 * fetch a closed day twice. So the watchdog ticks on a short timer and credits at most one tick
 * per firing: when the event loop was busy and the tick fires late, the late part is not
 * counted. Any network activity (the response head, a body chunk) starts the count again, so
 * the limit is on time to first byte and on each idle gap between chunks.
 */

export interface WatchdogOptions {
  timeoutMs: number;
  onTimeout: () => void;
  /** Default timeoutMs / 20, between 10 ms and 1 s. */
  tickMs?: number;
  /** Monotonic clock in ms. Default performance.now. */
  now?: () => number;
}

export class NetworkWatchdog {
  readonly timeoutMs: number;
  readonly #tickMs: number;
  readonly #onTimeout: () => void;
  readonly #now: () => number;
  #waited = 0;
  #lastTick: number;
  #activity = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  #fired = false;

  constructor(options: WatchdogOptions) {
    this.timeoutMs = options.timeoutMs;
    this.#tickMs = options.tickMs ?? Math.min(1000, Math.max(10, Math.floor(options.timeoutMs / 20)));
    this.#onTimeout = options.onTimeout;
    this.#now = options.now ?? (() => performance.now());
    this.#lastTick = this.#now();
    this.#schedule();
  }

  /** True once the timeout has fired. */
  get fired(): boolean {
    return this.#fired;
  }

  /** Milliseconds of network waiting counted since the last activity. */
  get waitedMs(): number {
    return this.#waited;
  }

  /** Bytes (or the response head) arrived: the wait starts again. */
  readonly activity = (): void => {
    this.#waited = 0;
    this.#activity += 1;
  };

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.#tick(), this.#tickMs);
    // The request itself keeps the process alive; the watchdog must not.
    this.#timer.unref?.();
  }

  #tick(): void {
    if (this.#stopped) return;
    const now = this.#now();
    const elapsed = now - this.#lastTick;
    this.#lastTick = now;
    this.#waited += Math.min(Math.max(0, elapsed), this.#tickMs);
    if (this.#waited < this.timeoutMs) return this.#schedule();
    // Timers run before I/O in each turn of the event loop: bytes that arrived while the loop was
    // busy have not been handed over yet. Two turns later they have, and count as activity.
    const seen = this.#activity;
    setImmediate(() =>
      setImmediate(() => {
        if (this.#stopped) return;
        if (this.#activity !== seen) return this.#schedule();
        this.#fired = true;
        this.stop();
        this.#onTimeout();
      }),
    );
  }
}
