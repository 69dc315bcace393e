import { afterEach, describe, expect, it, vi } from "vitest";

import {
  ApiClientError,
  apiGet,
  apiGetAnswer,
  apiPut,
  retryAfterFromHeader,
  retryDelay,
  shouldRetry,
} from "@/lib/queries/api-client";
import { makeQueryClient, pollWhileNotReady } from "@/lib/queries/query-client";

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("browser API client", () => {
  it("gets JSON with the session cookie and passes the abort signal on", async () => {
    const fetchMock = respond(200, { ok: 1 });
    const signal = new AbortController().signal;
    await expect(apiGet("/api/restaurants", { signal })).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/restaurants",
      expect.objectContaining({ method: "GET", credentials: "same-origin", signal }),
    );
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
    respond(400, {
      error: {
        status: 400,
        code: "invalid_range",
        message: "The range is longer than 366 days.",
        requestId: "r-1",
      },
    });
    const error = await apiGet("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_range",
      message: "The range is longer than 366 days.",
      requestId: "r-1",
    });
  });

  it("falls back to the status line for a proxy's HTML page, and to sign-in words for a 401", async () => {
    respond(502, "<html>Bad gateway</html>");
    await expect(apiGet("/api/x")).rejects.toMatchObject({
      status: 502,
      code: "http_error",
      message: "The server answered 502.",
    });
    respond(401, "");
    await expect(apiGet("/api/x")).rejects.toMatchObject({
      message: "Your session has ended. Sign in again.",
    });
  });

  it("keeps the server's Retry-After", async () => {
    respond(429, { error: { status: 429, code: "rate_limited", message: "Busy" } }, { "Retry-After": "3" });
    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 429, retryAfterMs: 3000 });
    expect(
      retryAfterFromHeader("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT")),
    ).toBe(10_000);
    expect(retryAfterFromHeader("soon")).toBeUndefined();
  });
});

describe("a route that may answer 202 (not ready yet)", () => {
  it("types a 202 as not ready, with its body and the server's Retry-After, and a 200 as the value", async () => {
    respond(202, { status: "pending", total: 30, pending: 18 }, { "Retry-After": "2" });
    await expect(apiGetAnswer("/api/k/summary")).resolves.toEqual({
      ready: false,
      pending: { status: "pending", total: 30, pending: 18 },
      retryAfterMs: 2000,
    });
    respond(202, { status: "pending" });
    await expect(apiGetAnswer("/api/k/summary")).resolves.toMatchObject({ ready: false, retryAfterMs: 1000 });
    respond(200, { levels: [] });
    await expect(apiGetAnswer("/api/k/summary")).resolves.toEqual({ ready: true, value: { levels: [] } });
  });

  it("still throws the API's errors", async () => {
    respond(400, { error: { status: 400, code: "invalid_request", message: "from: not a date" } });
    await expect(apiGetAnswer("/api/k/summary")).rejects.toMatchObject({
      status: 400,
      message: "from: not a date",
    });
  });

  it("is polled after its Retry-After until ready, then refetched as the query says", () => {
    const notReady = { state: { data: { ready: false, pending: {}, retryAfterMs: 1500 } } };
    const ready = { state: { data: { ready: true, value: {} } } };
    expect(pollWhileNotReady()(notReady)).toBe(1500);
    expect(pollWhileNotReady(60_000)(notReady)).toBe(1500);
    expect(pollWhileNotReady()(ready)).toBe(false);
    expect(pollWhileNotReady(60_000)(ready)).toBe(60_000);
    expect(pollWhileNotReady()({ state: { data: undefined } })).toBe(false);
    // Installed for every query, so no query of a 202 route is left showing "not ready".
    const interval = makeQueryClient().getDefaultOptions().queries?.refetchInterval as (
      q: unknown,
    ) => number | false;
    expect(interval(notReady)).toBe(1500);
    expect(interval(ready)).toBe(false);
  });
});

describe("one retry rule for every query", () => {
  const error = (status: number, retryAfterMs?: number) =>
    new ApiClientError(status, "x", "x", undefined, retryAfterMs);

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
