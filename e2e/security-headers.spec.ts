import { expect, test, type APIResponse } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * The security headers on every kind of answer (issue 13): pages, RSC payloads, API JSON, CSV,
 * the 404 page, next-auth's answers and the sandbox; and a page policy strict enough that no
 * inline script runs without the response's nonce, while the app still works in chromium.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

function expectCommonHeaders(response: APIResponse, label: string): string {
  const h = response.headers();
  expect(h["x-content-type-options"], label).toBe("nosniff");
  expect(h["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], label).toContain("camera=()");
  expect(h["x-frame-options"], label).toBe("DENY");
  const csp = h["content-security-policy"] ?? "";
  expect(csp, label).toContain("frame-ancestors 'none'");
  // Served over http here: HSTS only goes with https.
  expect(h["strict-transport-security"], label).toBeUndefined();
  return csp;
}

function scriptSrc(csp: string): string {
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? ""
  );
}

test("every kind of answer carries the security headers", async ({ page }) => {
  const anonymous = page.request;
  const signInPage = await anonymous.get("/sign-in");
  const pageCsp = expectCommonHeaders(signInPage, "sign-in page");
  expect(scriptSrc(pageCsp)).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(scriptSrc(pageCsp)).not.toContain("unsafe-inline");
  // A fresh nonce per response.
  const again = (await anonymous.get("/sign-in")).headers()["content-security-policy"];
  expect(scriptSrc(again!)).not.toBe(scriptSrc(pageCsp));

  expectCommonHeaders(await anonymous.get("/api/restaurants"), "API 401");
  expectCommonHeaders(await anonymous.get("/api/auth/csrf"), "next-auth");
  expectCommonHeaders(await anonymous.get("/api/health"), "health");
  expectCommonHeaders(
    await anonymous.post("/sandbox/authentication/v1/authentication/login", { data: {} }),
    "sandbox",
  );
  expectCommonHeaders(await anonymous.get("/no-such-page", { maxRedirects: 0 }), "404 page");

  await signIn(page, "ana@kitchen.test");
  const signedIn = page.request;
  const overview = await signedIn.get("/");
  expect(overview.status()).toBe(200);
  expectCommonHeaders(overview, "Overview page");
  const rsc = await signedIn.get(`/restaurants/${harbor.guid}/info`, { headers: { RSC: "1" } });
  expectCommonHeaders(rsc, "RSC payload");
  const api = await signedIn.get("/api/restaurants");
  expect(api.status()).toBe(200);
  expect(expectCommonHeaders(api, "API 200")).toContain("default-src 'none'");
  const csv = await signedIn.get(`/api/restaurants/${harbor.guid}/stations.csv`);
  expect(csv.status()).toBe(200);
  expectCommonHeaders(csv, "CSV");
});

test("no inline script runs without the nonce, and the app still works under the policy", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  await signIn(page, "ana@kitchen.test");
  await page.goto(`/restaurants/${harbor.guid}/info`);
  await expect(page.getByRole("heading", { level: 1, name: harbor.name })).toBeVisible();
  // Every inline script Next.js wrote carries the nonce of this response's policy.
  const { nonces, inline } = await page.evaluate(() => {
    // Scripts Next.js loads later are trusted through 'strict-dynamic'; the inline ones need the nonce.
    const inlineScripts = [...document.querySelectorAll("script")].filter((s) => !s.src);
    return { nonces: inlineScripts.map((s) => s.nonce), inline: inlineScripts.length };
  });
  expect(inline).toBeGreaterThan(0);
  expect(nonces.every((n) => (n ?? "").length > 0)).toBe(true);
  expect(violations).toEqual([]);
  // Injected markup with inline code (what an XSS would add) does not run. An inline event
  // handler fires later, outside the test's own evaluation, so the page's policy judges it.
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.setAttribute("onerror", "window.injected = true");
    img.src = "/no-such-image.png";
    document.body.appendChild(img);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected === true)).toBe(
    false,
  );
});

test("the pages cannot be framed by another site", async ({ page }) => {
  const response = await page.request.get("/sign-in");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
});

test("a state-changing request from another site is refused and changes nothing", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "ana@kitchen.test");
  const targetsUrl = `/api/restaurants/${harbor.guid}/kitchen/targets`;
  const before = await (await page.request.get(targetsUrl)).json();
  const body = { targets: [{ level: 0, seconds: 61 }] };
  const foreign: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
  ];
  for (const headers of foreign) {
    const response = await page.request.put(targetsUrl, { data: body, headers });
    expect(response.status(), JSON.stringify(headers)).toBe(403);
    expect((await response.json()).error.message).toBe("Requests from another site are not accepted");
  }
  expect(await (await page.request.get(targetsUrl)).json()).toEqual(before);
  // From our own origin the request reaches the route (which refuses an empty list: nothing is changed either way).
  const own = await page.request.put(targetsUrl, {
    data: { targets: [] },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(own.status()).toBe(400);
});
