import type { CloseoutRules, DatePhase } from "@/lib/business-date/closeout";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

/** What the kitchen service needs of a restaurant (the route wrapper's PermittedRestaurant has it). */
export interface KitchenRestaurant extends CloseoutRules {
  guid: string;
  name: string;
}

export interface KitchenServiceConfig {
  /** Minutes after the closeout before a business date counts as closed. */
  closeGraceMinutes: number;
  /** The open business date is fetched again after this many seconds. */
  openRefreshSeconds: number;
  /** A date answered 204 (not entitled) is asked again after this many hours. */
  notEntitledRetryHours: number;
  maxRangeDays: number;
  /** Upstream fetches in flight for one range; the client's limiter still caps requests a second. */
  fetchConcurrency?: number;
  /** A failed date is tried again on a request at least this many seconds after the failure. */
  failedRetrySeconds?: number;
  /** Memory for decoded days (summaries and ticket facts); rollups get half as much again. */
  cacheBytes?: number;
  /** Whether long ranges merge stored rollups of whole weeks and months (default true; off only to compare). */
  rollups?: boolean;
  /** How long a request waits for one day's fetch before answering without it (ms). */
  fetchDeadlineMs?: number;
}

export const DEFAULT_FAILED_RETRY_S = 30;

/** Whether the stored row of a date calls for an upstream fetch now. */
export function needsFetch(row: DayRow | undefined, phase: DatePhase, nowMs: number, config: KitchenServiceConfig): boolean {
  if (phase === "future") return false;
  if (!row) return true;
  const since = nowMs - row.attemptedAt;
  switch (row.status) {
    case "complete":
      return false;
    case "open":
      // Taken while the date was open: once it has closed, one more fetch makes it final.
      return phase === "closed" || since >= config.openRefreshSeconds * 1000;
    case "not_entitled":
      return since >= config.notEntitledRetryHours * 3_600_000;
    case "failed":
      return since >= (config.failedRetrySeconds ?? DEFAULT_FAILED_RETRY_S) * 1000;
  }
}
