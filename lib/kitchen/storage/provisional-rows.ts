import "server-only";

import type { Queryable } from "@/lib/db/database";

/**
 * The stored complete days that may still be provisional (read before their settle instant, see
 * isProvisional in lib/kitchen/service/service-config.ts), for GET /api/health. A day is
 * provisional when fetched before its closeout plus `settleHours`; its closeout is at most two days
 * and eleven hours after the business date's midnight UTC (the next day's 23:00 at UTC-12), so a
 * row fetched later than the date plus three days plus `settleHours` is final and left out here.
 * The caller applies the exact rule with each restaurant's zone and closeout.
 */
export interface ProvisionalCandidate {
  restaurantGuid: string;
  businessDate: string;
  /** Epoch ms the stored data was fetched. */
  fetchedAt: number;
}

interface CandidateSql {
  restaurant_guid: string;
  business_date: string;
  fetched_ms: number | string;
}

export async function provisionalCandidates(
  q: Queryable,
  settleHours: number,
): Promise<ProvisionalCandidate[]> {
  const rows = await q.query<CandidateSql>(
    `SELECT restaurant_guid, business_date, (extract(epoch FROM fetched_at) * 1000)::float8 AS fetched_ms
       FROM kitchen_days
      WHERE status = 'complete' AND fetched_at IS NOT NULL
        AND fetched_at < (to_date(business_date, 'YYYYMMDD')::timestamp AT TIME ZONE 'UTC')
                         + make_interval(days => 3) + make_interval(secs => $1::float8 * 3600)
      ORDER BY restaurant_guid, business_date`,
    [settleHours],
  );
  return rows.map((r) => ({
    restaurantGuid: r.restaurant_guid,
    businessDate: r.business_date,
    fetchedAt: Number(r.fetched_ms),
  }));
}
