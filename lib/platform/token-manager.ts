import "server-only";

import { raceAbort } from "./abortable";
import {
  LOGIN_FAILED_CODE,
  PlatformContractError,
  PlatformError,
  PlatformLoginError,
  PlatformNotFoundError,
  PlatformRateLimitedError,
  PlatformUpstreamError,
  type LoginFailure,
} from "./errors";
import { loginBackoffDelay, MemoryBudget, type LoginBackoff, type SharedBudget } from "./shared-budget";

/** What one login yields: the bearer token, its remaining lifetime in seconds, and its scopes. */
export interface IssuedToken {
  accessToken: string;
  expiresInS: number;
  /** From the body's token.scope, else the JWT's scope claim; [] when neither says. */
  scopes?: string[];
}

export interface TokenManagerOptions {
  /** Performs one login (POST /authentication/v1/authentication/login) and returns the token. */
  login: () => Promise<IssuedToken>;
  now?: () => number;
  /** Where failed logins are recorded, so every caller and instance backs off together. */
  budget?: SharedBudget;
  /** Back-off after a failed login: initialMs doubling per failure up to maxMs. Default 30 s .. 30 min. */
  loginBackoff?: { initialMs: number; maxMs: number };
  /** How long one instance holds the right to the next login after a failure. Default 2 min. */
  loginLeaseMs?: number;
  /** Names the login in errors. */
  endpoint?: string;
}

export const DEFAULT_LOGIN_BACKOFF = { initialMs: 30_000, maxMs: 30 * 60_000 };

/** How many rejected tokens are remembered; a token is rejected at most once before it expires. */
const REMEMBERED_REJECTIONS = 16;

/**
 * Holds the client's one bearer token. The real service hands out about two tokens an hour,
 * answers a repeat login during a token's validity with the same token, and shuts out clients
 * that log in too often, so:
 * - the token is reused until shortly before it expires (a margin of min(60 s, 10% of lifetime):
 *   the guide asks for the new login in the token's last minute);
 * - concurrent callers share one login: one promise in flight, cleared on success or failure
 *   (the single-flight pattern of google-auth-library's OAuth2Client);
 * - `invalidate(token)` after a 401 allows one new login per token: a burst of 401s on the same
 *   token leads to exactly one login, and a token the service rejects again is not logged in for
 *   a second time;
 * - a failed login (refused, garbled, unreachable) is not repeated by every request: it backs off,
 *   30 s doubling to 30 min, recorded in the shared budget so that every caller and every
 *   instance waits; meanwhile callers get PlatformLoginError at once.
 */
export class TokenManager {
  readonly #login: () => Promise<IssuedToken>;
  readonly #now: () => number;
  readonly #budget: SharedBudget;
  readonly #fallback = new MemoryBudget();
  readonly #backoff: { initialMs: number; maxMs: number };
  readonly #leaseMs: number;
  readonly #endpoint: string;
  #current: { token: string; refreshAt: number; scopes: string[] } | undefined;
  #inflight: Promise<string> | undefined;
  #blocked: PlatformLoginError | undefined;
  readonly #rejected: string[] = [];
  #logins = 0;

  constructor(options: TokenManagerOptions) {
    this.#login = options.login;
    this.#now = options.now ?? Date.now;
    this.#budget = options.budget ?? this.#fallback;
    this.#backoff = options.loginBackoff ?? DEFAULT_LOGIN_BACKOFF;
    this.#leaseMs = options.loginLeaseMs ?? 120_000;
    this.#endpoint = options.endpoint ?? "POST /authentication/v1/authentication/login";
  }

  /** Logins sent so far (successful or not). */
  get logins(): number {
    return this.#logins;
  }

  /** The failed login this process is backing off from, if any: why, and how long until the next. */
  get backoff(): { reason: LoginFailure; status?: number; retryInMs: number } | undefined {
    const blocked = this.#blocked;
    const retryInMs = blocked ? blocked.retryAt - this.#now() : 0;
    if (!blocked || retryInMs <= 0) return undefined;
    return {
      reason: blocked.reason,
      ...(blocked.status !== undefined ? { status: blocked.status } : {}),
      retryInMs,
    };
  }

  /** The scopes of the current token, if there is one. */
  get scopes(): readonly string[] | undefined {
    return this.#current?.scopes;
  }

  /**
   * A valid token, logging in first if there is none. The caller's signal stops the caller's
   * wait only: the shared login carries on for the other callers.
   */
  getToken(signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && this.#now() < current.refreshAt) return Promise.resolve(current.token);
    const blocked = this.#blocked;
    if (blocked && this.#now() < blocked.retryAt) return Promise.reject(blocked);
    this.#inflight ??= this.#startLogin();
    return raceAbort(this.#inflight, signal);
  }

  /**
   * The service rejected `token` (401). Answers what the caller may do next:
   * - "relogin": the token is dropped and the next getToken logs in (once per token);
   * - "newer": another caller has already dropped it; the next getToken gives the newer token;
   * - "exhausted": this token already had its new login and the service returned it again (it
   *   answers a repeat login with the same token while that is valid) only to reject it again:
   *   no further login for it, the caller gives up.
   */
  invalidate(token: string): "relogin" | "newer" | "exhausted" {
    if (this.#rejected.includes(token)) return this.#current?.token === token ? "exhausted" : "newer";
    this.#rejected.push(token);
    if (this.#rejected.length > REMEMBERED_REJECTIONS) this.#rejected.shift();
    if (this.#current?.token !== token) return "newer";
    this.#current = undefined;
    return "relogin";
  }

  #startLogin(): Promise<string> {
    this.#current = undefined;
    const promise = this.#loginOnce().finally(() => {
      this.#inflight = undefined;
    });
    // Callers that aborted no longer listen; the failure still reaches every caller that does.
    promise.catch(() => {});
    return promise;
  }

  async #loginOnce(): Promise<string> {
    const claim = await this.#shared((b) => b.claimLogin(this.#leaseMs));
    if (!claim.allowed) throw this.#block(claim.backoff, undefined);

    this.#logins += 1;
    const sentAt = this.#now();
    let issued: IssuedToken;
    try {
      issued = await this.#login();
    } catch (error) {
      const failure = classifyLoginFailure(error);
      const backoff = await this.#shared((b) =>
        b.loginFailed(failure, (n) => loginBackoffDelay(n, this.#backoff)),
      );
      throw this.#block(backoff, error);
    }
    this.#blocked = undefined;
    await this.#shared((b) => b.loginSucceeded());
    const lifetimeMs = issued.expiresInS * 1000;
    const margin = Math.min(60_000, lifetimeMs * 0.1);
    // Measured from when the login was sent: the service started the clock no earlier.
    this.#current = {
      token: issued.accessToken,
      refreshAt: sentAt + lifetimeMs - margin,
      scopes: issued.scopes ?? [],
    };
    return issued.accessToken;
  }

  #block(backoff: LoginBackoff, cause: unknown): PlatformLoginError {
    const said = cause instanceof Error ? `: ${cause.message}` : "";
    const error = new PlatformLoginError({
      status: backoff.status,
      code: LOGIN_FAILED_CODE,
      endpoint: this.#endpoint,
      requestId: cause instanceof PlatformError ? cause.requestId : undefined,
      detail: cause instanceof PlatformError ? cause.detail : undefined,
      reason: backoff.reason,
      retryAt: this.#now() + backoff.retryInMs,
      message: `${this.#endpoint}: login ${backoff.reason} (${backoff.failures} in a row); next attempt in ${Math.ceil(backoff.retryInMs / 1000)} s${said}`,
    });
    this.#blocked = error;
    return error;
  }

  /** The shared budget, or this process's own when the shared one cannot answer. */
  async #shared<T>(fn: (budget: SharedBudget) => Promise<T>): Promise<T> {
    if (this.#budget === this.#fallback) return fn(this.#fallback);
    try {
      return await fn(this.#budget);
    } catch (error) {
      console.warn(
        `[platform] shared login back-off unavailable, using this process's own: ${error instanceof Error ? error.message : String(error)}`,
      );
      return fn(this.#fallback);
    }
  }
}

/** Why a login failed, in the three kinds the pages put into words. */
export function classifyLoginFailure(error: unknown): { reason: LoginFailure; status?: number } {
  if (error instanceof PlatformContractError) return { reason: "garbled", status: error.status };
  if (error instanceof PlatformUpstreamError || error instanceof PlatformRateLimitedError)
    return { reason: "unreachable", status: error.status };
  // No login endpoint at that address: PLATFORM_BASE_URL points elsewhere.
  if (error instanceof PlatformNotFoundError) return { reason: "unreachable", status: error.status };
  // 400, 401, 403...: the service answered, and said no to these credentials.
  if (error instanceof PlatformError) return { reason: "refused", status: error.status };
  return { reason: "unreachable" };
}
