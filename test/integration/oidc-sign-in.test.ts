import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startFakeOidc, type FakeOidc, type OidcUser } from "../support/fake-oidc";
import { productionBuild, startAppProcess, type AppProcess } from "../support/fake-platform/processes";

/**
 * Sign-in by OpenID Connect over HTTP, on the production build, against a small issuer of our own
 * (test/support/fake-oidc.ts: discovery, JWKS, PKCE, RS256 ID tokens): next-auth's real flow from
 * the sign-in POST through the issuer's redirect to the callback. A verified e-mail of an active
 * person signs in as them; an unknown or unverified e-mail lands on the plain "ask your admin for
 * an invitation" page, with no session.
 */
const logs = mkdtempSync(path.join(tmpdir(), "kp-oidc-logs-"));
let oidc: FakeOidc;
let app: AppProcess;

/** A cookie jar over fetch, redirects not followed. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const headers = new Headers(init.headers);
    if (target.origin === this.origin && this.cookies.size)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    if (target.origin === this.origin)
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(";", 1)[0]!;
        const eq = pair.indexOf("=");
        const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
        if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    return response;
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((n) => /session-token/.test(n));
  }
}

/** The whole flow for `user`; where the app's callback sends the browser, and the browser. */
async function signInWithOidc(user: OidcUser): Promise<{ landing: string; browser: Browser }> {
  oidc.signInAs(user);
  const browser = new Browser(app.origin);
  const { csrfToken } = (await (await browser.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const start = await browser.fetch("/api/auth/signin/oidc", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.origin },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${app.origin}/`, json: "true" }),
  });
  const authorize = start.headers.get("location") ?? ((await start.json()) as { url: string }).url;
  expect(authorize.startsWith(`${oidc.issuer}/authorize?`), authorize).toBe(true);
  expect(new URL(authorize).searchParams.get("code_challenge_method")).toBe("S256");
  const atIssuer = await browser.fetch(authorize);
  expect(atIssuer.status).toBe(302);
  const callback = await browser.fetch(atIssuer.headers.get("location")!);
  expect(callback.status, await callback.clone().text()).toBe(302);
  return { landing: new URL(callback.headers.get("location")!, app.origin).href, browser };
}

describe("sign-in by OpenID Connect", () => {
  beforeAll(async () => {
    if (!productionBuild()) throw new Error("oidc-sign-in: no production build; run `npx next build` first");
    oidc = await startFakeOidc();
    app = await startAppProcess(
      null,
      {
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
        OIDC_NAME: "Group SSO",
        KITCHEN_BACKFILL_DAYS: "0",
        RESTAURANT_DISCOVERY_H: "0",
      },
      path.join(logs, "app.log"),
    );
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await oidc?.stop();
  }, 30_000);

  it("signs a verified e-mail of an active person in as that person", async () => {
    const signInPage = await (await fetch(`${app.origin}/sign-in`)).text();
    expect(signInPage).toContain("Group SSO");
    const { landing, browser } = await signInWithOidc({
      sub: "idp-ana",
      email: "Ana@Kitchen.test",
      email_verified: true,
      name: "Ana from the IdP",
    });
    expect(landing).toBe(`${app.origin}/`);
    expect(browser.hasSession()).toBe(true);
    const session = (await (await browser.fetch("/api/auth/session")).json()) as {
      user?: { email?: string };
    };
    expect(session.user?.email).toBe("ana@kitchen.test");
    // Her restaurants, by the people table's rule, as after a password sign-in.
    expect((await browser.fetch("/api/restaurants")).status).toBe(200);
    expect((await browser.fetch("/api/admin/people")).status).toBe(403);
    expect(oidc.refusals()).toEqual([]);
  });

  it.each([
    ["an unknown e-mail", { sub: "idp-x", email: "stranger@kitchen.test", email_verified: true }],
    ["an unverified e-mail", { sub: "idp-ana", email: "ana@kitchen.test", email_verified: false }],
    ["an e-mail the provider says nothing of", { sub: "idp-ana", email: "ana@kitchen.test" }],
  ])("sends %s to the plain not-invited page, signed out", async (_what, user) => {
    const { landing, browser } = await signInWithOidc(user);
    expect(landing).toBe(`${app.origin}/sign-in/not-invited`);
    expect(browser.hasSession()).toBe(false);
    expect(await (await browser.fetch("/api/auth/session")).json()).toEqual({});
    const page = await browser.fetch(landing);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Ask your admin for an invitation");
  });
});
