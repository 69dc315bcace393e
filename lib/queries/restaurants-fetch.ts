/**
 * fetch for our restaurant API from the browser: same-origin cookies, JSON out, and the API's
 * error shape `{ error: { status, code, message } }` turned into an error whose message can be
 * shown to a manager.
 */
export class RestaurantApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "RestaurantApiError";
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; requestId?: string };
}

export async function fetchRestaurantJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store", signal });
  if (!response.ok) {
    let body: ErrorBody | null = null;
    try {
      body = (await response.json()) as ErrorBody;
    } catch {
      // Not our JSON (a proxy's error page): the status line must do.
    }
    const fallback = response.status === 401 ? "Your session has ended. Sign in again." : `The server answered ${response.status}.`;
    throw new RestaurantApiError(response.status, body?.error?.code ?? "http_error", body?.error?.message ?? fallback, body?.error?.requestId);
  }
  return (await response.json()) as T;
}

/** Retry what may pass (network, 5xx, 503 busy), never a 4xx. */
export function shouldRetryRestaurants(failureCount: number, error: unknown): boolean {
  if (error instanceof RestaurantApiError && error.status < 500) return false;
  return failureCount < 2;
}
