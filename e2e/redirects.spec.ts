import { expect, test, type APIRequestContext } from "@playwright/test";

import { DEMO_PASSWORD, signIn } from "./fixtures/auth";

/**
 * Where people land after signing in: only paths of this origin, whatever the callbackUrl says
 * (issue 13). Real chromium follows the redirects, so a payload that a browser would turn into
 * another host (TAB, LF and CR are dropped inside URLs; "\" reads as "/") is caught here.
 */
const BROWSER_PAYLOADS = [
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D/evil.example",
  "//evil.example",
  "/%5Cevil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

test("after a correct sign-in, a hostile callbackUrl lands on the Overview of this site", async ({
  page,
}) => {
  for (const payload of BROWSER_PAYLOADS) {
    await page.context().clearCookies();
    await page.goto(`/sign-in?callbackUrl=${payload}`);
    await page.getByLabel("E-mail").fill("ben@kitchen.test");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The first Overview of a cold server waits for the entitlements: give it time.
    await expect(page, payload).toHaveURL((url) => url.pathname === "/", { timeout: 45_000 });
    expect(new URL(page.url()).host, payload).toMatch(/^localhost:\d+$/);
  }
});

test("signed in, the sign-in page sends a hostile callbackUrl home, never elsewhere and never a 5xx", async ({
  page,
}) => {
  await signIn(page, "ben@kitchen.test");
  for (const payload of [...BROWSER_PAYLOADS, "/%0D%0ASet-Cookie:%20x=1", "http://[::1", "%20/restaurants"]) {
    const response = await page.request.get(`/sign-in?callbackUrl=${payload}`, { maxRedirects: 0 });
    expect(response.status(), payload).toBeLessThan(500);
    expect([303, 307, 308], payload).toContain(response.status());
    expect(response.headers().location, payload).toBe("/");
  }
  // A safe path is kept.
  const kept = await page.request.get(`/sign-in?callbackUrl=${encodeURIComponent("/restaurants?x=1")}`, {
    maxRedirects: 0,
  });
  expect(kept.headers().location).toBe("/restaurants?x=1");
});

async function credentialsCallback(request: APIRequestContext, callbackUrl: string, password: string) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: "ana@kitchen.test", password, callbackUrl, json: "true" },
    maxRedirects: 0,
  });
}

test("next-auth's endpoints answer a foreign or malformed callbackUrl 400, never 5xx, and sign nobody in", async ({
  playwright,
  baseURL,
}) => {
  const payloads = [
    "\\\\evil.example",
    "http://[::1",
    " /restaurants",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\t/evil.example",
    "https://evil.example",
    "//evil.example",
  ];
  // With the right password and with a wrong one. The wrong ones are refused before the
  // password is checked, so they never count towards the sign-in throttle.
  for (const password of [DEMO_PASSWORD, "not-the-password"]) {
    for (const payload of payloads) {
      const request = await playwright.request.newContext({ baseURL });
      const response = await credentialsCallback(request, payload, password);
      const label = `${JSON.stringify(payload)} (${password === DEMO_PASSWORD ? "right" : "wrong"} password)`;
      expect(response.status(), label).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, label).toBe(
        "callbackUrl must be a path of this site",
      );
      const session = (await (await request.get("/api/auth/session")).json()) as { user?: unknown };
      expect(session.user, label).toBeUndefined();
      await request.dispose();
    }
  }
  // The same rule on the query of next-auth's GET endpoints.
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const payload of ["https://evil.example", "http%3A%2F%2F%5B%3A%3A1", "%2F%0A%2Fevil.example"]) {
    const response = await anonymous.get(`/api/auth/signin?callbackUrl=${payload}`, { maxRedirects: 0 });
    expect(response.status(), payload).toBe(400);
  }
  await anonymous.dispose();
  // A path of this site still works, and signs in.
  const request = await playwright.request.newContext({ baseURL });
  const ok = await credentialsCallback(request, "/restaurants", DEMO_PASSWORD);
  expect(ok.status()).toBe(200);
  expect(new URL(((await ok.json()) as { url: string }).url).pathname).toBe("/restaurants");
  expect(
    ((await (await request.get("/api/auth/session")).json()) as { user?: { email: string } }).user?.email,
  ).toBe("ana@kitchen.test");
  await request.dispose();
});
