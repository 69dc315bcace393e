import { stringify } from "csv-stringify/sync";

import { CSV_STRINGIFY_OPTIONS, csvSafe, type CsvColumn } from "./csv";

/**
 * CSV for large exports: rows arrive in batches (a chunk read from the store at a time) and
 * leave as a byte stream, so a year of records never sits in memory as one string. Same rules as
 * toCsv: RFC 4180 quoting by csv-stringify, CRLF, formula-injection safe fields, UTF-8 with a
 * byte-order mark so spreadsheet apps read accents right.
 */
export function csvStream<Row>(
  columns: CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (records: string[][]) => encoder.encode(stringify(records, CSV_STRINGIFY_OPTIONS));
  let iterator: AsyncIterator<readonly Row[]> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
      controller.enqueue(line([columns.map((c) => c.header)]));
    },
    async pull(controller) {
      iterator ??= batches[Symbol.asyncIterator]();
      // A pull that enqueues nothing is not called again, so skip empty batches here.
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value.length > 0) {
          controller.enqueue(line(next.value.map((row) => columns.map((c) => csvSafe(c.value(row))))));
          return;
        }
      }
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}
