import { SandboxError } from "./errors";
import type { SandboxSettings } from "./options";
import { republishedWhilePaging } from "./paging";

/**
 * Faults on demand, so the client's retry, timeout and parsing paths can be exercised against a
 * real server. Request header `Sandbox-Fault`, obeyed only with the `faultHeaders` option (the app:
 * SANDBOX_FAULTS=true; tests set it), otherwise ignored:
 *   429[=<s>]   429 with Retry-After <s> seconds (default 1)
 *   500         500 error
 *   503[=<s>]   503, with Retry-After when <s> is given
 *   401         401 as if the token had expired (exercises re-login)
 *   timeout     no answer until the caller gives up (or hangMs passes, then 504)
 *   truncated   the normal answer with its body cut off half-way
 *   slow=<ms>   the normal answer after <ms> milliseconds
 *   409         on a list request with a pageToken, 409 as if the configuration had been
 *               republished while paging; any other request is answered normally
 * An unknown value is a 400, so a typo never passes silently. With faultRate > 0 a request
 * without the header gets a random 429, 500 or 503 with that probability: the failures a
 * well-behaved client retries. Faults apply to login and every secured endpoint, never to an
 * unknown path, and come before authentication, as a gateway's would.
 */
export const FAULT_HEADER = "Sandbox-Fault";
/** Integrators report exports silent for more than a minute; slow must reach well past that. */
const MAX_SLOW_MS = 600_000;

export type Fault =
  | { kind: "status"; status: 401 | 429 | 500 | 503; retryAfterS?: number }
  | { kind: "timeout" }
  | { kind: "truncated" }
  | { kind: "slow"; ms: number }
  | { kind: "republished" };

export function parseFault(value: string | null): Fault | null {
  if (value === null) return null;
  const v = value.trim().toLowerCase();
  if (v === "") return null;
  if (v === "500") return { kind: "status", status: 500 };
  if (v === "401") return { kind: "status", status: 401 };
  if (v === "timeout") return { kind: "timeout" };
  if (v === "truncated") return { kind: "truncated" };
  if (v === "409") return { kind: "republished" };
  const withSeconds = /^(429|503)(?:=(\d{1,4}))?$/.exec(v);
  if (withSeconds) {
    const status = withSeconds[1] === "429" ? 429 : 503;
    const seconds = withSeconds[2] === undefined ? (status === 429 ? 1 : undefined) : Number(withSeconds[2]);
    return { kind: "status", status, retryAfterS: seconds };
  }
  const slow = /^slow=(\d{1,6})$/.exec(v);
  if (slow && Number(slow[1]) <= MAX_SLOW_MS) return { kind: "slow", ms: Number(slow[1]) };
  throw new SandboxError(
    400,
    "INVALID_FAULT",
    `${FAULT_HEADER} '${value}' is not one of 429[=<s>], 500, 503[=<s>], 401, 409, timeout, truncated, slow=<ms> (ms at most ${MAX_SLOW_MS}).`,
  );
}

const RANDOM_STATUSES = [429, 500, 503] as const;

export function randomFault(settings: SandboxSettings): Fault | null {
  if (settings.faultRate <= 0 || settings.random() >= settings.faultRate) return null;
  const status = RANDOM_STATUSES[Math.floor(settings.random() * RANDOM_STATUSES.length)] ?? 500;
  return { kind: "status", status, retryAfterS: status === 429 ? 1 : undefined };
}

/** Runs `handle` as the fault dictates; throws a SandboxError for status faults. */
export async function withFault(
  fault: Fault,
  request: Request,
  settings: SandboxSettings,
  handle: () => Promise<Response>,
): Promise<Response> {
  switch (fault.kind) {
    case "status":
      throw statusFault(fault);
    case "slow":
      await holdFor(fault.ms, request.signal);
      return handle();
    case "timeout":
      await holdFor(settings.hangMs, request.signal);
      // Only reached when the caller waited the whole bound; an aborted caller reads nothing.
      throw new SandboxError(
        504,
        "GATEWAY_TIMEOUT",
        `Injected fault (${FAULT_HEADER}: timeout): no answer within ${settings.hangMs} ms.`,
      );
    case "truncated":
      return truncate(await handle());
    case "republished":
      // Only a follow-up page can meet a republication; a first page is read as usual.
      if (new URL(request.url).searchParams.get("pageToken")) throw republishedWhilePaging();
      return handle();
  }
}

function statusFault(fault: Extract<Fault, { kind: "status" }>): SandboxError {
  const headers: Record<string, string> =
    fault.retryAfterS === undefined ? {} : { "Retry-After": String(fault.retryAfterS) };
  const tag = `Injected fault (${FAULT_HEADER}: ${fault.status})`;
  switch (fault.status) {
    case 401:
      return new SandboxError(401, "TOKEN_EXPIRED", `${tag}: the access token has expired; log in again.`, {
        headers: { "WWW-Authenticate": 'Bearer realm="sandbox"' },
      });
    case 429:
      return new SandboxError(429, "RATE_LIMITED", `${tag}: too many requests.`, { headers });
    case 500:
      return new SandboxError(500, "INTERNAL_ERROR", `${tag}: unexpected server error.`);
    case 503:
      return new SandboxError(503, "SERVICE_UNAVAILABLE", `${tag}: service unavailable.`, { headers });
  }
}

async function truncate(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const cut = bytes.slice(0, Math.max(0, Math.floor(bytes.length / 2)));
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(cut, { status: response.status, headers });
}

/** Resolves after `ms`, or as soon as `signal` aborts: a hung request must not outlive its caller. */
export function holdFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
