"use client";

import type { ReactNode } from "react";

import styles from "@/components/kitchen/first-screen/first-screen.module.css";
import type { CloseoutRules } from "@/lib/business-date/closeout";
import type { DateCoverage, IngestCounts, StuckReport } from "@/lib/kitchen/contract/responses";
import {
  beforeDataNote,
  coverageNotes,
  listDates,
  provisionalNote,
} from "@/lib/kitchen/present/coverage-notes";
import { ingestNotes, stuckNote } from "@/lib/kitchen/present/ingest-notes";

/**
 * One note on the figures, a line of the muted footnote below them (issue 34: notes never push the
 * figures down in a coloured box). `warning`: dates missing from the numbers, its title in red.
 */
function Note({
  title,
  warning = false,
  children,
}: {
  title: string;
  warning?: boolean;
  children: ReactNode;
}) {
  return (
    <p className={warning ? styles.warning : undefined}>
      <strong>{title}.</strong> {children}
    </p>
  );
}

/**
 * Dates the numbers leave out (failed, no subscription), dates before the kitchen data begins,
 * dates still open, and (a muted line) counted dates the Platform may still revise, named.
 */
export function CoverageWarnings({
  coverage,
  rules,
  mutedClassName,
}: {
  coverage: DateCoverage;
  rules: CloseoutRules;
  mutedClassName?: string;
}) {
  const notes = coverageNotes(coverage);
  if (notes.notEntitled) return null;
  // Dates of a parked or backing-off location, or of a credential without the kitchen scope, were
  // not asked at all (lib/kitchen/service/location-health.ts): the server says so in `hold`, and
  // the page says why, not "reloading tries again".
  const heldDates = coverage.failed.filter((f) => f.hold);
  const heldReasons = [...new Set(heldDates.map((f) => f.hold!.reason))];
  const held = heldDates.map((f) => f.date).sort();
  const failed = coverage.failed
    .filter((f) => !f.hold)
    .map((f) => f.date)
    .sort();
  const outage = heldDates.some((f) => f.hold!.kind === "outage");
  const before = beforeDataNote(coverage);
  const provisional = provisionalNote(coverage, rules);
  return (
    <>
      {held.length > 0 ? (
        <Note
          warning
          title={
            outage
              ? "The Platform is failing for several restaurants: it is not being asked for now"
              : "The Platform is not being asked for this kitchen's data"
          }
        >
          <span data-testid="held-reason">
            The kitchen data of {listDates(held)} was not asked for: {heldReasons.slice(0, 2).join("; ")}. The
            figures above leave {held.length === 1 ? "it" : "them"} out.
          </span>
        </Note>
      ) : null}
      {failed.length > 0 ? (
        <Note
          warning
          title={`${failed.length === 1 ? "One date is" : `${failed.length} dates are`} missing from these numbers`}
        >
          The kitchen data of {listDates(failed)} could not be fetched from the Platform. The figures above
          leave {failed.length === 1 ? "it" : "them"} out; reloading the page tries again.
        </Note>
      ) : null}
      {coverage.notEntitled.length > 0 ? (
        <Note warning title="Some dates have no kitchen data">
          The Platform sent no kitchen data for {listDates([...coverage.notEntitled].sort())}: the restaurant
          lacked the professional tier then.
        </Note>
      ) : null}
      {before ? (
        <Note title="Before the kitchen data begins">
          <span data-testid="before-data-note">{before}</span>
        </Note>
      ) : null}
      {notes.open.length > 0 ? (
        <Note title="Today is still open">
          {listDates(notes.open.map((o) => o.date))} {notes.open.length === 1 ? "is" : "are"} the current
          business date: its numbers grow as the kitchen works and refresh on their own.
        </Note>
      ) : null}
      {provisional ? (
        <p className={mutedClassName} data-testid="provisional-note">
          {provisional}
        </p>
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
    <Note title="Records left out of these figures">
      <span data-testid="ingest-notes">{notes.join("; ")}.</span>
    </Note>
  );
}
