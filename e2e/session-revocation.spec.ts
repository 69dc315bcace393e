import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";

import { restaurantNamed, signIn, signOut } from "./fixtures/auth";

const harbor = restaurantNamed("Harbor Street Kitchen");

/**
 * An attacker's replay: a fresh HTTP client (no browser, no other cookie) presenting only a copied
 * session cookie. Redirects are not followed, so a page's answer is seen as sent.
 */
async function replay(baseURL: string, cookie: { name: string; value: string }): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` },
    maxRedirects: 0,
  });
}

async function expectSignedIn(client: APIRequestContext): Promise<void> {
  const page = await client.get(`/restaurants/${harbor.guid}/info`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain(harbor.name);
  expect((await client.get("/api/restaurants")).status()).toBe(200);
  expect(await (await client.get("/api/auth/session")).json()).toMatchObject({
    user: { email: "ana@kitchen.test" },
  });
}

test("a copied session cookie stops working once its owner signs out", async ({ page, context, baseURL }) => {
  await signIn(page, "ana@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/info` });
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie).toBeDefined();

  // Before sign-out the copy works everywhere, so each refusal below is the revocation's doing.
  const attacker = await replay(baseURL!, cookie!);
  try {
    await expectSignedIn(attacker);

    await signOut(page);

    const pageAnswer = await attacker.get(`/restaurants/${harbor.guid}/info`);
    expect(pageAnswer.status()).toBe(307);
    expect(new URL(pageAnswer.headers().location!, baseURL).pathname).toBe("/sign-in");

    const api = await attacker.get("/api/restaurants");
    expect(api.status()).toBe(401);
    expect(await api.json()).toEqual({
      error: { status: 401, code: "unauthenticated", message: "Sign in to use this API" },
    });

    const session = await attacker.get("/api/auth/session");
    expect(session.status()).toBe(200);
    expect(await session.json()).toEqual({});

    // The same person signing in again gets a new, working session; the old copy stays dead.
    await signIn(page, "ana@kitchen.test");
    expect((await attacker.get("/api/restaurants")).status()).toBe(401);
  } finally {
    await attacker.dispose();
  }
});

test("a session read reports the absolute end fixed at sign-in, and renewal does not move it", async ({
  page,
}) => {
  await signIn(page, "ben@kitchen.test");
  const first = (await (await page.request.get("/api/auth/session")).json()) as { expires: string };
  const second = (await (await page.request.get("/api/auth/session")).json()) as { expires: string };
  expect(second.expires).toBe(first.expires);
  // Twelve hours from sign-in (the default AUTH_SESSION_MAX_AGE_H), give or take the test's duration.
  const hours = (Date.parse(first.expires) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(11.9);
  expect(hours).toBeLessThanOrEqual(12);
});
