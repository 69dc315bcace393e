import { SLOT_CELL_WIDTH, type DaySlots } from "@/lib/kitchen/ingest/day-slots";
import type { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";

/**
 * The stored form of a day's capacity slots (day-slots.ts), inside the day summary's bytes
 * (day-summary-codec.ts): the cells' keys, per cell its untimed count and its histogram with the
 * seconds delta-coded, then the in-progress cells. Lengths are checked so a damaged row fails.
 */
export function writeDaySlots(w: ByteWriter, s: DaySlots): void {
  w.uints(s.keys);
  const cells = s.untimed.length;
  for (let c = 0; c < cells; c++) {
    w.uint(s.untimed[c]!);
    w.uint(s.start[c + 1]! - s.start[c]!);
    let previous = 0;
    for (let e = s.start[c]!; e < s.start[c + 1]!; e++) {
      w.uint(s.seconds[e]! - previous);
      previous = s.seconds[e]!;
      w.uint(s.counts[e]!);
    }
  }
  w.uints(s.progressKeys);
  w.uints(s.progressSeconds);
}

export function readDaySlots(r: ByteReader): DaySlots {
  const keys = r.uints();
  if (keys.length % SLOT_CELL_WIDTH !== 0) throw new Error("day summary's slot keys are not whole cells");
  const cells = keys.length / SLOT_CELL_WIDTH;
  const untimed = new Uint32Array(cells);
  const start = new Uint32Array(cells + 1);
  const seconds: number[] = [];
  const counts: number[] = [];
  for (let c = 0; c < cells; c++) {
    untimed[c] = r.uint();
    start[c] = seconds.length;
    let previous = 0;
    for (let k = r.uint(); k > 0; k--) {
      previous += r.uint();
      seconds.push(previous);
      counts.push(r.uint());
    }
  }
  start[cells] = seconds.length;
  const progressKeys = r.uints();
  const progressSeconds = r.uints();
  if (progressKeys.length !== progressSeconds.length * SLOT_CELL_WIDTH)
    throw new Error("day summary's in-progress slots do not match their seconds");
  return {
    keys,
    untimed,
    start,
    seconds: Uint32Array.from(seconds),
    counts: Uint32Array.from(counts),
    progressKeys,
    progressSeconds,
  };
}
