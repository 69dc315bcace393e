/**
 * The queue of the date fetches that requests start: at most `limit` run at once and the rest
 * wait, so a 366-day range cannot start 366 downloads together. A key already waiting or running
 * is not queued twice (its promise is shared); a key asked for again moves to the front, so the
 * range someone asked for last (the page they are looking at) comes before older asks. Every
 * job's promise settles with the job, and a rejection nobody awaits is never left unhandled.
 */
export interface QueuedFetch {
  key: string;
  run: () => Promise<void>;
}

interface Job {
  run: () => Promise<void>;
  /** When the key was first asked for (Date.now()). */
  askedAt: number;
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createFetchQueue(limit: number) {
  if (!(limit >= 1)) throw new RangeError(`fetch concurrency must be at least 1, got ${limit}`);
  const jobs = new Map<string, Job>(); // waiting and running
  let waiting: string[] = []; // next first
  let running = 0;

  function pump(): void {
    while (running < limit && waiting.length > 0) {
      const key = waiting.shift()!;
      const job = jobs.get(key)!;
      running++;
      // A job that throws synchronously still settles its promise.
      Promise.resolve()
        .then(job.run)
        .then(job.resolve, job.reject)
        .finally(() => {
          running--;
          jobs.delete(key);
          pump();
        });
    }
  }

  /**
   * Queues the items at the front, in their order (those already waiting move there; running ones
   * stay as they are). Returns every item's promise, and the latest time one of them was first
   * asked for (now, when any is new).
   */
  function enqueue(items: readonly QueuedFetch[]): { settled: Promise<void>[]; askedAt: number } {
    let askedAt = 0;
    const front: string[] = [];
    const settled = items.map(({ key, run }) => {
      let job = jobs.get(key);
      if (!job) {
        let resolve!: () => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        promise.catch(() => {});
        job = { run, askedAt: Date.now(), promise, resolve, reject };
        jobs.set(key, job);
        front.push(key);
      } else if (waiting.includes(key)) {
        front.push(key);
      }
      askedAt = Math.max(askedAt, job.askedAt);
      return job.promise;
    });
    if (front.length > 0) {
      const moved = new Set(front);
      waiting = [...moved, ...waiting.filter((k) => !moved.has(k))];
      pump();
    }
    return { settled, askedAt };
  }

  return {
    enqueue,
    /** Jobs waiting for a slot. */
    waiting: () => waiting.length,
    /** Jobs running now. */
    running: () => running,
  };
}
