import "server-only";
import type { z } from "zod";
import { abortReason, sleep as realSleep, type Sleep } from "./abortable";
import { brandNames, type BrandNames } from "./brand";
import {
  PlatformAuthenticationError,
  PlatformContractError,
  PlatformError,
  PlatformUpstreamError,
  redactSecrets,
  requestIdFrom,
  type UpstreamFailure,
} from "./errors";
import { RateLimiter } from "./rate-limiter";
import { backoffDelay, DEFAULT_BACKOFF, isRetryableStatus, parseRetryAfter } from "./retry-policy";
import { loginResponse } from "./schemas/auth";
import { TokenManager } from "./token-manager";

/**
 * The transport: one place that knows the base URL, the brand's headers, the token, the rate
 * limit, timeouts and retries (layered like openai-node's client.ts). Resources call `request`.
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface PlatformClientOptions {
  /** Base URL of the service, e.g. https://api.example.com or http://localhost:3000/sandbox. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Brand spelled into header and enum names (lib/platform/brand.ts). Default "Platform". */
  brand?: string;
  /** Requests per second across the whole client, logins included. Default 20. */
  maxRps?: number;
  /** Per attempt, from sending the request to reading the whole body. Default 15 000. */
  timeoutMs?: number;
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
  signal?: AbortSignal;
}

export interface PlatformResponse<T> {
  status: number;
  /** Undefined only for a 204 the spec allowed. */
  data: T | undefined;
  headers: Headers;
  requestId?: string;
}

const LOGIN_PATH = "/authentication/v1/authentication/login";

/** Outcome of one attempt that may deserve another. */
type AttemptFailure = { error: PlatformError; retryable: boolean; retryAfterMs?: number };

export class Transport {
  readonly names: BrandNames;
  readonly #baseUrl: string;
  readonly #clientId: string;
  readonly #clientSecret: string;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #backoff: { initialDelayMs: number; maxDelayMs: number };
  readonly #maxRetryAfterMs: number;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #limiter: RateLimiter;
  readonly #tokens: TokenManager;
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
    if (!(this.#timeoutMs > 0)) throw new RangeError(`Platform timeoutMs must be positive, got ${options.timeoutMs}`);
    this.#maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 4));
    this.#backoff = {
      initialDelayMs: options.initialRetryDelayMs ?? DEFAULT_BACKOFF.initialDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_BACKOFF.maxDelayMs,
    };
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#limiter = new RateLimiter({ maxRps: options.maxRps ?? 20 });
    this.#tokens = new TokenManager({ login: () => this.#login(), now: this.#now });
  }

  stats(): { logins: number; requests: number } {
    return { logins: this.#tokens.logins, requests: this.#requests };
  }

  /** A secured request: token, restaurant header, retries, schema check. */
  request<T>(spec: RequestSpec<T>): Promise<PlatformResponse<T>> {
    return this.#send(spec, true);
  }

  async #login() {
    const response = await this.#send(
      {
        method: "POST",
        path: LOGIN_PATH,
        schema: loginResponse,
        body: {
          clientId: this.#clientId,
          clientSecret: this.#clientSecret,
          userAccessType: this.names.machineClient,
        },
      },
      false,
    );
    const token = response.data!.token;
    return { accessToken: token.accessToken, expiresInS: token.expiresIn };
  }

  async #send<T>(spec: RequestSpec<T> & { body?: unknown }, secured: boolean): Promise<PlatformResponse<T>> {
    const endpoint = `${spec.method} ${spec.path}`;
    const url = `${this.#baseUrl}${spec.path}${spec.query ? `?${spec.query}` : ""}`;
    let reauthenticated = false;
    let retries = 0;

    for (;;) {
      // Token first, then the slot: a login takes a slot of its own, and the request should not
      // go out right behind it on a slot taken before the login.
      const token = secured ? await this.#tokens.getToken(spec.signal) : undefined;
      await this.#limiter.acquire(spec.signal);
      const headers: Record<string, string> = { Accept: "application/json" };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (spec.restaurantGuid) headers[this.names.restaurantHeader] = spec.restaurantGuid;
      if (spec.body !== undefined) headers["Content-Type"] = "application/json";

      const outcome = await this.#attempt(spec, url, endpoint, headers, token);
      if ("response" in outcome) return outcome.response;

      const { error } = outcome;
      if (secured && token && error instanceof PlatformAuthenticationError && !reauthenticated) {
        // The token was revoked or expired early: one new login (shared with any concurrent
        // caller that saw the same token fail), then this request once more.
        reauthenticated = true;
        this.#tokens.invalidate(token);
        continue;
      }
      if (!outcome.retryable || retries >= this.#maxRetries) throw error;
      if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > this.#maxRetryAfterMs) throw error;
      const delay = outcome.retryAfterMs ?? backoffDelay(retries, this.#random, this.#backoff);
      retries += 1;
      await this.#sleep(delay, spec.signal);
    }
  }

  async #attempt<T>(
    spec: RequestSpec<T> & { body?: unknown },
    url: string,
    endpoint: string,
    headers: Record<string, string>,
    token: string | undefined,
  ): Promise<{ response: PlatformResponse<T> } | AttemptFailure> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
    const secrets = [this.#clientSecret, token];
    // No `cause` on these: a fetch error may describe the request, and the request holds the token.
    const upstream = (kind: UpstreamFailure, message: string, status?: number, requestId?: string) => ({
      retryable: true,
      error: new PlatformUpstreamError({ status, code: kind, kind, endpoint, message: `${endpoint}: ${message}`, requestId }),
    });

    this.#requests += 1;
    let res: Response;
    let text: string;
    try {
      res = await this.#fetch(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
        // A redirect would carry the bearer token to wherever it points; surface it instead.
        redirect: "manual",
      });
    } catch (cause) {
      if (spec.signal?.aborted) throw abortReason(spec.signal);
      if (timeout.aborted) return upstream("timeout", `no response within ${this.#timeoutMs} ms`);
      return upstream("network", `network error (${describe(cause)})`);
    }
    const requestId = requestIdFrom(res.headers);
    try {
      text = await res.text();
    } catch (cause) {
      if (spec.signal?.aborted) throw abortReason(spec.signal);
      if (timeout.aborted) return upstream("timeout", `body not complete within ${this.#timeoutMs} ms`, res.status, requestId);
      return upstream("truncated", `${res.status} response body cut short (${describe(cause)})`, res.status, requestId);
    }
    if (res.status < 200 || res.status >= 300) {
      // An error body ends up in a message that may be logged: whatever it echoes of the request's
      // credentials goes no further.
      const body = parseJsonOrText(redactSecrets(text, secrets));
      const error = PlatformError.generate(res.status, body, res.headers, endpoint);
      if (!isRetryableStatus(res.status)) return { error, retryable: false };
      // Retry-After comes with 429 and sometimes with 503; either way the service said when.
      return { error, retryable: true, retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), this.#now()) };
    }

    if (res.status === 204) {
      if (spec.allowNoContent) return { response: { status: 204, data: undefined, headers: res.headers, requestId } };
      return {
        retryable: false,
        error: new PlatformContractError({ status: 204, code: "contract_mismatch", endpoint, requestId, message: `${endpoint}: expected a JSON body, received 204 No Content` }),
      };
    }
    // An empty 200 is a body lost in transit, like a half one.
    if (text.trim() === "") return upstream("truncated", `${res.status} response has an empty body`, res.status, requestId);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A 2xx whose JSON does not parse was cut off in transit (the connection closed early).
      return upstream("truncated", `${res.status} response body is not complete JSON (${text.length} characters)`, res.status, requestId);
    }
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      return { retryable: false, error: PlatformContractError.fromZod(parsed.error, endpoint, res.status, requestId) };
    }
    return { response: { status: res.status, data: parsed.data, headers: res.headers, requestId } };
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
