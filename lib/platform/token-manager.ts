import "server-only";
import { raceAbort } from "./abortable";

/** What one login yields: the bearer token and its remaining lifetime in seconds (2.2 expiresIn). */
export interface IssuedToken {
  accessToken: string;
  expiresInS: number;
}

export interface TokenManagerOptions {
  /** Performs one login (POST /authentication/v1/authentication/login) and returns the token. */
  login: () => Promise<IssuedToken>;
  now?: () => number;
}

/**
 * Holds the client's one bearer token. The real service asks integrations to log in no more than
 * about twice an hour and to reuse the token for its whole lifetime, so:
 * - the token is reused until shortly before it expires (a margin of min(60 s, 10% of lifetime),
 *   so a request sent just before expiry does not arrive just after it);
 * - concurrent callers share one login: one promise in flight, cleared on success or failure
 *   (the single-flight pattern of google-auth-library's OAuth2Client);
 * - `invalidate(token)` drops the token only if it is still the current one, so a burst of 401s
 *   on the same stale token leads to exactly one new login.
 */
export class TokenManager {
  readonly #login: () => Promise<IssuedToken>;
  readonly #now: () => number;
  #current: { token: string; refreshAt: number } | undefined;
  #inflight: Promise<string> | undefined;
  #logins = 0;

  constructor(options: TokenManagerOptions) {
    this.#login = options.login;
    this.#now = options.now ?? Date.now;
  }

  /** Logins started so far (successful or not). */
  get logins(): number {
    return this.#logins;
  }

  /**
   * A valid token, logging in first if there is none. The caller's signal stops the caller's
   * wait only: the shared login carries on for the other callers.
   */
  getToken(signal?: AbortSignal): Promise<string> {
    const current = this.#current;
    if (current && this.#now() < current.refreshAt) return Promise.resolve(current.token);
    this.#inflight ??= this.#startLogin();
    return raceAbort(this.#inflight, signal);
  }

  /** The service rejected `token` (401): forget it, unless a newer token has replaced it already. */
  invalidate(token: string): void {
    if (this.#current?.token === token) this.#current = undefined;
  }

  #startLogin(): Promise<string> {
    this.#logins += 1;
    this.#current = undefined;
    const sentAt = this.#now();
    const promise = this.#login()
      .then(({ accessToken, expiresInS }) => {
        const lifetimeMs = expiresInS * 1000;
        const margin = Math.min(60_000, lifetimeMs * 0.1);
        // Measured from when the login was sent: the service started the clock no earlier.
        this.#current = { token: accessToken, refreshAt: sentAt + lifetimeMs - margin };
        return accessToken;
      })
      .finally(() => {
        this.#inflight = undefined;
      });
    // Callers that aborted no longer listen; the failure still reaches every caller that does.
    promise.catch(() => {});
    return promise;
  }
}
