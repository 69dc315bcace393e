import type { DateCoverage, IngestCounts, KitchenCoverage, KitchenPending } from "@/lib/kitchen/contract/responses";
import { addIngestCounts, emptyIngestCounts } from "@/lib/kitchen/ingest/ingest";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

/**
 * Where each date of a range stands, from its stored rows: in the shape every kitchen answer
 * carries (`DateCoverage`), and as the per-date list of the coverage route (`KitchenCoverage`).
 */

export function coverageOf(dates: readonly string[], rows: Map<string, DayRow>): DateCoverage {
  const coverage: DateCoverage = { complete: [], notEntitled: [], failed: [], open: [], pending: [] };
  for (const date of dates) {
    const row = rows.get(date);
    if (!row) coverage.pending.push(date);
    else if (row.status === "complete") coverage.complete.push(date);
    else if (row.status === "open" && row.fetchedAt !== null) coverage.open.push({ date, refreshedAt: new Date(row.fetchedAt).toISOString() });
    else if (row.status === "not_entitled") coverage.notEntitled.push(date);
    else coverage.failed.push({ date, reason: row.reason ?? "unknown", attemptedAt: new Date(row.attemptedAt).toISOString() });
  }
  return coverage;
}

/** The per-date list, built from the same coverage so the two shapes cannot disagree. */
export function coverageReport(restaurantGuid: string, range: { from: string; to: string }, dates: readonly string[], rows: Map<string, DayRow>): KitchenCoverage {
  const c = coverageOf(dates, rows);
  const status = new Map<string, KitchenCoverage["dates"][number]>();
  for (const d of c.complete) status.set(d, { date: d, status: "complete" });
  for (const d of c.notEntitled) status.set(d, { date: d, status: "not_entitled" });
  for (const d of c.pending) status.set(d, { date: d, status: "pending" });
  for (const d of c.open) status.set(d.date, { date: d.date, status: "open", at: d.refreshedAt });
  for (const d of c.failed) status.set(d.date, { date: d.date, status: "failed", reason: d.reason, at: d.attemptedAt });
  return {
    restaurantGuid,
    from: range.from,
    to: range.to,
    total: dates.length,
    ready: c.complete.length + c.notEntitled.length + c.open.length,
    complete: c.complete.length,
    notEntitled: c.notEntitled.length,
    failed: c.failed.length,
    open: c.open.length,
    pending: c.pending.length,
    dates: dates.map((d) => status.get(d)!),
  };
}

/** The 202 body of a range some of whose dates have no answer yet. */
export function pendingReport(restaurantGuid: string, range: { from: string; to: string }, dates: readonly string[], rows: Map<string, DayRow>): KitchenPending {
  const coverage = coverageReport(restaurantGuid, range, dates, rows);
  const answered = coverage.total - coverage.pending;
  return {
    status: "pending",
    message: `The kitchen data of this range is being fetched from the Platform: ${answered} of ${coverage.total} business dates ready. Ask again shortly; the answer comes once every date is in.`,
    ...coverage,
  };
}

/** Dates whose stored data counts: complete ones and snapshots of open ones. */
export function usableDates(dates: readonly string[], rows: Map<string, DayRow>): { date: string; version: number }[] {
  return dates.flatMap((date) => {
    const row = rows.get(date);
    return row && (row.status === "complete" || row.status === "open") && row.fetchedAt !== null ? [{ date, version: row.fetchedAt }] : [];
  });
}

/** What the usable dates' exports held that the figures leave out, summed. */
export function ingestOf(dates: readonly string[], rows: Map<string, DayRow>): IngestCounts {
  const total = emptyIngestCounts();
  for (const { date } of usableDates(dates, rows)) {
    const counts = rows.get(date)?.ingest;
    if (counts) addIngestCounts(total, counts);
  }
  return total;
}
