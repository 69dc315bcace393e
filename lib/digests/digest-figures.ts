import { addBusinessDays } from "@/lib/business-date/business-date";
import { applicableTarget, type TargetBook } from "@/lib/kitchen/contract/targets";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { NO_SERVICE } from "@/lib/kitchen/ingest/day-parts";
import { AT_LEVEL, AT_STATION, AT_X, CELL_WIDTH, type DaySummary } from "@/lib/kitchen/ingest/day-summary";
import { bandOf, LOOKBACK_WEEKS, outsideBand } from "@/lib/kitchen/query/anomalies";
import { nearestRank } from "@/lib/kitchen/query/nearest-rank";

/**
 * The digest's figures, from the stored days' service cubes (fire to fulfill; cells level × station
 * × service × behavior × source, one-second histograms): a period's records, nearest-rank p50 and
 * p90 over the union of its days' histograms (never an average of percentiles), and its late
 * records, each against the target in force on its own day for its station and level (the summary's
 * rule, contract/targets.ts). Records past the items-left-on-screen cut count nowhere, as on the
 * Kitchen page by default.
 *
 * "Usual" is the same figure over the baseline periods (the same weekday, or the same Monday to
 * Sunday, in each of the previous 8 weeks) that have records: the median of the periods' own
 * figures, by nearest rank too (the lower middle of an even count), so it is always one period's
 * real figure.
 *
 * A cell's unusual days are the summary's anomaly rule (lib/kitchen/query/anomalies.ts) applied to
 * the cell: a day of the period whose p90 lies outside the band of the same cell on its previous 8
 * same weekdays (all inside the baselines, for a day or a week alike). They feed the ranking: a
 * cell with an unusual day comes before one without (issue 35: anomalies feed the exceptions).
 */

export interface PeriodFigures {
  records: number;
  p50: number | null;
  p90: number | null;
  late: number;
  /** late / records; null without records. */
  lateShare: number | null;
}

export interface UsualFigures {
  /** Baseline periods with records (of 8). */
  periods: number;
  records: number;
  p50: number;
  p90: number;
  lateShare: number;
}

export interface DigestLevelFigures extends PeriodFigures {
  level: KitchenLevel;
  /** The level's target in force on the period's last date (a station's own target may differ). */
  targetSeconds: number;
  usual: UsualFigures | null;
}

/** A day of the period on which the cell's p90 lay outside its own band (anomalies.ts; one decimal). */
export interface UnusualDay {
  date: string;
  p90: number;
  median: number;
  low: number;
  high: number;
}

export interface CellComparison {
  level: KitchenLevel;
  stationGuid: string | null;
  stationName: string | null;
  service: string;
  now: PeriodFigures;
  usual: UsualFigures;
  /** How far it moved: the larger of the p90's relative change and the late share's change (both fractions). */
  score: number;
  /** The period's days flagged unusual for this cell, in date order (empty: none). */
  unusual: UnusualDay[];
}

export interface RestaurantFigures {
  levels: DigestLevelFigures[];
  /** Station × service × level cells with enough records now and enough usual periods, by score. */
  cells: CellComparison[];
}

/** Fewer records than this at a station × service is too few for its p90 to mean much. */
export const MIN_CELL_RECORDS = 10;
/** A usual needs figures on at least half of the 8 baseline periods. */
export const MIN_USUAL_PERIODS = 4;

class Tally {
  readonly counts = new Map<number, number>();
  records = 0;
  late = 0;

  add(second: number, n: number, target: number): void {
    this.counts.set(second, (this.counts.get(second) ?? 0) + n);
    this.records += n;
    if (second > target) this.late += n;
  }

  figures(): PeriodFigures {
    const seconds = [...this.counts.keys()].sort((a, b) => a - b);
    const at = (p: number): number | null => {
      if (this.records === 0) return null;
      const rank = nearestRank(this.records, p);
      let seen = 0;
      for (const s of seconds) if ((seen += this.counts.get(s)!) >= rank) return s;
      return null;
    };
    return {
      records: this.records,
      p50: at(50),
      p90: at(90),
      late: this.late,
      lateShare: this.records === 0 ? null : this.late / this.records,
    };
  }
}

interface CellTally {
  level: KitchenLevel;
  stationGuid: string | null;
  stationName: string | null;
  service: string;
  tally: Tally;
}

interface PeriodTally {
  levels: Map<KitchenLevel, Tally>;
  cells: Map<string, CellTally>;
}

/** The tallies of one period's days, each day's records judged by that day's targets. */
function tallyPeriod(
  days: readonly DaySummary[],
  bookOn: (date: string) => TargetBook,
  cutSeconds: number | undefined,
): PeriodTally {
  const out: PeriodTally = { levels: new Map(), cells: new Map() };
  for (const day of days) {
    const book = bookOn(day.businessDate);
    const { keys, start, seconds, counts } = day.serviceCubes.fire_to_fulfill;
    const cellCount = start.length - 1;
    for (let c = 0; c < cellCount; c++) {
      const k = c * CELL_WIDTH;
      const level = keys[k + AT_LEVEL]! as KitchenLevel;
      const station = day.stations[keys[k + AT_STATION]!] ?? { guid: null, name: null };
      const service = day.dayParts.services[keys[k + AT_X]!]?.name ?? NO_SERVICE;
      const target = applicableTarget(book, station.guid, level);
      const key = `${level}\u0000${station.guid ?? ""}\u0000${service}`;
      let cell = out.cells.get(key);
      if (!cell) {
        cell = { level, stationGuid: station.guid, stationName: station.name, service, tally: new Tally() };
        out.cells.set(key, cell);
      }
      if (cell.stationName === null && station.name) cell.stationName = station.name;
      let levelTally = out.levels.get(level);
      if (!levelTally) out.levels.set(level, (levelTally = new Tally()));
      for (let e = start[c]!; e < start[c + 1]!; e++) {
        if (cutSeconds !== undefined && seconds[e]! > cutSeconds) continue;
        cell.tally.add(seconds[e]!, counts[e]!, target);
        levelTally.add(seconds[e]!, counts[e]!, target);
      }
    }
  }
  return out;
}

/** The lower median by nearest rank: always one of the values. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[nearestRank(sorted.length, 50) - 1]!;
}

function usualOf(figures: readonly PeriodFigures[]): UsualFigures | null {
  const withRecords = figures.filter((f) => f.records > 0);
  if (withRecords.length === 0) return null;
  return {
    periods: withRecords.length,
    records: median(withRecords.map((f) => f.records)),
    p50: median(withRecords.map((f) => f.p50!)),
    p90: median(withRecords.map((f) => f.p90!)),
    lateShare: median(withRecords.map((f) => f.lateShare!)),
  };
}

/** The score of a cell's move (see CellComparison.score). */
export function moveScore(now: PeriodFigures, usual: UsualFigures): number {
  const p90 = usual.p90 > 0 ? Math.abs(now.p90! - usual.p90) / usual.p90 : 0;
  return Math.max(p90, Math.abs(now.lateShare! - usual.lateShare));
}

export interface FiguresInput {
  /** The period's stored days (one for a daily digest, up to seven for a weekly one). */
  period: readonly DaySummary[];
  /** The 8 baseline periods' stored days, most recent first. */
  baselines: readonly (readonly DaySummary[])[];
  bookOn: (date: string) => TargetBook;
  /** The period's last date: whose level targets are shown. */
  lastDate: string;
  cutSeconds: number | undefined;
}

/** One restaurant's figures for a period against its usual and its targets. */
export function restaurantFigures(input: FiguresInput): RestaurantFigures {
  const now = tallyPeriod(input.period, input.bookOn, input.cutSeconds);
  const before = input.baselines.map((days) => tallyPeriod(days, input.bookOn, input.cutSeconds));
  const book = input.bookOn(input.lastDate);
  const levels: DigestLevelFigures[] = [];
  for (const level of KITCHEN_LEVELS) {
    const current = now.levels.get(level)?.figures();
    const usual = usualOf(before.map((b) => b.levels.get(level)?.figures() ?? EMPTY));
    if (!current?.records && !usual) continue;
    levels.push({ level, ...(current ?? EMPTY), targetSeconds: book.levels[level], usual });
  }
  const cells: CellComparison[] = [];
  const dayP90 = dailyP90s([input.period, ...input.baselines].flat(), input.bookOn, input.cutSeconds);
  for (const [key, cell] of now.cells) {
    const current = cell.tally.figures();
    if (current.records < MIN_CELL_RECORDS) continue;
    const usual = usualOf(before.map((b) => b.cells.get(key)?.tally.figures() ?? EMPTY));
    if (!usual || usual.periods < MIN_USUAL_PERIODS) continue;
    const { tally: _, ...where } = cell;
    const unusual = unusualDays(
      input.period.map((d) => d.businessDate),
      key,
      dayP90,
    );
    cells.push({ ...where, now: current, usual, score: moveScore(current, usual), unusual });
  }
  return { levels, cells: cells.sort(byMove) };
}

/** Per date, each cell's p90 that day (null: no record of it). */
function dailyP90s(
  days: readonly DaySummary[],
  bookOn: (date: string) => TargetBook,
  cutSeconds: number | undefined,
): Map<string, Map<string, number | null>> {
  const out = new Map<string, Map<string, number | null>>();
  for (const day of days) {
    const cells = new Map<string, number | null>();
    for (const [key, cell] of tallyPeriod([day], bookOn, cutSeconds).cells)
      cells.set(key, cell.tally.figures().p90);
    out.set(day.businessDate, cells);
  }
  return out;
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** The period's dates on which the cell's p90 lay outside the band of its previous LOOKBACK_WEEKS same weekdays. */
function unusualDays(
  dates: readonly string[],
  key: string,
  dayP90: Map<string, Map<string, number | null>>,
): UnusualDay[] {
  const out: UnusualDay[] = [];
  for (const date of [...dates].sort()) {
    const p90 = dayP90.get(date)?.get(key) ?? null;
    if (p90 === null) continue;
    const previous = Array.from(
      { length: LOOKBACK_WEEKS },
      (_, i) => dayP90.get(addBusinessDays(date, -7 * (i + 1)))?.get(key) ?? null,
    );
    const band = bandOf(previous);
    if (!band || !outsideBand(p90, band)) continue;
    out.push({
      date,
      p90,
      median: oneDecimal(band.median),
      low: oneDecimal(band.low),
      high: oneDecimal(band.high),
    });
  }
  return out;
}

const EMPTY: PeriodFigures = { records: 0, p50: null, p90: null, late: 0, lateShare: null };

/**
 * A cell with an unusual day first (flagged against its own history, not only against the median of
 * its 8 periods), then the largest move; ties in a fixed order (station name, service, level) so the
 * ranking is stable.
 */
export function byMove(
  a: Pick<CellComparison, "score" | "stationName" | "service" | "level" | "unusual">,
  b: typeof a,
): number {
  const flagged = (c: typeof a) => (c.unusual.length > 0 ? 0 : 1);
  return (
    flagged(a) - flagged(b) ||
    b.score - a.score ||
    (a.stationName ?? "").localeCompare(b.stationName ?? "") ||
    a.service.localeCompare(b.service) ||
    a.level - b.level
  );
}
