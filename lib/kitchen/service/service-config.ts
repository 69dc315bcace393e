import { closeoutInstant, type CloseoutRules, type DatePhase } from "@/lib/business-date/closeout";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

/** What the kitchen service needs of a restaurant (the route wrapper's PermittedRestaurant has it). */
export interface KitchenRestaurant extends CloseoutRules {
  guid: string;
  name: string;
  /**
   * The restaurant's first business date (YYYYMMDD, its restaurant information's firstBusinessDate);
   * no date before it is asked upstream. Null or absent: unknown, only KITCHEN_DATA_START bounds.
   */
  firstBusinessDate?: string | null;
}

export interface KitchenServiceConfig {
  /** Minutes after the closeout before a business date counts as closed. */
  closeGraceMinutes: number;
  /** The open business date is fetched again after this many seconds. */
  openRefreshSeconds: number;
  /** A date answered 204 (not entitled) is asked again after this many hours. */
  notEntitledRetryHours: number;
  /**
   * A closed date is provisional until it is read once more this many hours after its closeout
   * (KITCHEN_SETTLE_H): the Platform revises a day's export after closeout. Default DEFAULT_SETTLE_H.
   */
  settleHours?: number;
  maxRangeDays: number;
  /**
   * Upstream fetches that requests start, in flight at once across the process; the rest wait in a
   * queue (a 366-day range must not start 366 downloads). The client's limiter still caps requests
   * a second; the backfill paces its own fetches.
   */
  fetchConcurrency?: number;
  /**
   * Fetches of the open business date (Today's refreshes) in flight at once, in a queue of their
   * own: history a person asked for never waits behind open-date refreshes, nor they behind it.
   */
  openFetchConcurrency?: number;
  /**
   * A failed date is tried again on a request at least this many seconds after the failure; also
   * the first wait of a location backing off after transient failures (location-health.ts), 0: none.
   */
  failedRetrySeconds?: number;
  /** The longest wait of a location backing off after transient failures (default 1800 s). */
  backoffMaxSeconds?: number;
  /** Memory for decoded days (summaries and ticket facts); rollups get half as much again. */
  cacheBytes?: number;
  /** Memory for the answers of closed ranges (answer-cache.ts; KITCHEN_ANSWER_CACHE_MB); 0: none kept. */
  answerCacheBytes?: number;
  /**
   * Whether closed ranges' answers are also kept in the database (storage/kept-answers.ts), so a
   * restart answers them from one row; default true. Only with the memory cache on.
   */
  keptAnswers?: boolean;
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
export const DEFAULT_SETTLE_H = 36;
/** The Platform keeps kitchen data from January 2022 only: no earlier date is ever asked. */
export const KITCHEN_DATA_START = "20220101";

/** The first date whose kitchen data can exist: the restaurant's first business date, never before KITCHEN_DATA_START. */
export function kitchenDataStart(restaurant: Pick<KitchenRestaurant, "firstBusinessDate">): string {
  const first = restaurant.firstBusinessDate;
  return first && first > KITCHEN_DATA_START ? first : KITCHEN_DATA_START;
}

/** The instant (epoch ms) from which a read of `date` is final: its closeout plus settleHours. */
export function settleInstant(
  date: string,
  rules: CloseoutRules,
  config: Pick<KitchenServiceConfig, "settleHours">,
): number {
  return closeoutInstant(date, rules) + (config.settleHours ?? DEFAULT_SETTLE_H) * 3_600_000;
}

/**
 * A complete day read before its settle instant: counted in the figures, but the Platform may
 * still revise its export, so it is read once more after that instant (which makes it final).
 */
export function isProvisional(
  row: DayRow,
  rules: CloseoutRules,
  config: Pick<KitchenServiceConfig, "settleHours">,
): boolean {
  return (
    row.status === "complete" &&
    row.fetchedAt !== null &&
    row.fetchedAt < settleInstant(row.businessDate, rules, config)
  );
}
export const READY_WAIT_MS = 2_000;

/**
 * Whether the stored row of a date calls for an upstream fetch now. `rules`, the restaurant's
 * closeout: with it, a provisional complete day is due once its settle instant has passed (and,
 * after a failed settle read, failedRetrySeconds after that failure); without it a complete day
 * is final. Dates before kitchenDataStart are the caller's to leave out (they have no row).
 */
export function needsFetch(
  row: DayRow | undefined,
  phase: DatePhase,
  nowMs: number,
  config: KitchenServiceConfig,
  rules?: CloseoutRules,
): boolean {
  if (phase === "future") return false;
  if (!row) return true;
  const since = nowMs - row.attemptedAt;
  switch (row.status) {
    case "complete":
      if (
        !rules ||
        !isProvisional(row, rules, config) ||
        nowMs < settleInstant(row.businessDate, rules, config)
      )
        return false;
      // A settle read that failed keeps the day (saveFailure) and notes the attempt: wait as for a failed date.
      return (
        row.attemptedAt <= row.fetchedAt! ||
        since >= (config.failedRetrySeconds ?? DEFAULT_FAILED_RETRY_S) * 1000
      );
    case "open":
      // Taken while the date was open: once it has closed, one more fetch makes it final.
      return phase === "closed" || since >= config.openRefreshSeconds * 1000;
    case "not_entitled":
      return since >= config.notEntitledRetryHours * 3_600_000;
    case "failed":
      return since >= (config.failedRetrySeconds ?? DEFAULT_FAILED_RETRY_S) * 1000;
  }
}
