import { DEFAULT_STUCK_MINUTES } from "@/lib/kitchen/contract/stuck-items";
import { localClockResolver } from "@/lib/kitchen/ingest/local-hour";

/**
 * A day's capacity facts (issue 36): per (level, prep station, 15-minute slot of the restaurant's
 * local time) the records whose ticket fired in the slot, with a one-second histogram of their fire
 * to fulfill, and the seconds items of that station spent in progress in the slot. A slot's load is
 * per day (a slot instance is a business date's quarter hour), so days are kept apart here and
 * the range's answer (lib/kitchen/query/capacity.ts) groups each day's slot instances by load
 * before it adds anything: a load never mixes two days' records.
 *
 * Slots are numbered by local wall-clock time: slot = (hour × 60 + minute) div 15, 0-95. Every
 * modern zone's offset is a whole number of quarter hours, so a slot is also a UTC quarter hour;
 * on the night clocks go back the repeated hour's quarters share their slot numbers (one instance
 * each, as the hours cube shares its hour).
 */
export interface DaySlots {
  /**
   * Cells (level, station, slot), ascending, SLOT_CELL_WIDTH keys each; station indexes the day's
   * `stations`. Per cell: `untimed` records fired in the slot without a fire to fulfill (no
   * fulfilment, a clock that ran backwards), then the histogram entries `start[c]..start[c + 1]`.
   */
  keys: Uint32Array;
  untimed: Uint32Array;
  start: Uint32Array;
  /** Entries: a second and how many records took exactly that many seconds; ascending per cell. */
  seconds: Uint32Array;
  counts: Uint32Array;
  /**
   * Items in progress: cells (level, station, slot), ascending, with the whole seconds (rounded
   * half up from the milliseconds summed per cell) that records of the cell were between their
   * ticket's fire and their fulfilment within the slot. Records over the default stuck limit
   * (DEFAULT_STUCK_MINUTES: left on screen, bumped at closeout) are left out: they were not cooking.
   */
  progressKeys: Uint32Array;
  progressSeconds: Uint32Array;
}

export const SLOT_CELL_WIDTH = 3;
export const SLOT_MINUTES = 15;
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;
const SLOT_MS = SLOT_MINUTES * 60_000;
const STUCK_MS = DEFAULT_STUCK_MINUTES * 60_000;

/** The slot (0-95) of an instant on the restaurant's wall clock. */
function slotResolver(timeZone: string): (epochMs: number) => number {
  const clock = localClockResolver(timeZone);
  return (epochMs) => {
    const slot = Math.floor(clock(epochMs) / SLOT_MS) % SLOTS_PER_DAY;
    return slot < 0 ? slot + SLOTS_PER_DAY : slot;
  };
}

/** Per record: its level and station (dictionary indices), ticket fire and fulfilment (ms or NaN), fire to fulfill (s, -1 none). */
interface SlotColumns {
  level: Uint32Array;
  station: Uint32Array;
  firedMs: Float64Array;
  fulfilledMs: Float64Array;
  fireToFulfill: Float64Array;
}

const cellKey = (level: number, station: number, slot: number) => (level * 2 ** 20 + station) * 128 + slot;
const keyParts = (key: number): [number, number, number] => {
  const slot = key % 128;
  const rest = (key - slot) / 128;
  return [Math.floor(rest / 2 ** 20), rest % 2 ** 20, slot];
};

export function summariseSlots(c: SlotColumns, timeZone: string): DaySlots {
  const slotOf = slotResolver(timeZone);
  const fired = new Map<number, number[]>();
  const progress = new Map<number, number>();
  for (let i = 0; i < c.level.length; i++) {
    const firedMs = c.firedMs[i]!;
    if (Number.isNaN(firedMs)) continue;
    const key = cellKey(c.level[i]!, c.station[i]!, slotOf(firedMs));
    const values = fired.get(key) ?? fired.set(key, []).get(key)!;
    values.push(c.fireToFulfill[i]!);
    const fulfilledMs = c.fulfilledMs[i]!;
    if (!(fulfilledMs > firedMs) || fulfilledMs - firedMs > STUCK_MS) continue;
    // Walk the quarter hours the record spans: UTC quarters are local quarters (see above).
    for (let q = Math.floor(firedMs / SLOT_MS) * SLOT_MS; q < fulfilledMs; q += SLOT_MS) {
      const overlap = Math.min(fulfilledMs, q + SLOT_MS) - Math.max(firedMs, q);
      const k = cellKey(c.level[i]!, c.station[i]!, slotOf(q));
      progress.set(k, (progress.get(k) ?? 0) + overlap);
    }
  }
  const cells = [...fired.keys()].sort((a, b) => a - b);
  const keys = new Uint32Array(cells.length * SLOT_CELL_WIDTH);
  const untimed = new Uint32Array(cells.length);
  const start = new Uint32Array(cells.length + 1);
  const seconds: number[] = [];
  const counts: number[] = [];
  cells.forEach((key, n) => {
    keys.set(keyParts(key), n * SLOT_CELL_WIDTH);
    start[n] = seconds.length;
    const values = fired.get(key)!.sort((a, b) => a - b);
    for (let a = 0; a < values.length;) {
      let b = a + 1;
      while (b < values.length && values[b] === values[a]) b++;
      if (values[a]! < 0) untimed[n] = b - a;
      else {
        seconds.push(values[a]!);
        counts.push(b - a);
      }
      a = b;
    }
  });
  start[cells.length] = seconds.length;
  const progressCells = [...progress.keys()].sort((a, b) => a - b);
  const progressKeys = new Uint32Array(progressCells.length * SLOT_CELL_WIDTH);
  progressCells.forEach((key, n) => progressKeys.set(keyParts(key), n * SLOT_CELL_WIDTH));
  return {
    keys,
    untimed,
    start,
    seconds: Uint32Array.from(seconds),
    counts: Uint32Array.from(counts),
    progressKeys,
    progressSeconds: Uint32Array.from(progressCells, (k) => Math.floor((progress.get(k)! + 500) / 1000)),
  };
}
