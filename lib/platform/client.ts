import "server-only";

import type { z } from "zod";

import { abortReason, sleep as realSleep, type Sleep } from "./abortable";
import { logAttempt, type AttemptLogger, type AttemptRecord } from "./attempt-log";
import { brandNames, type BrandNames } from "./brand";
import {
  PlatformAuthenticationError,
  PlatformContractError,
  PlatformError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
  redactSecrets,
  requestIdFrom,
  type UpstreamFailure,
} from "./errors";
import { JsonArrayStream, JsonArrayStreamError, type ArrayShape } from "./json-array-stream";
import {
  clientIdentityFromJwt,
  scopesFromJwt,
  secondsUntilJwtExpiry,
  type ClientIdentity,
} from "./jwt-claims";
import { NetworkWatchdog } from "./network-watchdog";
import { nodeHttpFetch } from "./node-http-fetch";
import { RateLimitHints } from "./rate-limit-headers";
import { RateBudgetExhaustedError, RateLimiter } from "./rate-limiter";
import { backoffDelay, DEFAULT_BACKOFF, isRetryableStatus, parseRetryAfter } from "./retry-policy";
import { loginResponse } from "./schemas/auth";
import { ACCOUNT_LOCATION, type SharedBudget } from "./shared-budget";
import { TokenManager } from "./token-manager";
import type { ClientBudgetReport } from "./types";

/**
 * The transport: one place that knows the base URL, the brand's headers, the token, the rate
 * limit, timeouts and retries (layered like openai-node's client.ts). Resources call `request`.
 */

/**
 * The fetch the transport calls. `onNetworkActivity` is a hint a fetch may call whenever bytes
 * arrive (the default, node-http-fetch.ts, does); any fetch may ignore it, since the transport
 * also counts the response head and each body chunk it reads.
 */
export type FetchLike = (
  input: string,
  init: RequestInit & { onNetworkActivity?: () => void },
) => Promise<Response>;

export interface PlatformClientOptions {
  /** Base URL of the service, e.g. https://api.example.com or http://localhost:3000/sandbox. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Brand spelled into header and enum names (lib/platform/brand.ts). Default "Platform". */
  brand?: string;
  /**
   * Requests per second for each location (restaurant), across every instance with a shared
   * budget; requests without a restaurant (logins included) count as one more location. Default 20.
   */
  maxRps?: number;
  /** Requests per fixed 15-minute window for each location. Default 10 000, the service's published limit. */
  maxPer15Min?: number;
  /**
   * A cap on every location together (unset: none), for limits the service does not publish. With
   * `budget` the budget enforces its own cap; these then apply only while it cannot answer.
   */
  accountMaxRps?: number;
  accountMaxPer15Min?: number;
  /** One line per upstream attempt (attempt-log.ts); default none. */
  logger?: AttemptLogger;
  /**
   * Where the request slots and the login back-off are kept. Default: this process only.
   * lib/platform-wiring/platform-client.ts passes a PostgreSQL one when DATABASE_URL is set.
   */
  budget?: SharedBudget;
  /**
   * Per attempt: the longest wait for the response head, and for each next body chunk, counting
   * network waiting only, not our own busy event loop (network-watchdog.ts). Default 15 000.
   */
  timeoutMs?: number;
  /** The same for GET /kitchen/v1/export/itemFulfillments, slow before its first byte. Default 300 000. */
  kitchenTimeoutMs?: number;
  /** Back-off after a failed login (token-manager.ts). Default 30 s doubling to 30 min. */
  loginBackoff?: { initialMs: number; maxMs: number };
  /** Further attempts after the first on 429, 5xx, network failure, timeout, truncated body. Default 4. */
  maxRetries?: number;
  /** Backoff before the first retry (doubled each retry, jittered). Default 500. */
  initialRetryDelayMs?: number;
  /** Cap of the backoff, and the longest Retry-After the client will wait. Default 8 000 / 60 000. */
  maxRetryDelayMs?: number;
  maxRetryAfterMs?: number;
  fetch?: FetchLike;
  /** Clock for token expiry and Retry-After dates. The rate limiter always runs on real time. */
  now?: () => number;
  /** Waits between retries; tests inject one that records the delays instead of waiting. */
  sleep?: Sleep;
  /** Source of backoff jitter, [0, 1). */
  random?: () => number;
  /**
   * An account-wide hold kept by the caller (the app: its outage hold, lib/platform-wiring/outage-hold.ts),
   * told every attempt's outcome and asked before every retry: while it holds, a failed attempt is
   * not retried (its error is thrown at once). First attempts are the caller's to decide.
   */
  hold?: RetryHold;
}

/** One attempt's outcome as a RetryHold hears it. */
export interface AttemptOutcome {
  /** The restaurant header's GUID; null for calls without one (the login). */
  location: string | null;
  /**
   * ok: a 2xx answer; service-failure: the service failed it (5xx, network, timeout, a body cut
   * short); other: a refusal of this request (4xx, 429), an empty 2xx, a contract error.
   */
  outcome: "ok" | "service-failure" | "other";
  /** How long ago the attempt was sent (performance clock): an answer to an old attempt proves less. */
  elapsedMs: number;
}

export interface RetryHold {
  observe(attempt: AttemptOutcome): void;
  /** True while no retry may be sent: for the whole account, or (given one) for this location. */
  held(location?: string | null): boolean;
}

export interface RequestSpec<T> {
  method: "GET" | "POST";
  /** Path below the base URL, starting with "/", already percent-encoded. */
  path: string;
  /** Query string without "?", already encoded (see paginate.ts buildQuery). */
  query?: string;
  /** Sent as the brand's Restaurant-External-ID header. */
  restaurantGuid?: string;
  schema: z.ZodType<T>;
  /** Answer 204 as `data: undefined` instead of a contract error. */
  allowNoContent?: boolean;
  /** This endpoint's timeout (see PlatformClientOptions.timeoutMs); default the client's. */
  timeoutMs?: number;
  /** At most this many retries for this endpoint (never more than the client's maxRetries). */
  maxRetries?: number;
  signal?: AbortSignal;
}

/** How an array answer came: a bare array, wrapped under "data" or "results", or an empty 200 (read as []). */
export type ArrayBodyShape = ArrayShape | "empty";

/**
 * Where a streamed array answer goes, element by element as its bytes arrive. `open` is called
 * once per attempt: a retry (a body cut short, a timeout mid-body) starts on a new sink, so what
 * the failed attempt had read is dropped with it.
 */
export interface ArraySink<T> {
  element(value: unknown): void;
  end(shape: ArrayBodyShape): T;
}

export interface ArrayRequestSpec<T> extends Omit<RequestSpec<T>, "schema"> {
  open: () => ArraySink<T>;
}

type SendSpec<T> = Omit<RequestSpec<T>, "schema"> & {
  schema?: z.ZodType<T>;
  open?: () => ArraySink<T>;
  body?: unknown;
};

export interface PlatformResponse<T> {
  status: number;
  /** Undefined only for a 204 the spec allowed. */
  data: T | undefined;
  headers: Headers;
  requestId?: string;
}

const LOGIN_PATH = "/authentication/v1/authentication/login";
/**
 * A login that fails for want of an answer is retried twice within one login; beyond that the
 * login back-off takes over, so a dead service sees a few logins, not a stream of them.
 */
const LOGIN_MAX_RETRIES = 2;
/** Without expiresIn or a JWT exp, a token is trusted this long (the guide: reuse for at least 30 min). */
const FALLBACK_LIFETIME_S = 30 * 60;

/** Outcome of one attempt that may deserve another. `emptyBody`: a 2xx with nothing in it. */
type AttemptFailure = {
  error: PlatformError;
  retryable: boolean;
  retryAfterMs?: number;
  emptyBody?: { status: number; headers: Headers; requestId?: string };
};

export class Transport {
  readonly names: BrandNames;
  readonly #baseUrl: string;
  readonly #clientId: string;
  readonly #clientSecret: string;
  readonly #timeoutMs: number;
  /** The export's timeout, for resources/kitchen.ts. */
  readonly kitchenTimeoutMs: number;
  readonly #maxRetries: number;
  readonly #backoff: { initialDelayMs: number; maxDelayMs: number };
  readonly #maxRetryAfterMs: number;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #limiter: RateLimiter;
  readonly #hints: RateLimitHints;
  readonly #tokens: TokenManager;
  readonly #budgetShared: boolean;
  readonly #logger: AttemptLogger | undefined;
  readonly #hold: RetryHold | undefined;
  #requests = 0;

  constructor(options: PlatformClientOptions) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`Platform baseUrl is not a URL: ${JSON.stringify(options.baseUrl)}`);
    }
    if (!options.clientId) throw new TypeError("Platform clientId is required");
    if (!options.clientSecret) throw new TypeError("Platform clientSecret is required");
    this.#baseUrl = base.href.replace(/\/+$/, "");
    this.#clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.names = brandNames(options.brand);
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    if (!(this.#timeoutMs > 0))
      throw new RangeError(`Platform timeoutMs must be positive, got ${options.timeoutMs}`);
    this.kitchenTimeoutMs = options.kitchenTimeoutMs ?? 300_000;
    if (!(this.kitchenTimeoutMs > 0))
      throw new RangeError(`Platform kitchenTimeoutMs must be positive, got ${options.kitchenTimeoutMs}`);
    this.#maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 4));
    this.#backoff = {
      initialDelayMs: options.initialRetryDelayMs ?? DEFAULT_BACKOFF.initialDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
    };
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#fetch = options.fetch ?? nodeHttpFetch;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#hints = new RateLimitHints(this.names);
    this.#logger = options.logger;
    this.#hold = options.hold;
    this.#budgetShared = options.budget?.shared ?? false;
    this.#limiter = new RateLimiter({
      maxRps: options.maxRps ?? 20,
      maxPerWindow: options.maxPer15Min ?? 10_000,
      windowMs: 15 * 60_000,
      account: { maxPerSecond: options.accountMaxRps, maxPerWindow: options.accountMaxPer15Min },
      budget: options.budget,
      hints: this.#hints,
      maxWaitMs: this.#maxRetryAfterMs,
    });
    this.#tokens = new TokenManager({
      login: () => this.#login(),
      now: this.#now,
      budget: options.budget,
      loginBackoff: options.loginBackoff,
      endpoint: `POST ${LOGIN_PATH}`,
    });
  }

  stats(): { logins: number; requests: number } {
    return { logins: this.#tokens.logins, requests: this.#requests };
  }

  /** The budgets' state for GET /api/health: counts of the current window, this process's waiters, logins. */
  async budgets(): Promise<ClientBudgetReport> {
    const usage = await this.#limiter.usage();
    return {
      shared: this.#budgetShared,
      usage,
      waiting: [...this.#limiter.waiting()].map(([location, waiters]) => ({ location, waiters })),
      lateSlots: this.#limiter.lateSlots,
      logins: {
        count: this.#tokens.logins,
        tokenHeld: this.#tokens.scopes !== undefined,
        backoff: this.#tokens.backoff,
      },
    };
  }

  /** The scopes of the current token (from the login body, else the JWT), once logged in. */
  scopes(): readonly string[] | undefined {
    return this.#tokens.scopes;
  }

  /**
   * The scopes of a valid token, logging in first when there is none (one shared login, no data
   * request); undefined when the token does not say (an empty list is read as "not known").
   */
  async grantedScopes(signal?: AbortSignal): Promise<readonly string[] | undefined> {
    await this.#tokens.getToken(signal);
    const scopes = this.#tokens.scopes;
    return scopes && scopes.length > 0 ? scopes : undefined;
  }

  /**
   * Who the credential is (the token's type, management group and partner claims), logging in
   * first when there is no token (one shared login, no data request).
   */
  async clientIdentity(signal?: AbortSignal): Promise<ClientIdentity> {
    return clientIdentityFromJwt(await this.#tokens.getToken(signal));
  }

  /** A secured request: token, restaurant header, retries, schema check. */
  request<T>(spec: RequestSpec<T>): Promise<PlatformResponse<T>> {
    return this.#send(spec, true);
  }

  /**
   * A secured request whose 2xx answer is a JSON array (bare, or under "data" or "results"), read
   * as a stream: each element goes to the attempt's sink as it arrives, and neither the body's
   * text nor the parsed array is ever held. The guarantees of `request` stand: timeouts on network
   * silence, retries (a cut body is an upstream "truncated" error, retried on a new sink), typed
   * and redacted errors. An empty 200 is retried once, then read as an empty array.
   */
  requestArray<T>(spec: ArrayRequestSpec<T>): Promise<PlatformResponse<T>> {
    return this.#send(spec, true);
  }

  async #login() {
    const response = await this.#send(
      {
        method: "POST",
        path: LOGIN_PATH,
        schema: loginResponse,
        maxRetries: LOGIN_MAX_RETRIES,
        body: {
          clientId: this.#clientId,
          clientSecret: this.#clientSecret,
          userAccessType: this.names.machineClient,
        },
      },
      false,
    );
    const body = response.data!;
    const endpoint = `POST ${LOGIN_PATH}`;
    if (body.status != null && body.status !== "SUCCESS") {
      throw new PlatformContractError({
        status: response.status,
        code: "contract_mismatch",
        endpoint,
        requestId: response.requestId,
        message: `${endpoint}: login status ${JSON.stringify(body.status).slice(0, 40)}, not SUCCESS`,
      });
    }
    const token = body.token;
    // The body's scope is null in the contract and a space-separated string in production; the
    // JWT's scope claim always lists them.
    const scopes = token.scope?.trim() ? token.scope.trim().split(/\s+/) : scopesFromJwt(token.accessToken);
    const expiresInS =
      token.expiresIn ?? secondsUntilJwtExpiry(token.accessToken, this.#now()) ?? FALLBACK_LIFETIME_S;
    return { accessToken: token.accessToken, expiresInS, scopes };
  }

  async #send<T>(spec: SendSpec<T>, secured: boolean): Promise<PlatformResponse<T>> {
    const endpoint = `${spec.method} ${spec.path}`;
    const url = `${this.#baseUrl}${spec.path}${spec.query ? `?${spec.query}` : ""}`;
    const maxRetries = Math.min(this.#maxRetries, spec.maxRetries ?? this.#maxRetries);
    // The location whose budget the request draws from (and whose rate-limit headers it reads).
    const hintKey = spec.restaurantGuid ?? ACCOUNT_LOCATION;
    let reauthenticated = false;
    let retries = 0;
    let attempt = 0;
    let emptyRetried = false;

    for (;;) {
      // Token first, then the slot: a login takes a slot of its own, and the request should not
      // go out right behind it on a slot taken before the login.
      const token = secured ? await this.#tokens.getToken(spec.signal) : undefined;
      const waitStart = performance.now();
      try {
        await this.#limiter.acquire(spec.signal, hintKey);
      } catch (error) {
        if (!(error instanceof RateBudgetExhaustedError)) throw error;
        throw new PlatformRateLimitedError({
          code: "rate_budget_exhausted",
          endpoint,
          retryAfterMs: error.retryInMs,
          message: `${endpoint}: not sent, the ${error.source === "budget" ? "client's request budget" : "Platform's rate limit"} is spent for ${Math.ceil(error.retryInMs / 1000)} s`,
        });
      }
      const headers: Record<string, string> = { Accept: "application/json" };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (spec.restaurantGuid) headers[this.names.restaurantHeader] = spec.restaurantGuid;
      if (spec.body !== undefined) headers["Content-Type"] = "application/json";

      attempt += 1;
      const sentAt = performance.now();
      const record = {
        location: spec.restaurantGuid ?? null,
        endpoint,
        attempt,
        budgetWaitMs: Math.round(sentAt - waitStart),
      };
      const elapsed = () => Math.round(performance.now() - sentAt);
      let outcome: { response: PlatformResponse<T> } | AttemptFailure;
      try {
        outcome = await this.#attempt(spec, url, endpoint, headers, token);
      } catch (error) {
        logAttempt(this.#logger, {
          ...record,
          failure: spec.signal?.aborted ? "aborted" : "error",
          ms: elapsed(),
        });
        throw error;
      }
      this.#hold?.observe({
        location: spec.restaurantGuid ?? null,
        outcome: attemptOutcome(outcome),
        elapsedMs: elapsed(),
      });
      if ("response" in outcome) {
        logAttempt(this.#logger, {
          ...record,
          status: outcome.response.status,
          ms: elapsed(),
          requestId: outcome.response.requestId,
        });
        return outcome.response;
      }

      const { error } = outcome;
      const failed = (willRetry: boolean) =>
        logAttempt(this.#logger, { ...record, ...failureFields(error), ms: elapsed(), willRetry });
      if (secured && token && error instanceof PlatformAuthenticationError && !reauthenticated) {
        reauthenticated = true;
        // The token was revoked or expired early: one new login per token (shared with any
        // concurrent caller that saw the same token fail), then this request once more. A token
        // that was already given its new login is not given another.
        const next = this.#tokens.invalidate(token);
        failed(next !== "exhausted");
        if (next === "exhausted") throw error;
        continue;
      }
      if (outcome.emptyBody && spec.open) {
        // Once may be a body lost in transit; twice in a row is the service's way of saying "none".
        const { status, headers: head, requestId } = outcome.emptyBody;
        if (emptyRetried) {
          logAttempt(this.#logger, { ...record, status, ms: elapsed(), requestId });
          return { status, data: spec.open().end("empty"), headers: head, requestId };
        }
        emptyRetried = true;
      }
      const retryAfterTooLong =
        outcome.retryAfterMs !== undefined && outcome.retryAfterMs > this.#maxRetryAfterMs;
      // While the account is held (an outage), a retry would only add to it.
      const willRetry =
        outcome.retryable && retries < maxRetries && !retryAfterTooLong && !this.#hold?.held(record.location);
      failed(willRetry);
      if (!willRetry) throw error;
      const delay = outcome.retryAfterMs ?? backoffDelay(retries, this.#random, this.#backoff);
      retries += 1;
      await this.#sleep(delay, spec.signal);
      // The hold may have begun during the wait.
      if (this.#hold?.held(record.location)) throw error;
    }
  }

  async #attempt<T>(
    spec: SendSpec<T>,
    url: string,
    endpoint: string,
    headers: Record<string, string>,
    token: string | undefined,
  ): Promise<{ response: PlatformResponse<T> } | AttemptFailure> {
    const timeoutMs = spec.timeoutMs ?? this.#timeoutMs;
    const timeout = new AbortController();
    const watchdog = new NetworkWatchdog({
      timeoutMs,
      onTimeout: () =>
        timeout.abort(new DOMException(`no network activity for ${timeoutMs} ms`, "TimeoutError")),
    });
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout.signal]) : timeout.signal;
    const secrets = [this.#clientSecret, token];
    const upstream = (kind: UpstreamFailure, message: string, status?: number, requestId?: string) =>
      upstreamFailure(endpoint, kind, message, status, requestId);

    this.#requests += 1;
    let res: Response;
    let text: string;
    try {
      try {
        res = await this.#fetch(url, {
          method: spec.method,
          headers,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal,
          // A redirect would carry the bearer token to wherever it points; surface it instead.
          redirect: "manual",
          onNetworkActivity: watchdog.activity,
        });
      } catch (cause) {
        if (spec.signal?.aborted) throw abortReason(spec.signal);
        if (watchdog.fired)
          return upstream("timeout", `no response within ${timeoutMs} ms of network waiting`);
        return upstream("network", `network error (${describe(cause)})`);
      }
      watchdog.activity();
      this.#hints.observe(spec.restaurantGuid ?? "", res.headers, this.#now());
      const requestId = requestIdFrom(res.headers);
      try {
        if (spec.open && res.status >= 200 && res.status < 300 && res.status !== 204) {
          const read = await readArray(res, spec.open(), watchdog.activity);
          return streamedOutcome(endpoint, res, read, requestId);
        }
        text = await readBody(res, watchdog.activity);
      } catch (cause) {
        if (spec.signal?.aborted) throw abortReason(spec.signal);
        if (watchdog.fired)
          return upstream(
            "timeout",
            `body stalled for ${timeoutMs} ms of network waiting`,
            res.status,
            requestId,
          );
        return upstream(
          "truncated",
          `${res.status} response body cut short (${describe(cause)})`,
          res.status,
          requestId,
        );
      }
    } finally {
      watchdog.stop();
    }
    return bodyOutcome(spec, endpoint, res, text, secrets, this.#now);
  }
}

/** A failure of the service or of the wire: retried. */
function upstreamFailure(
  endpoint: string,
  kind: UpstreamFailure,
  message: string,
  status?: number,
  requestId?: string,
): AttemptFailure {
  // No `cause`: a fetch error may describe the request, and the request holds the token.
  return {
    retryable: true,
    error: new PlatformUpstreamError({
      status,
      code: kind,
      kind,
      endpoint,
      message: `${endpoint}: ${message}`,
      requestId,
    }),
  };
}

/**
 * A streamed 2xx array read to its end: the data, an empty body (retried once), a cut-off body, or a
 * contract breach.
 */
function streamedOutcome<T>(
  endpoint: string,
  res: Response,
  read: ArrayRead<T>,
  requestId: string | undefined,
): { response: PlatformResponse<T> } | AttemptFailure {
  if (read.kind === "data")
    return { response: { status: res.status, data: read.data, headers: res.headers, requestId } };
  if (read.kind === "empty")
    return {
      ...upstreamFailure(
        endpoint,
        "truncated",
        `${res.status} response has an empty body`,
        res.status,
        requestId,
      ),
      emptyBody: { status: res.status, headers: res.headers, requestId },
    };
  if (read.kind === "incomplete")
    return upstreamFailure(
      endpoint,
      "truncated",
      `${res.status} response body is not complete JSON (${read.message})`,
      res.status,
      requestId,
    );
  return {
    retryable: false,
    error: new PlatformContractError({
      status: res.status,
      code: "contract_mismatch",
      endpoint,
      requestId,
      message: `${endpoint}: ${read.message}`,
    }),
  };
}

/**
 * A whole body read as text, judged: an error status, 204, empty, cut-off JSON, off-contract, or the
 * data.
 */
function bodyOutcome<T>(
  spec: SendSpec<T>,
  endpoint: string,
  res: Response,
  text: string,
  secrets: (string | undefined)[],
  now: () => number,
): { response: PlatformResponse<T> } | AttemptFailure {
  const requestId = requestIdFrom(res.headers);
  if (res.status < 200 || res.status >= 300) {
    // An error body ends up in a message that may be logged: whatever it echoes of the request's
    // credentials goes no further.
    const body = parseJsonOrText(redactSecrets(text, secrets));
    const error = PlatformError.generate(res.status, body, res.headers, endpoint);
    if (!isRetryableStatus(res.status)) return { error, retryable: false };
    // Retry-After comes with 429 and sometimes with 503; either way the service said when.
    return {
      error,
      retryable: true,
      retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), now()),
    };
  }

  if (res.status === 204) {
    if (spec.allowNoContent)
      return { response: { status: 204, data: undefined, headers: res.headers, requestId } };
    return {
      retryable: false,
      error: new PlatformContractError({
        status: 204,
        code: "contract_mismatch",
        endpoint,
        requestId,
        message: `${endpoint}: expected a JSON body, received 204 No Content`,
      }),
    };
  }
  // An empty 200 is a body lost in transit, like a half one.
  if (text.trim() === "")
    return upstreamFailure(
      endpoint,
      "truncated",
      `${res.status} response has an empty body`,
      res.status,
      requestId,
    );

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // A 2xx whose JSON does not parse was cut off in transit (the connection closed early).
    return upstreamFailure(
      endpoint,
      "truncated",
      `${res.status} response body is not complete JSON (${text.length} characters)`,
      res.status,
      requestId,
    );
  }
  // Only the streamed path has no schema, and it has returned above.
  const parsed = spec.schema!.safeParse(json);
  if (!parsed.success) {
    return {
      retryable: false,
      error: PlatformContractError.fromZod(parsed.error, endpoint, res.status, requestId),
    };
  }
  return { response: { status: res.status, data: parsed.data, headers: res.headers, requestId } };
}

/** What an attempt tells a RetryHold: answered, failed by the service, or refused on its own account. */
function attemptOutcome(outcome: { response: unknown } | AttemptFailure): AttemptOutcome["outcome"] {
  if ("response" in outcome) return "ok";
  if (outcome.emptyBody) return "other";
  const { error } = outcome;
  return error instanceof PlatformUpstreamError || (error.status ?? 0) >= 500 ? "service-failure" : "other";
}

/** What an attempt's log line says of its failure: the status the service answered, or why there was none. */
function failureFields(error: PlatformError): Pick<AttemptRecord, "status" | "failure" | "requestId"> {
  let failure: string | undefined;
  if (error instanceof PlatformUpstreamError && error.kind !== "http") failure = error.kind;
  else if (error instanceof PlatformContractError) failure = "contract";
  return { status: error.status, failure, requestId: error.requestId };
}

/** The whole body as text, reporting each chunk as network activity. */
async function readBody(res: Response, activity: () => void): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    activity();
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

type ArrayRead<T> =
  { kind: "data"; data: T } | { kind: "empty" } | { kind: "incomplete" | "shape"; message: string };

/**
 * The body read as a stream into `sink`, reporting each chunk as network activity. A failed read
 * of the network throws (the caller tells a timeout from a cut); what the bytes were is returned.
 */
async function readArray<T>(res: Response, sink: ArraySink<T>, activity: () => void): Promise<ArrayRead<T>> {
  const stream = new JsonArrayStream((value) => sink.element(value));
  if (res.body) {
    const reader = res.body.getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          finished = true;
          break;
        }
        activity();
        try {
          stream.write(value);
        } catch (error) {
          if (error instanceof JsonArrayStreamError) return { kind: "incomplete", message: error.message };
          throw error;
        }
      }
    } finally {
      // A body given up mid-way (JSON that cannot go on) is not read to its end: its connection goes.
      if (!finished) void reader.cancel().catch(() => {});
    }
  }
  if (!stream.started) return { kind: "empty" };
  try {
    return { kind: "data", data: sink.end(stream.end()) };
  } catch (error) {
    if (error instanceof JsonArrayStreamError) return { kind: error.kind, message: error.message };
    throw error;
  }
}

function parseJsonOrText(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A short description of a fetch failure: the error's name and code, never the request. */
function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: { code?: unknown } }).cause;
    const code = inner && typeof inner.code === "string" ? inner.code : undefined;
    return code ?? cause.name;
  }
  return "unknown";
}
