import type {
  DateCoverage,
  DateHold,
  DateStatus,
  IngestCounts,
  KitchenCoverage,
  KitchenPending,
} from "@/lib/kitchen/contract/responses";
import { addIngestCounts, emptyIngestCounts } from "@/lib/kitchen/ingest/ingest";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

import {
  isProvisional,
  kitchenDataStart,
  settleInstant,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";

/**
 * Where each date of a range stands. `dateState` is the one rule: every kitchen answer's
 * coverage (`DateCoverage`), the coverage route's per-date list (`KitchenCoverage`) and the 202's
 * progress are built from its states, so they cannot disagree about a date.
 */

export interface DateStatusContext {
  restaurant: Pick<KitchenRestaurant, "timeZone" | "closeoutHour" | "firstBusinessDate">;
  config: Pick<KitchenServiceConfig, "settleHours">;
  /**
   * The restaurant's latest answer is a 204 (store.latestAnswers): a date never asked is not
   * entitled, as the tier belongs to the restaurant; whether it upgraded is asked about once a day.
   */
  notEntitled: boolean;
}

export interface DateState {
  date: string;
  status: DateStatus;
  /** Why a failed date failed. */
  reason?: string;
  /** ISO instant: a failed date's attempt, an open date's refresh, a provisional date's settle. */
  at?: string;
  /** A failed date that was not asked: its location is held, and why (the structured `reason`). */
  hold?: DateHold;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A date's status from its stored row (if any). */
export function dateState(date: string, row: DayRow | undefined, ctx: DateStatusContext): DateState {
  // Before anything else: a row stored there by an older version (an empty day) says nothing.
  if (date < kitchenDataStart(ctx.restaurant)) return { date, status: "before_data" };
  if (!row) return { date, status: ctx.notEntitled ? "not_entitled" : "pending" };
  switch (row.status) {
    case "complete":
      return isProvisional(row, ctx.restaurant, ctx.config)
        ? { date, status: "provisional", at: iso(settleInstant(date, ctx.restaurant, ctx.config)) }
        : { date, status: "complete" };
    case "not_entitled":
      return { date, status: "not_entitled" };
    case "open":
      if (row.fetchedAt !== null) return { date, status: "open", at: iso(row.fetchedAt) };
      break;
    case "failed":
      break;
  }
  return {
    date,
    status: "failed",
    reason: row.reason ?? "unknown",
    at: iso(row.attemptedAt),
    ...(row.hold ? { hold: row.hold } : {}),
  };
}

export function dateStates(
  dates: readonly string[],
  rows: Map<string, DayRow>,
  ctx: DateStatusContext,
): DateState[] {
  return dates.map((date) => dateState(date, rows.get(date), ctx));
}

/** The coverage every kitchen answer carries. Provisional dates are in `complete` too: they are counted. */
export function coverageOf(states: readonly DateState[]): DateCoverage {
  const coverage: DateCoverage = {
    complete: [],
    provisional: [],
    beforeData: [],
    notEntitled: [],
    failed: [],
    open: [],
    pending: [],
  };
  for (const s of states) {
    switch (s.status) {
      case "provisional":
        coverage.provisional.push({ date: s.date, settlesAt: s.at! });
        coverage.complete.push(s.date);
        break;
      case "complete":
        coverage.complete.push(s.date);
        break;
      case "open":
        coverage.open.push({ date: s.date, refreshedAt: s.at! });
        break;
      case "not_entitled":
        coverage.notEntitled.push(s.date);
        break;
      case "before_data":
        coverage.beforeData.push(s.date);
        break;
      case "pending":
        coverage.pending.push(s.date);
        break;
      case "failed":
        coverage.failed.push({
          date: s.date,
          reason: s.reason!,
          attemptedAt: s.at!,
          ...(s.hold ? { hold: s.hold } : {}),
        });
        break;
    }
  }
  return coverage;
}

/**
 * Every date of the range answered 204 (the restaurant lacks the kitchen tier) and none was
 * counted: the one rule the Overview, the weekly report and the matrices name "not entitled" by.
 */
export function withoutKitchenTier(c: DateCoverage): boolean {
  return c.notEntitled.length > 0 && c.complete.length + c.open.length + c.failed.length === 0;
}

/** The coverage route's per-date list, with its counts. */
export function coverageReport(
  restaurantGuid: string,
  range: { from: string; to: string },
  states: readonly DateState[],
): KitchenCoverage {
  const count = (...statuses: DateStatus[]) => states.filter((s) => statuses.includes(s.status)).length;
  return {
    restaurantGuid,
    from: range.from,
    to: range.to,
    total: states.length,
    ready: count("complete", "provisional", "not_entitled", "open", "before_data"),
    complete: count("complete", "provisional"),
    provisional: count("provisional"),
    notEntitled: count("not_entitled"),
    failed: count("failed"),
    open: count("open"),
    pending: count("pending"),
    beforeData: count("before_data"),
    dates: states.map((s) => ({ ...s })),
  };
}

/** The 202 body of a range some of whose dates have no answer yet. */
export function pendingReport(
  restaurantGuid: string,
  range: { from: string; to: string },
  states: readonly DateState[],
): KitchenPending {
  const coverage = coverageReport(restaurantGuid, range, states);
  const answered = coverage.total - coverage.pending;
  return {
    status: "pending",
    message: `The kitchen data of this range is being fetched from the Platform: ${answered} of ${coverage.total} business dates ready. Ask again shortly; the answer comes once every date is in.`,
    ...coverage,
  };
}

/** Dates whose stored data counts: complete ones and snapshots of open ones. */
export function usableDates(
  dates: readonly string[],
  rows: Map<string, DayRow>,
): { date: string; version: number }[] {
  return dates.flatMap((date) => {
    const row = rows.get(date);
    return row && (row.status === "complete" || row.status === "open") && row.fetchedAt !== null
      ? [{ date, version: row.fetchedAt }]
      : [];
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

/**
 * Closed dates the "no records sent" reading needs: one empty day is a closed kitchen or a quiet
 * Monday, a week of empty exports is a kitchen that sends nothing (no display devices).
 */
const NO_RECORDS_MIN_CLOSED_DATES = 7;

/**
 * Whether every usable date's export held no record at all (not one received, whatever the
 * filters) and at least NO_RECORDS_MIN_CLOSED_DATES of them are closed. A day stored before the
 * ingest counts were kept is judged by its stored record count.
 */
export function sentNoRecords(dates: readonly string[], rows: Map<string, DayRow>): boolean {
  let closed = 0;
  for (const { date } of usableDates(dates, rows)) {
    const row = rows.get(date)!;
    if (row.recordCount > 0 || (row.ingest?.received ?? 0) > 0) return false;
    if (row.status === "complete") closed++;
  }
  return closed >= NO_RECORDS_MIN_CLOSED_DATES;
}
