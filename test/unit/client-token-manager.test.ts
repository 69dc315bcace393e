import { describe, expect, it, vi } from "vitest";

import {
  PlatformAuthenticationError,
  PlatformContractError,
  PlatformLoginError,
  PlatformUpstreamError,
} from "@/lib/platform/errors";
import { MemoryBudget } from "@/lib/platform/shared-budget";
import { TokenManager, type IssuedToken } from "@/lib/platform/token-manager";

/**
 * The token manager's caching and single-flight rules, with a login function standing in for
 * the HTTP call (the HTTP side is covered against the sandbox in test/integration).
 */
function deferredLogins(expiresInS = 3600) {
  const pending: { resolve: (t: IssuedToken) => void; reject: (e: unknown) => void }[] = [];
  let issued = 0;
  return {
    pending,
    login: () =>
      new Promise<IssuedToken>((resolve, reject) => {
        pending.push({ resolve: () => resolve({ accessToken: `token-${++issued}`, expiresInS }), reject });
      }),
  };
}

describe("TokenManager", () => {
  it("shares one login among many concurrent callers", async () => {
    const logins = deferredLogins();
    const manager = new TokenManager({ login: logins.login });
    const callers = Array.from({ length: 50 }, () => manager.getToken());
    // The login starts once the budget has allowed it (one async step).
    await vi.waitFor(() => expect(logins.pending).toHaveLength(1));
    logins.pending[0]!.resolve({ accessToken: "", expiresInS: 0 });
    expect(new Set(await Promise.all(callers))).toEqual(new Set(["token-1"]));
    expect(manager.logins).toBe(1);
  });

  // A token asked for at 0, then just before and at its renewal time (ms): 60 s before expiry, or
  // 10% of the lifetime for a short-lived one.
  it.each([
    {
      does: "reuses the token until the margin before expiry, then logs in again",
      expiresInS: 3600,
      renewAt: 3600_000 - 60_000,
    },
    { does: "keeps a margin of 10% for short-lived tokens", expiresInS: 10, renewAt: 9_000 },
  ])("$does", async ({ expiresInS, renewAt }) => {
    let t = 0;
    let issued = 0;
    const manager = new TokenManager({
      now: () => t,
      login: async () => ({ accessToken: `token-${++issued}`, expiresInS }),
    });
    expect(await manager.getToken()).toBe("token-1");
    t = renewAt - 1;
    expect(await manager.getToken()).toBe("token-1");
    t = renewAt;
    expect(await manager.getToken()).toBe("token-2");
    expect(manager.logins).toBe(2);
  });

  it("invalidating the current token leads to exactly one new login for all who saw it fail", async () => {
    let issued = 0;
    const manager = new TokenManager({
      login: async () => ({ accessToken: `token-${++issued}`, expiresInS: 3600 }),
    });
    const stale = await manager.getToken();
    // Three requests got 401 with the same token; each invalidates it and asks again.
    const retries = [0, 1, 2].map(() => {
      manager.invalidate(stale);
      return manager.getToken();
    });
    expect(new Set(await Promise.all(retries))).toEqual(new Set(["token-2"]));
    manager.invalidate(stale); // a late 401 on the old token must not throw the new one away
    expect(await manager.getToken()).toBe("token-2");
    expect(manager.logins).toBe(2);
  });

  it("after a failed login, fails every caller at once until the back-off ends, then logs in once", async () => {
    let t = 0;
    const logins = deferredLogins();
    const manager = new TokenManager({
      login: logins.login,
      now: () => t,
      budget: new MemoryBudget({}, () => t),
      loginBackoff: { initialMs: 1_000, maxMs: 8_000 },
    });
    const first = [manager.getToken(), manager.getToken()];
    await vi.waitFor(() => expect(logins.pending).toHaveLength(1));
    logins.pending[0]!.reject(
      new PlatformAuthenticationError({
        status: 401,
        code: "unauthorized",
        endpoint: "POST /login",
        message: "refused",
      }),
    );
    for (const caller of first) {
      const error = await caller.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformLoginError);
      expect(error).toMatchObject({
        reason: "refused",
        status: 401,
        code: "platform_login_failed",
        retryAt: 1_000,
        digest: "platform_login_failed:refused",
      });
    }
    t = 999;
    await expect(manager.getToken()).rejects.toBeInstanceOf(PlatformLoginError);
    expect(manager.logins).toBe(1);
    t = 1_000;
    const second = manager.getToken();
    await vi.waitFor(() => expect(logins.pending).toHaveLength(2));
    logins.pending[1]!.resolve({ accessToken: "", expiresInS: 0 });
    expect(await second).toBe("token-1");
    expect(manager.logins).toBe(2);
  });

  it("doubles the back-off with each failure in a row, up to the cap, and forgets it after a success", async () => {
    let t = 0;
    let fail = true;
    const manager = new TokenManager({
      now: () => t,
      budget: new MemoryBudget({}, () => t),
      loginBackoff: { initialMs: 1_000, maxMs: 3_000 },
      login: async () => {
        if (fail)
          throw new PlatformUpstreamError({
            code: "network",
            kind: "network",
            endpoint: "POST /login",
            message: "down",
          });
        return { accessToken: "tok", expiresInS: 3600 };
      },
    });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const error = (await manager.getToken().catch((e: unknown) => e)) as PlatformLoginError;
      expect(error.reason).toBe("unreachable");
      waits.push(error.retryAt - t);
      t = error.retryAt;
    }
    expect(waits).toEqual([1_000, 2_000, 3_000, 3_000]);
    fail = false;
    expect(await manager.getToken()).toBe("tok");
    expect(manager.logins).toBe(5);
  });

  it("calls a login body it cannot read garbled", async () => {
    const manager = new TokenManager({
      login: async () => {
        throw new PlatformContractError({
          status: 200,
          code: "contract_mismatch",
          endpoint: "POST /login",
          message: "token.accessToken: expected string",
        });
      },
    });
    await expect(manager.getToken()).rejects.toMatchObject({
      reason: "garbled",
      digest: "platform_login_failed:garbled",
    });
  });

  it("allows one new login per rejected token, and none for a token the service hands back and rejects again", async () => {
    // The service answers a repeat login with the same token while it is valid.
    const manager = new TokenManager({ login: async () => ({ accessToken: "same", expiresInS: 3600 }) });
    const token = await manager.getToken();
    expect(manager.invalidate(token)).toBe("relogin");
    expect(await manager.getToken()).toBe("same");
    expect(manager.invalidate(token)).toBe("exhausted");
    expect(manager.logins).toBe(2);
  });

  it("keeps the scopes the login reported", async () => {
    const manager = new TokenManager({
      login: async () => ({ accessToken: "t", expiresInS: 60, scopes: ["kitchen:read", "config:read"] }),
    });
    expect(manager.scopes).toBeUndefined();
    await manager.getToken();
    expect(manager.scopes).toEqual(["kitchen:read", "config:read"]);
  });

  it("lets one caller stop waiting without cancelling the login for the others", async () => {
    const logins = deferredLogins();
    const manager = new TokenManager({ login: logins.login });
    const controller = new AbortController();
    const impatient = manager.getToken(controller.signal);
    const patient = manager.getToken();
    controller.abort(new Error("gave up"));
    await expect(impatient).rejects.toThrow("gave up");
    await vi.waitFor(() => expect(logins.pending).toHaveLength(1));
    logins.pending[0]!.resolve({ accessToken: "", expiresInS: 0 });
    expect(await patient).toBe("token-1");
    expect(manager.logins).toBe(1);
  });
});
