import type { Stats, TargetShare } from "@/lib/kitchen/contract/responses";
import { applicableTarget, veryLateSeconds, type TargetBook } from "@/lib/kitchen/contract/targets";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { CELL_WIDTH, type CubePart, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { denseStats } from "@/lib/kitchen/query/dense-histograms";
import { ByteReader, ByteWriter } from "@/lib/kitchen/storage/byte-codec";

/**
 * A day's level digest: the few histograms the Overview's figures are merged from, a few hundred
 * bytes where the decoded day is megabytes (issue 31). From the day's fire-to-fulfill cubes:
 *   - the levels present;
 *   - per level × station, the one-second histogram of the hours cube summed over hours, behaviors
 *     and sources, and its records without a value (`excluded`): the level's stats, and each
 *     station's records against its own target (the share within target);
 *   - per level, the histogram of the selections cube (any station) and its excluded count: the
 *     distinct items, with the items left on screen's cut applied as `cutCube` applies it.
 * Sums of these over a range's days are the union's histograms, so the figures merged from digests
 * (`LevelMerge`) are mergeLevels's and countStuck's exactly (nearest rank over the union).
 *
 * Encoding (varints, byte-codec.ts): levels mask; groups; per group level, station GUID or null,
 * excluded, entries and (gap to the previous second, count) pairs; then per level the selections'
 * excluded, entries and pairs.
 */

const L = KITCHEN_LEVELS.length;
const W = CELL_WIDTH;
/** Seconds held densely while merging; longer durations go to an exact overflow map. */
const DENSE = 8192;

interface Histogram {
  excluded: number;
  counts: Map<number, number>;
}

function collapse(cube: CubePart, groupOf: (keys: Uint32Array, k: number) => number): Map<number, Histogram> {
  const out = new Map<number, Histogram>();
  const { keys, excluded, start, seconds, counts } = cube;
  for (let c = 0; c < excluded.length; c++) {
    const g = groupOf(keys, c * W);
    let h = out.get(g);
    if (!h) out.set(g, (h = { excluded: 0, counts: new Map() }));
    h.excluded += excluded[c]!;
    for (let e = start[c]!; e < start[c + 1]!; e++)
      h.counts.set(seconds[e]!, (h.counts.get(seconds[e]!) ?? 0) + counts[e]!);
  }
  return out;
}

function writeHistogram(w: ByteWriter, h: Histogram | undefined): void {
  w.uint(h?.excluded ?? 0);
  const entries = h ? [...h.counts].sort((a, b) => a[0] - b[0]) : [];
  w.uint(entries.length);
  let last = 0;
  for (const [second, n] of entries) {
    w.uint(second - last);
    w.uint(n);
    last = second;
  }
}

/** The digest of a stored day (see above). */
export function levelDigestOf(day: DaySummary): Uint8Array {
  const cubes = day.cubes.fire_to_fulfill;
  const S = Math.max(1, day.stations.length);
  const groups = collapse(cubes.hours, (keys, k) => keys[k + 1]! * L + keys[k]!);
  const selections = collapse(cubes.selectionsAnyStation, (keys, k) => keys[k]!);
  const w = new ByteWriter();
  w.uint(day.levels.reduce((mask, l) => mask | (1 << l), 0));
  const ordered = [...groups.keys()].sort((a, b) => a - b);
  w.uint(ordered.length);
  for (const g of ordered) {
    w.uint(g % L);
    const station = Math.floor(g / L);
    w.nullableString(station < S ? (day.stations[station]?.guid ?? null) : null);
    writeHistogram(w, groups.get(g));
  }
  for (let l = 0; l < L; l++) writeHistogram(w, selections.get(l));
  return w.bytes();
}

/** What the Overview's figures need of a range's query: the targets in force, the cut, the stuck limit. */
interface LevelMergeOptions {
  book: TargetBook;
  /** The items left on screen's cut (`stuck=exclude`): records over it count nowhere. */
  cutSeconds: number | undefined;
  /** Records over this are counted as items left on screen (countStuck). */
  stuckLimitSeconds: number;
}

/** The merged figures: mergeLevels's `levels` and `withinTarget`, and countStuck's count. */
export interface LevelFigures {
  levels: { level: KitchenLevel; items: number; stats: Stats }[];
  withinTarget: TargetShare[];
  stuckRecords: number;
}

/** Sums day digests of one range, then reads the figures (`result`). One per range; not reusable. */
export class LevelMerge {
  private readonly dense = Array.from({ length: L }, () => new Float64Array(DENSE));
  private readonly overflow = Array.from({ length: L }, () => new Map<number, number>());
  private readonly top = new Int32Array(L).fill(-1);
  private readonly excluded = new Float64Array(L);
  private readonly late = new Float64Array(L);
  private readonly veryLate = new Float64Array(L);
  private readonly items = new Float64Array(L);
  private present = 0;
  private stuck = 0;
  private readonly targets = new Map<string, number>();

  constructor(private readonly options: LevelMergeOptions) {}

  private targetOf(guid: string | null, level: KitchenLevel): number {
    const key = `${level}|${guid}`;
    let t = this.targets.get(key);
    if (t === undefined) this.targets.set(key, (t = applicableTarget(this.options.book, guid, level)));
    return t;
  }

  add(digest: Uint8Array): void {
    const { cutSeconds, stuckLimitSeconds } = this.options;
    const cut = cutSeconds ?? Infinity;
    const r = new ByteReader(digest);
    this.present |= r.uint();
    const groups = r.uint();
    for (let g = 0; g < groups; g++) {
      const level = r.uint() as KitchenLevel;
      const target = this.targetOf(r.nullableString(), level);
      const veryLate = veryLateSeconds(target);
      this.excluded[level]! += r.uint();
      const dense = this.dense[level]!;
      const entries = r.uint();
      let second = 0;
      for (let e = 0; e < entries; e++) {
        second += r.uint();
        const n = r.uint();
        if (second > stuckLimitSeconds) this.stuck += n;
        if (second > cut) continue;
        if (second < DENSE) dense[second]! += n;
        else this.overflow[level]!.set(second, (this.overflow[level]!.get(second) ?? 0) + n);
        if (second > this.top[level]!) this.top[level] = second;
        if (second > target) this.late[level]! += n;
        if (second > veryLate) this.veryLate[level]! += n;
      }
    }
    for (let l = 0; l < L; l++) {
      let items = r.uint();
      const entries = r.uint();
      let second = 0;
      for (let e = 0; e < entries; e++) {
        second += r.uint();
        const n = r.uint();
        if (second <= cut) items += n;
      }
      this.items[l]! += items;
    }
  }

  result(): LevelFigures {
    const levelList = KITCHEN_LEVELS.filter((l) => (this.present & (1 << l)) !== 0);
    const stats = (l: KitchenLevel): Stats => {
      const beyond = [...this.overflow[l]!.keys()].sort((a, b) => a - b);
      return denseStats(
        this.dense[l]!,
        0,
        Math.min(DENSE, this.top[l]! + 1),
        this.excluded[l]!,
        beyond,
        beyond.map((s) => this.overflow[l]!.get(s)!),
      );
    };
    const levels = levelList.map((level) => ({ level, items: this.items[level]!, stats: stats(level) }));
    const withinTarget: TargetShare[] = levels.map(({ level, stats: s }) => {
      const late = this.late[level]!;
      return {
        level,
        targetSeconds: this.options.book.levels[level],
        within: s.count - late,
        count: s.count,
        share: s.count === 0 ? null : (s.count - late) / s.count,
        late,
        veryLate: this.veryLate[level]!,
      };
    });
    return { levels, withinTarget, stuckRecords: this.stuck };
  }
}

/**
 * A digest's fire-to-fulfill records per level, stations summed, added into `into[level]`
 * (seconds -> records), the items left on screen cut as LevelMerge cuts them: the same records as
 * the Overview's figures. Issue 36's areas add them across restaurants (a sum of histograms is the
 * histogram of the union), so a group's percentile is exact without decoding a day.
 */
export function addDigestHistograms(
  digest: Uint8Array,
  cutSeconds: number | undefined,
  into: readonly Map<number, number>[],
): void {
  const cut = cutSeconds ?? Infinity;
  const r = new ByteReader(digest);
  r.uint();
  const groups = r.uint();
  for (let g = 0; g < groups; g++) {
    const level = r.uint();
    r.nullableString();
    r.uint();
    const entries = r.uint();
    const h = into[level]!;
    let second = 0;
    for (let e = 0; e < entries; e++) {
      second += r.uint();
      const n = r.uint();
      if (second <= cut) h.set(second, (h.get(second) ?? 0) + n);
    }
  }
}
