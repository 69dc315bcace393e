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
  /**
   * Upstream fetches that requests start, in flight at once across the process; the rest wait in a
   * queue (a 366-day range must not start 366 downloads). The client's limiter still caps requests
   * a second; the backfill paces its own fetches.
   */
  fetchConcurrency?: number;
  /** A failed date is tried again on a request at least this many seconds after the failure. */
  failedRetrySeconds?: number;
  /** Memory for decoded days (summaries and ticket facts); rollups get half as much again. */
  cacheBytes?: number;
  /**
   * How long a request waits for the fetches it started before answering 202 with the range's
   * coverage (ms); the fetches go on in the background. Default READY_WAIT_MS.
   */
  readyWaitMs?: number;
  /**
   * The most one date's fetch may take, upstream export and store together (ms): then its export
   * is aborted and the date recorded as failed ("timed out after ..."), so no fetch stays pending.
   * Derived from PLATFORM_KITCHEN_TIMEOUT_MS and the export's retries in server.ts.
   */
  fetchTimeoutMs?: number;
  /** Business dates whose raw records fulfillments.csv can give (KITCHEN_RAW_RETENTION_DAYS); 0 or unset: all. */
  rawRetentionDays?: number;
  /** Items left on screen: fire to fulfill over this many minutes (KITCHEN_STUCK_MIN; default DEFAULT_STUCK_MINUTES). */
  stuckMinutes?: number;
  /** Whether long ranges merge stored rollups of whole weeks and months (default true; off only to compare). */
  rollups?: boolean;
}

export const DEFAULT_FAILED_RETRY_S = 30;
export const READY_WAIT_MS = 2_000;

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
