/**
 * The backfill's global cap on exports in flight, shared fairly by its lanes (one per location):
 * a free slot goes to the waiting lane with the fewest exports in flight, then to the lane served
 * least recently, then to the oldest wait. So with a small cap every location still advances in
 * turn (A, B, A, B, ... rather than A, A, B, B), and one location with many due dates never holds
 * the slots the others wait for.
 */

interface Waiter {
  lane: string;
  grant: () => void;
}

export function createLaneSlots(limit: number) {
  if (!(limit >= 1)) throw new RangeError(`exports in flight must be at least 1, got ${limit}`);
  let inUse = 0;
  const inFlight = new Map<string, number>();
  const lastServed = new Map<string, number>();
  let served = 0;
  const waiting: Waiter[] = [];

  function take(lane: string): () => void {
    inUse++;
    inFlight.set(lane, (inFlight.get(lane) ?? 0) + 1);
    lastServed.set(lane, ++served);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse--;
      const left = inFlight.get(lane)! - 1;
      if (left === 0) inFlight.delete(lane);
      else inFlight.set(lane, left);
      grantNext();
    };
  }

  function grantNext(): void {
    while (inUse < limit && waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < waiting.length; i++) if (before(waiting[i]!.lane, waiting[best]!.lane)) best = i;
      waiting.splice(best, 1)[0]!.grant();
    }
  }

  /** Whether lane `a` comes before lane `b` (fewer in flight, then served longer ago); ties keep the older wait. */
  function before(a: string, b: string): boolean {
    const fa = inFlight.get(a) ?? 0;
    const fb = inFlight.get(b) ?? 0;
    if (fa !== fb) return fa < fb;
    return (lastServed.get(a) ?? 0) < (lastServed.get(b) ?? 0);
  }

  return {
    /** Waits for a slot for `lane`; resolves with the function that gives it back (idempotent). */
    acquire(lane: string): Promise<() => void> {
      if (inUse < limit && waiting.length === 0) return Promise.resolve(take(lane));
      return new Promise((resolve) => waiting.push({ lane, grant: () => resolve(take(lane)) }));
    },
    /** Slots taken now. */
    inUse: () => inUse,
    /** Lanes' requests waiting for a slot. */
    waiting: () => waiting.length,
  };
}
