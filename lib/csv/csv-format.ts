// The units of every CSV this app writes, in one place so every file agrees (docs/api.md, "CSV
// files"). Its own module without the CSV writer: the browser-built downloads import it at render.
import { isValidTimeZone } from "@/lib/business-date/time-zone";

import type { CsvColumn } from "./csv";

/**
 * Rounds half away from zero to `decimals`, so a change of −0.05 min reads −0.1 as +0.05 reads
 * 0.1 (Math.round alone rounds halves toward +∞). The 1e-9 nudge rounds a half that binary
 * floating point stores a hair low (0.7265 × 100 = 72.64999…) as the decimal it was.
 */
function roundHalfAway(value: number, decimals: number): number {
  const scaled = Math.round(Math.abs(value) * 10 ** decimals + 1e-9) / 10 ** decimals;
  const signed = value < 0 ? -scaled : scaled;
  return signed === 0 ? 0 : signed;
}

/** Seconds as minutes with one decimal (90 -> 1.5, 1234 -> 20.6); null stays empty. */
export function csvMinutes(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? null
    : roundHalfAway(seconds / 60, 1);
}

/** A share 0..1 as a percentage with one decimal (0.7266184 -> 72.7); null stays empty. */
export function csvPercent(share: number | null | undefined): number | null {
  return share === null || share === undefined || !Number.isFinite(share)
    ? null
    : roundHalfAway(share * 100, 1);
}

/** A change in percentage points with one decimal (0.712 - 0.731 as shares -> -1.9). */
export function csvPercentPoints(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : csvPercent(current - previous);
}

/** A business date `YYYYMMDD` as an ISO date `YYYY-MM-DD` (spreadsheets read it as a date); "" stays "". */
export function csvDate(businessDate: string | null | undefined): string {
  if (!businessDate) return "";
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(businessDate);
  if (!m) throw new Error(`csvDate: "${businessDate}" is not a business date YYYYMMDD`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset from UTC at an instant, in minutes (−300 for New York in winter). By Intl's
 * "longOffset" ("GMT-05:00"), which the browser has too: this module is in the pages' first load,
 * where a time-zone library would weigh on every page for a click on a download.
 */
function offsetMinutes(timeZone: string, ms: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /^GMT([+-])(\d{2}):?(\d{2})?$/.exec(name);
  if (!m) return 0; // "GMT": UTC itself
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -minutes : minutes;
}

/**
 * An instant as ISO 8601 with its offset, to the millisecond: on the restaurant's wall clock
 * (`2026-11-19T18:02:11.000-05:00`) when its zone is known, so the hour a GM reads is the
 * kitchen's; in UTC (`+00:00`) otherwise. Both spell the offset with a colon, as ISO 8601's
 * extended format wants (the Platform writes `+0000`, which several spreadsheets do not read).
 * Text that is not an instant is returned as it came: it is the record's data.
 */
export function csvInstant(value: string | Date | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === "") return "";
  const ms = typeof value === "string" ? Date.parse(value) : value.getTime();
  if (Number.isNaN(ms)) return typeof value === "string" ? value : "";
  const offsetMin = timeZone && isValidTimeZone(timeZone) ? offsetMinutes(timeZone, ms) : 0;
  const local = new Date(ms + offsetMin * 60_000);
  const sign = offsetMin < 0 ? "-" : "+";
  const abs = Math.abs(offsetMin);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * A duration as the two columns every CSV gives it: `<name>_s` (whole seconds, for computing)
 * and `<name>_min` beside it (minutes, one decimal, for reading).
 */
export function durationCsvColumns<Row>(
  name: string,
  seconds: (row: Row) => number | null | undefined,
): CsvColumn<Row>[] {
  return [
    { header: `${name}_s`, value: (row) => seconds(row) ?? null },
    { header: `${name}_min`, value: (row) => csvMinutes(seconds(row)) },
  ];
}

/** A share as `<name>_pct`: a percentage with one decimal. */
export function percentCsvColumn<Row>(
  name: string,
  share: (row: Row) => number | null | undefined,
): CsvColumn<Row> {
  return { header: `${name}_pct`, value: (row) => csvPercent(share(row)) };
}

/**
 * A header in the one style of every CSV: snake_case ASCII ("Unit of measure" -> unit_of_measure,
 * "Item GUID" -> item_guid). Units are suffixes the callers add (_s, _min, _pct).
 */
export function csvHeader(words: string): string {
  const snake = words
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return snake || "column";
}

/**
 * What a table column's CSV is written in: seconds (as `<name>_s` and `<name>_min`), a share 0..1
 * (as `<name>_pct`), a business date (ISO), or the value as it is (absent).
 */
export type CsvUnit = "seconds" | "share" | "date";

/** The part of a screen table's column its CSV needs (components/ui/table's DataColumn). */
export interface TableCsvSource<Row> {
  header: string;
  /** The header's words in the file when they must differ from the screen's. */
  csvHeader?: string;
  csvUnit?: CsvUnit;
  value: (row: Row) => string | number | boolean | null | undefined;
  csv?: false;
}

/**
 * The CSV columns of a screen table (every browser-built download): the columns not marked
 * `csv: false`, each header in the one snake_case style with its unit suffix, durations as
 * seconds beside minutes, shares as percentages, business dates ISO.
 */
export function tableCsvColumns<Row>(columns: readonly TableCsvSource<Row>[]): CsvColumn<Row>[] {
  return columns
    .filter((c) => c.csv !== false)
    .flatMap((c): CsvColumn<Row>[] => {
      const name = csvHeader(c.csvHeader ?? c.header);
      const number = (row: Row) => {
        const v = c.value(row);
        return typeof v === "number" ? v : null;
      };
      if (c.csvUnit === "seconds") return durationCsvColumns(name, number);
      if (c.csvUnit === "share") return [percentCsvColumn(name, number)];
      if (c.csvUnit === "date")
        return [{ header: name, value: (row) => csvDate(String(c.value(row) ?? "")) }];
      return [{ header: name, value: c.value }];
    });
}
