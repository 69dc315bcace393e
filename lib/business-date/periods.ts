import { addBusinessDays, businessDateWeekday, parseBusinessDate, toBusinessDate } from "./business-date";

/**
 * Whole periods inside a range of business dates: calendar months, and ISO weeks (Monday to
 * Sunday). The kitchen's rollups are kept per period, so a long range is a few periods plus the
 * days at its edges.
 */
export interface DatePeriod {
  kind: "week" | "month";
  /** First and last date, both included. */
  start: string;
  end: string;
}

function monthEnd(start: string): string {
  const { year, month } = parseBusinessDate(start);
  return addBusinessDays(
    month === 12 ? toBusinessDate(year + 1, 1, 1) : toBusinessDate(year, month + 1, 1),
    -1,
  );
}

/** The months inside [from, to], then the ISO weeks inside what they leave; ascending by start. */
export function wholePeriodsWithin(from: string, to: string): DatePeriod[] {
  if (from > to) return [];
  const months: DatePeriod[] = [];
  const first = parseBusinessDate(from);
  let start = first.day === 1 ? from : addBusinessDays(monthEnd(from), 1);
  while (start <= to) {
    const end = monthEnd(start);
    if (end > to) break;
    months.push({ kind: "month", start, end });
    start = addBusinessDays(end, 1);
  }
  const gaps: [string, string][] =
    months.length === 0
      ? [[from, to]]
      : [
          [from, addBusinessDays(months[0]!.start, -1)],
          [addBusinessDays(months.at(-1)!.end, 1), to],
        ];
  const weeks: DatePeriod[] = [];
  for (const [a, b] of gaps) {
    if (a > b) continue;
    // The first Monday on or after a (getUTCDay: 0 Sunday, 1 Monday).
    let monday = addBusinessDays(a, (8 - businessDateWeekday(a)) % 7);
    while (addBusinessDays(monday, 6) <= b) {
      weeks.push({ kind: "week", start: monday, end: addBusinessDays(monday, 6) });
      monday = addBusinessDays(monday, 7);
    }
  }
  return [...months, ...weeks].sort((x, y) => (x.start < y.start ? -1 : 1));
}

/** The start dates of the periods a rollup may cover that contain `date`: its calendar month and its ISO week. */
export function periodsContaining(date: string): { month: string; week: string } {
  const { year, month } = parseBusinessDate(date);
  return {
    month: toBusinessDate(year, month, 1),
    week: addBusinessDays(date, -((businessDateWeekday(date) + 6) % 7)),
  };
}

/**
 * Every calendar month and every ISO week inside [from, to], months overlapping weeks (a range's
 * edge may fall anywhere, so any of them may be a range's period): what the backfill keeps built.
 */
export function everyPeriodWithin(from: string, to: string): DatePeriod[] {
  if (from > to) return [];
  const months = wholePeriodsWithin(from, to).filter((p) => p.kind === "month");
  const weeks: DatePeriod[] = [];
  for (let monday = addBusinessDays(from, (8 - businessDateWeekday(from)) % 7); ;) {
    const end = addBusinessDays(monday, 6);
    if (end > to) break;
    weeks.push({ kind: "week", start: monday, end });
    monday = addBusinessDays(monday, 7);
  }
  return [...months, ...weeks].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
}
