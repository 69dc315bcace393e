import { describe, expect, it } from "vitest";
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
    expect(logins.pending).toHaveLength(1);
    logins.pending[0]!.resolve({ accessToken: "", expiresInS: 0 });
    expect(new Set(await Promise.all(callers))).toEqual(new Set(["token-1"]));
    expect(manager.logins).toBe(1);
  });

  it("reuses the token until the margin before expiry, then logs in again", async () => {
    let t = 0;
    let issued = 0;
    const manager = new TokenManager({ now: () => t, login: async () => ({ accessToken: `token-${++issued}`, expiresInS: 3600 }) });
    expect(await manager.getToken()).toBe("token-1");
    t = 3600_000 - 60_001; // just inside the 60 s margin boundary
    expect(await manager.getToken()).toBe("token-1");
    t = 3600_000 - 60_000;
    expect(await manager.getToken()).toBe("token-2");
    expect(manager.logins).toBe(2);
  });

  it("keeps a margin of 10% for short-lived tokens", async () => {
    let t = 0;
    let issued = 0;
    const manager = new TokenManager({ now: () => t, login: async () => ({ accessToken: `token-${++issued}`, expiresInS: 10 }) });
    await manager.getToken();
    t = 8_999;
    expect(await manager.getToken()).toBe("token-1");
    t = 9_000;
    expect(await manager.getToken()).toBe("token-2");
  });

  it("invalidating the current token leads to exactly one new login for all who saw it fail", async () => {
    let issued = 0;
    const manager = new TokenManager({ login: async () => ({ accessToken: `token-${++issued}`, expiresInS: 3600 }) });
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

  it("clears the in-flight login on failure so the next caller tries again", async () => {
    const logins = deferredLogins();
    const manager = new TokenManager({ login: logins.login });
    const first = [manager.getToken(), manager.getToken()];
    logins.pending[0]!.reject(new Error("login refused"));
    for (const caller of first) await expect(caller).rejects.toThrow("login refused");
    const second = manager.getToken();
    expect(logins.pending).toHaveLength(2);
    logins.pending[1]!.resolve({ accessToken: "", expiresInS: 0 });
    expect(await second).toBe("token-1");
  });

  it("lets one caller stop waiting without cancelling the login for the others", async () => {
    const logins = deferredLogins();
    const manager = new TokenManager({ login: logins.login });
    const controller = new AbortController();
    const impatient = manager.getToken(controller.signal);
    const patient = manager.getToken();
    controller.abort(new Error("gave up"));
    await expect(impatient).rejects.toThrow("gave up");
    logins.pending[0]!.resolve({ accessToken: "", expiresInS: 0 });
    expect(await patient).toBe("token-1");
    expect(manager.logins).toBe(1);
  });
});
