"use client";

import type { CsvColumn } from "@/lib/csv/csv";

/**
 * Downloads the rows a person is looking at as CSV, built in the browser from the same data the
 * table shows (so the file always matches the screen). Server-side exports use plain links.
 */
export function CsvDownloadButton<Row>({
  fileName,
  columns,
  rows,
  label = "Download CSV",
}: {
  fileName: string;
  columns: CsvColumn<Row>[];
  rows: readonly Row[];
  label?: string;
}) {
  async function download() {
    // The CSV writer (csv-stringify, with the Buffer polyfill it needs) loads on the first click,
    // not with the page: every card has this button, and a phone would evaluate it at start-up.
    const { toCsv } = await import("@/lib/csv/csv");
    // A byte-order mark lets spreadsheet apps detect UTF-8 (names with accents, like "Sauté").
    const blob = new Blob(["\uFEFF", toCsv(columns, rows)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <button type="button" className="button" onClick={() => void download()} disabled={rows.length === 0}>
      <span aria-hidden="true">⤓</span> {label}
    </button>
  );
}

/**
 * A link to a CSV the server streams (large exports). While `unavailable` says why, it is shown
 * disabled and leads nowhere: following it would download the server's JSON reason instead.
 */
export function CsvDownloadLink({
  href,
  label,
  unavailable,
}: {
  href: string;
  label: string;
  unavailable?: string;
}) {
  if (unavailable) {
    return (
      <a className="button" role="link" aria-disabled="true" title={`${label}: ${unavailable}`}>
        <span aria-hidden="true">⤓</span> {label}
      </a>
    );
  }
  return (
    <a className="button" href={href} download>
      <span aria-hidden="true">⤓</span> {label}
    </a>
  );
}
