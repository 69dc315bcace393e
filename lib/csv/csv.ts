import { stringify } from "csv-stringify/sync";

/**
 * CSV as spreadsheets open it safely: RFC 4180 quoting by csv-stringify, and any text field that a
 * spreadsheet would run as a formula (starting with = + - @ tab or carriage return) prefixed with
 * an apostrophe. Numbers stay numbers: a negative duration is data, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CRLF records, and a field holding a bare CR or LF quoted too: csv-stringify only quotes the
 * record delimiter itself, and an unquoted line break would split the record.
 */
export const CSV_STRINGIFY_OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]/ } as const;

export type CsvValue = string | number | boolean | null | undefined;

export function csvSafe(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** Header plus rows, CRLF line endings as RFC 4180 asks. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records: string[][] = [columns.map((c) => c.header)];
  for (const row of rows) records.push(columns.map((c) => csvSafe(c.value(row))));
  return stringify(records, CSV_STRINGIFY_OPTIONS);
}
