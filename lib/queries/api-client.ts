/**
 * The browser's one client of our own API (/api/**): same-origin cookies, JSON in and out, and
 * the API's one error shape `{ error: { status, code, message, requestId? } }` turned into an
 * `ApiClientError` whose message is fit to show a manager. Every query hook reaches the API
 * through `apiGet` / `apiPut` (or `apiGetAnswer` for routes that may answer 202), and every query
 * retries by the one rule below (`shouldRetry`, `retryDelay`, installed as the QueryClient's
 * defaults in query-client.ts, with the polling of "not ready" answers).
 */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    /** From Retry-After (429, 503): how long the server asked us to wait, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
}

interface ErrorBody {
  error?: { status?: number; code?: string | number; message?: string; requestId?: string };
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterFromHeader(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function toError(response: Response): Promise<ApiClientError> {
  let body: ErrorBody | null = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // A proxy's HTML error page: the status line must do.
  }
  const e = body?.error;
  const fallback =
    response.status === 401
      ? "Your session has ended. Sign in again."
      : `The server answered ${response.status}.`;
  return new ApiClientError(
    response.status,
    e?.code === undefined ? "http_error" : String(e.code),
    e?.message ?? fallback,
    e?.requestId ?? response.headers.get("X-Request-Id") ?? undefined,
    retryAfterFromHeader(response.headers.get("Retry-After")),
  );
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(path, {
    ...init,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
    cache: "no-store",
  });
  if (!response.ok) throw await toError(response);
  return response;
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  return (await (await send(path, init)).json()) as T;
}

export function apiGet<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return request<T>(path, { method: "GET", signal: options.signal });
}

/**
 * The answer of a route that may say "not ready yet" (202 Accepted: the work behind it goes on in
 * the background and the body, `pending`, says how far it has got). Neither data nor an error.
 */
export type Answer<T, P> = { ready: true; value: T } | { ready: false; pending: P; retryAfterMs: number };

/** When a 202 names no Retry-After, ask again after this long. */
const NOT_READY_RETRY_MS = 1_000;

export function isNotReady(
  value: unknown,
): value is { ready: false; pending: unknown; retryAfterMs: number } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { ready?: unknown }).ready === false &&
    "pending" in value
  );
}

/** A GET of a route that may answer 202: the body typed as `T` when ready, as `P` while not. */
export async function apiGetAnswer<T, P>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<Answer<T, P>> {
  const response = await send(path, { method: "GET", signal: options.signal });
  const body: unknown = await response.json();
  if (response.status !== 202) return { ready: true, value: body as T };
  return {
    ready: false,
    pending: body as P,
    retryAfterMs: retryAfterFromHeader(response.headers.get("Retry-After")) ?? NOT_READY_RETRY_MS,
  };
}

export function apiPut<T>(path: string, body: unknown, options: ApiRequestOptions = {}): Promise<T> {
  return request<T>(path, { method: "PUT", body: JSON.stringify(body), signal: options.signal });
}

export function apiPost<T>(path: string, body: unknown, options: ApiRequestOptions = {}): Promise<T> {
  return request<T>(path, { method: "POST", body: JSON.stringify(body), signal: options.signal });
}

export function apiPatch<T>(path: string, body: unknown, options: ApiRequestOptions = {}): Promise<T> {
  return request<T>(path, { method: "PATCH", body: JSON.stringify(body), signal: options.signal });
}

/** A DELETE; the body, if the route sends one (a 204 has none). */
export async function apiDelete<T = void>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<T | undefined> {
  const response = await send(path, { method: "DELETE", signal: options.signal });
  return response.status === 204 ? undefined : ((await response.json()) as T);
}

/** Two retries: a third failure in a row is shown, with the error state's own retry button. */
export const MAX_RETRIES = 2;
/** A server asking for a longer pause than this is not waited for: the error shows at once. */
export const MAX_RETRY_WAIT_MS = 30_000;

/** What may pass on its own: a network failure, 429, 5xx. Never another 4xx, which a person must fix. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiClientError)) return true;
  return error.status === 429 || error.status >= 500;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !isTransient(error)) return false;
  return !(error instanceof ApiClientError && (error.retryAfterMs ?? 0) > MAX_RETRY_WAIT_MS);
}

/** Exponential backoff from 1 s (jittered, so many tabs do not retry in step), or the server's Retry-After. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiClientError && error.retryAfterMs !== undefined) return error.retryAfterMs;
  const base = Math.min(1000 * 2 ** failureCount, MAX_RETRY_WAIT_MS);
  return base / 2 + Math.random() * (base / 2);
}
