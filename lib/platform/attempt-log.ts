import "server-only";

/**
 * One structured line per upstream attempt. lib/platform knows nothing of the app's logger or
 * environment: the client takes anything with pino's `(object, message)` methods
 * (lib/platform-wiring passes lib/log's), and without one it logs nothing (tests, benches).
 */
export interface AttemptLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface AttemptRecord {
  /** The restaurant GUID sent in the Restaurant-External-ID header; null for account-level requests (login, partner listings). */
  location: string | null;
  /** Method and path; never the query (page tokens, dates) nor any header. */
  endpoint: string;
  /** The HTTP status, when the service answered. */
  status?: number;
  /** Why the attempt failed without a usable answer: network, timeout, truncated, aborted, contract. */
  failure?: string;
  /** From just before the request was sent to its body read (or its failure). */
  ms: number;
  /** 1 for the first attempt of a call, counting retries and the attempt after a re-login. */
  attempt: number;
  /** How long this attempt waited for its send slot (the location's budget, the service's headers). */
  budgetWaitMs: number;
  /** Whether the client will try again (a retryable failure within the retry limit). */
  willRetry?: boolean;
  requestId?: string;
}

/**
 * The level says what an operator should see by default (LOG_LEVEL=info):
 * - debug: an answer (2xx, 204), and an attempt its caller aborted. Thousands an hour in normal
 *   use; at info they would bury everything else, and flood the e2e and integration output.
 * - info: a refusal the service meant (400, 401, 403, 404, 409): not a fault of the connection, but
 *   what the per-location refusal rules act on, so worth a line each.
 * - warn: a failure that is retried or ends the call for want of an answer (429, 5xx, network,
 *   timeout, truncated body) and a body that breaks the contract.
 */
export function logAttempt(logger: AttemptLogger | undefined, record: AttemptRecord): void {
  if (!logger) return;
  const fields = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
  const outcome = record.status !== undefined ? String(record.status) : (record.failure ?? "unknown");
  const message = `platform ${record.endpoint} ${outcome} in ${Math.round(record.ms)} ms (attempt ${record.attempt})`;
  logger[levelOf(record)](fields, message);
}

function levelOf({ status, failure }: AttemptRecord): "debug" | "info" | "warn" {
  if (failure === "aborted") return "debug";
  // A failure with a status is the contract's (a 2xx body that does not parse or match).
  if (failure !== undefined || status === undefined) return "warn";
  if (status < 300) return "debug";
  if (status === 429 || status >= 500) return "warn";
  return "info";
}
