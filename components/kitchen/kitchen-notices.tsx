"use client";

import { Notice } from "@/components/ui/states";
import type { DateCoverage, IngestCounts, StuckReport } from "@/lib/kitchen/contract/responses";
import { coverageNotes, listDates } from "@/lib/kitchen/ui/coverage-notes";
import { ingestNotes, stuckNote } from "@/lib/kitchen/ui/ingest-notes";

/** Dates the numbers leave out (failed, no subscription) and dates still open, named. */
export function CoverageWarnings({ coverage }: { coverage: DateCoverage }) {
  const notes = coverageNotes(coverage);
  if (notes.notEntitled) return null;
  const failed = coverage.failed.map((f) => f.date).sort();
  return (
    <>
      {failed.length > 0 ? (
        <Notice title={`${failed.length === 1 ? "One date is" : `${failed.length} dates are`} missing from these numbers`}>
          <p>
            The kitchen data of {listDates(failed)} could not be fetched from the Platform. The figures below leave{" "}
            {failed.length === 1 ? "it" : "them"} out; reloading the page tries again.
          </p>
        </Notice>
      ) : null}
      {coverage.notEntitled.length > 0 ? (
        <Notice title="Some dates have no kitchen data">
          <p>The Platform sent no kitchen data for {listDates([...coverage.notEntitled].sort())}: the restaurant lacked the professional tier then.</p>
        </Notice>
      ) : null}
      {notes.open.length > 0 ? (
        <Notice tone="info" title="Today is still open">
          <p>
            {listDates(notes.open.map((o) => o.date))} {notes.open.length === 1 ? "is" : "are"} the current business date: its numbers grow as the
            kitchen works and refresh on their own.
          </p>
        </Notice>
      ) : null}
    </>
  );
}

/** What the exports held that the figures leave out or count once (items left on screen too), said in words. */
export function IngestNotice({ ingest, stuck }: { ingest: IngestCounts | undefined; stuck?: StuckReport }) {
  const left = stuckNote(stuck);
  const notes = [...ingestNotes(ingest), ...(left ? [left] : [])];
  if (notes.length === 0) return null;
  return (
    <Notice tone="info" title="Records left out of these figures">
      <p data-testid="ingest-notes">{notes.join("; ")}.</p>
    </Notice>
  );
}
