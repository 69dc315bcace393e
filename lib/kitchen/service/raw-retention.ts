import "server-only";

import { currentBusinessDate } from "@/lib/business-date/closeout";
import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { datesWithoutRecords, earliestRawDate } from "@/lib/kitchen/storage/retention";

import type { KitchenRestaurant } from "./service-config";

/**
 * fulfillments.csv over raw-record retention (storage/retention.ts). A manager who downloads
 * "the records of March" expects all of March or a plain no: a CSV quietly missing its old days
 * reads as a quiet kitchen. So a range reaching before the earliest kept date is refused (a 400
 * naming that date) before anything is fetched, and so is one whose stored days lack their records.
 */
export function refuseBeyondRawRetention(
  restaurant: KitchenRestaurant,
  from: string,
  retentionDays: number,
  nowMs: number,
  what = "fulfillments.csv",
): void {
  const earliest = earliestRawDate(currentBusinessDate(restaurant, nowMs), retentionDays);
  if (earliest === null || from >= earliest) return;
  throw new InvalidInputError(
    "raw_records_expired",
    `raw records are kept for the last ${retentionDays} business dates: the earliest ${what} can give for ${restaurant.name} is ${earliest}, ` +
      `and the range starts ${from}. Ask from ${earliest} on; the summary and summary.csv still cover older dates.`,
  );
}

/** After the range is stored: refuses when any of its days with records has none left. */
export async function refuseMissingRawRecords(
  q: Queryable,
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  what = "fulfillments.csv",
): Promise<void> {
  const missing = await datesWithoutRecords(q, restaurant.guid, dates);
  if (missing.length === 0) return;
  const shown =
    missing.length > 5
      ? `${missing.slice(0, 5).join(", ")} and ${missing.length - 5} more`
      : missing.join(", ");
  throw new InvalidInputError(
    "raw_records_missing",
    `the raw records of ${missing.length} date(s) of this range are no longer stored (${shown}), so ${what} cannot give the whole range; ` +
      "the summary and summary.csv still cover them.",
  );
}
