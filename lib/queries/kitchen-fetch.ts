/**
 * fetch for the kitchen API from the browser: same-origin cookies, JSON out, and the API's one
 * error shape `{ error: { status, code, message, requestId? } }` turned into a typed error whose
 * message is fit to show a manager.
 */
export class KitchenApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "KitchenApiError";
  }
}

interface ErrorBody {
  error?: { status?: number; code?: string; message?: string; requestId?: string };
}

async function toError(response: Response): Promise<KitchenApiError> {
  let body: ErrorBody | null = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // A proxy's HTML error page: fall through to the status line.
  }
  const e = body?.error;
  const fallback = response.status === 401 ? "Your session has ended. Sign in again." : `The server answered ${response.status}.`;
  return new KitchenApiError(response.status, e?.code ?? "http_error", e?.message ?? fallback, e?.requestId);
}

export async function fetchKitchenJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}), ...init.headers },
    cache: "no-store",
  });
  if (!response.ok) throw await toError(response);
  return (await response.json()) as T;
}

/** Retry transient failures (network, 5xx, 429), never a 4xx the user must fix. */
export function shouldRetryKitchen(failureCount: number, error: unknown): boolean {
  if (error instanceof KitchenApiError && error.status < 500 && error.status !== 429) return false;
  return failureCount < 2;
}
