import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError, apiGet, apiPut, retryAfterFromHeader, retryDelay, shouldRetry } from "@/lib/queries/api-client";

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("browser API client", () => {
  it("gets JSON with the session cookie and passes the abort signal on", async () => {
    const fetchMock = respond(200, { ok: 1 });
    const signal = new AbortController().signal;
    await expect(apiGet("/api/restaurants", { signal })).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith("/api/restaurants", expect.objectContaining({ method: "GET", credentials: "same-origin", signal }));
  });

  it("puts a JSON body", async () => {
    const fetchMock = respond(200, { targets: [] });
    await apiPut("/api/restaurants/g/kitchen/targets", { targets: [{ level: 0, seconds: 600 }] });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"targets":[{"level":0,"seconds":600}]}');
    expect(init.headers).toMatchObject({ "Content-Type": "application/json" });
  });

  it("turns the API's error shape into an ApiClientError with its status, code, message and request id", async () => {
    respond(400, { error: { status: 400, code: "invalid_range", message: "The range is longer than 366 days.", requestId: "r-1" } });
    const error = await apiGet("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 400, code: "invalid_range", message: "The range is longer than 366 days.", requestId: "r-1" });
  });

  it("falls back to the status line for a proxy's HTML page, and to sign-in words for a 401", async () => {
    respond(502, "<html>Bad gateway</html>");
    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 502, code: "http_error", message: "The server answered 502." });
    respond(401, "");
    await expect(apiGet("/api/x")).rejects.toMatchObject({ message: "Your session has ended. Sign in again." });
  });

  it("keeps the server's Retry-After", async () => {
    respond(429, { error: { status: 429, code: "rate_limited", message: "Busy" } }, { "Retry-After": "3" });
    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 429, retryAfterMs: 3000 });
    expect(retryAfterFromHeader("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterFromHeader("soon")).toBeUndefined();
  });
});

describe("one retry rule for every query", () => {
  const error = (status: number, retryAfterMs?: number) => new ApiClientError(status, "x", "x", undefined, retryAfterMs);

  it("retries network failures, 429 and 5xx twice, never another 4xx", () => {
    for (const e of [new TypeError("Failed to fetch"), error(429), error(500), error(503)]) {
      expect([0, 1, 2].map((n) => shouldRetry(n, e))).toEqual([true, true, false]);
    }
    for (const status of [400, 401, 403, 404, 409]) expect(shouldRetry(0, error(status))).toBe(false);
  });

  it("waits as long as Retry-After says, and does not wait for a pause longer than 30 s", () => {
    expect(retryDelay(0, error(429, 2_000))).toBe(2_000);
    expect(shouldRetry(0, error(503, 120_000))).toBe(false);
  });

  it("backs off exponentially with jitter otherwise", () => {
    for (const n of [0, 1, 2]) {
      const delay = retryDelay(n, error(500));
      expect(delay).toBeGreaterThanOrEqual(500 * 2 ** n);
      expect(delay).toBeLessThanOrEqual(1000 * 2 ** n);
    }
  });
});
