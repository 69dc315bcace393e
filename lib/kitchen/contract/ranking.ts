/**
 * Honest rankings (issue 34): a row resting on a handful of records is never ranked above one
 * resting on many. A list that answers "which needs me" ranks by late items (records over the
 * target that applies to them), then by minutes over target where known, never by a percentile:
 * the p90 of six records is one record, and "No station" with 6 records topped a grill with 2,300.
 * Rows with fewer than MIN_RANKED_COUNT records are shown, marked and muted, after all the others.
 */
export const MIN_RANKED_COUNT = 20;

/** What a ranked row needs: its records, and its late records (null where no target applies). */
interface RankedFigures {
  count: number;
  late: number | null;
  /** Seconds over the target summed over the late records; the tie-break after late items. */
  secondsOver?: number | null;
}

/** Whether a row has too few records to be ranked among the others (it is listed after them). */
export function hasFewRecords(count: number): boolean {
  return count < MIN_RANKED_COUNT;
}

/**
 * The order of a "needs attention" list: rows with at least MIN_RANKED_COUNT records first; within
 * each group, most late items first, then most seconds over target, then most records. Equal
 * rows compare 0, so a stable sort keeps the caller's order between them (a name, a level).
 */
export function compareRanked(a: RankedFigures, b: RankedFigures): number {
  return (
    Number(hasFewRecords(a.count)) - Number(hasFewRecords(b.count)) ||
    (b.late ?? -1) - (a.late ?? -1) ||
    (b.secondsOver ?? -1) - (a.secondsOver ?? -1) ||
    b.count - a.count
  );
}
