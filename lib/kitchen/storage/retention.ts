import "server-only";

import { addBusinessDays, businessDateFromUtcMs } from "@/lib/business-date/business-date";
import type { Queryable } from "@/lib/db/database";

/**
 * Raw-record retention (KITCHEN_RAW_RETENTION_DAYS): the stored export rows behind
 * fulfillments.csv and the ticket drill-down's items are kept for the last `days` business dates;
 * the day row, its summary and its ticket facts are kept for ever (older figures stay exact).
 * `days` 0 keeps raw records for ever.
 */

/** The earliest business date whose raw records are kept, for a restaurant whose date is `today`; null when all are kept. */
export function earliestRawDate(today: string, days: number): string | null {
  return days === 0 ? null : addBusinessDays(today, 1 - days);
}

/**
 * Deletes the raw record chunks of every restaurant's dates older than the retention; returns
 * the cutoff (dates before it went) and how many chunks went. One cutoff for every restaurant: a
 * day before the earliest kept date of the restaurant furthest behind UTC (every zone's business
 * date is within a day of UTC's), so no restaurant loses a date it still keeps. Idempotent, so
 * several instances on one PostgreSQL may run it at once.
 */
export async function pruneExpiredRawRecords(
  q: Queryable,
  nowMs: number,
  days: number,
): Promise<{ before: string | null; deleted: number }> {
  const earliest = earliestRawDate(businessDateFromUtcMs(nowMs), days);
  if (earliest === null) return { before: null, deleted: 0 };
  const before = addBusinessDays(earliest, -1);
  const rows = await q.query<{ n: number | string }>(
    "WITH gone AS (DELETE FROM kitchen_day_records WHERE business_date < $1 RETURNING 1) SELECT count(*) AS n FROM gone",
    [before],
  );
  return { before, deleted: Number(rows[0]?.n ?? 0) };
}

/**
 * Dates among `dates` stored with records (complete or open, a record count above zero) whose
 * raw records are no longer there: pruned, or lost. A CSV of them would silently be short.
 */
export async function datesWithoutRecords(
  q: Queryable,
  restaurantGuid: string,
  dates: readonly string[],
): Promise<string[]> {
  if (dates.length === 0) return [];
  const rows = await q.query<{ business_date: string }>(
    `SELECT d.business_date FROM kitchen_days d
      WHERE d.restaurant_guid = $1 AND d.business_date = ANY($2::text[]) AND d.status IN ('complete', 'open') AND d.record_count > 0
        AND NOT EXISTS (SELECT 1 FROM kitchen_day_records r WHERE r.restaurant_guid = d.restaurant_guid AND r.business_date = d.business_date)
      ORDER BY d.business_date`,
    [restaurantGuid, dates],
  );
  return rows.map((r) => r.business_date);
}
