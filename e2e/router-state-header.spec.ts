import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * A malformed Next-Router-State-Tree header used to make Next.js answer 500, to anonymous clients
 * too, before proxy.ts runs. server.mjs now answers 400 with the JSON error shape and the headers
 * of every other non-page answer; a valid header (client-side navigation) still works.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const MALFORMED: [string, string][] = [
  ["broken percent-encoding", "%E0%A4%A"],
  ["an unfinished array", "["],
  ["an object", encodeURIComponent('{"a":1}')],
  ["an array of the wrong shape", encodeURIComponent("[1,2,3]")],
  ["12 KB of [", "[".repeat(12 * 1024)],
];
// The smallest state Next accepts: the root segment and one page child.
const VALID = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }]));
const SECURITY_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "content-security-policy",
];

async function expectRefused(
  request: APIRequestContext,
  path: string,
  label: string,
  reference: APIResponse,
): Promise<void> {
  for (const [name, value] of MALFORMED) {
    for (const rsc of [true, false]) {
      const what = `${label} ${path}, ${name}${rsc ? ", RSC" : ""}`;
      const response = await request.get(path, {
        headers: { "Next-Router-State-Tree": value, ...(rsc ? { RSC: "1" } : {}) },
        maxRedirects: 0,
      });
      expect(response.status(), what).toBe(400);
      expect(await response.json(), what).toEqual({
        error: {
          status: 400,
          code: "bad_request",
          message: "The Next-Router-State-Tree header is not a valid router state.",
        },
      });
      expect(response.headers()["cache-control"], what).toBe("private, no-store");
      // The same security headers as any other JSON answer (server.mjs reads the same list).
      for (const header of SECURITY_HEADERS)
        expect(response.headers()[header], `${what}: ${header}`).toBe(reference.headers()[header]);
    }
  }
}

test("a header past Node's 16 KB limit is refused by Node itself with 431, before any of our code or Next's", async ({
  request,
}) => {
  const response = await request.get("/", {
    headers: { "Next-Router-State-Tree": "[".repeat(20 * 1024), RSC: "1" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(431);
});

test("a malformed Next-Router-State-Tree gets 400, anonymous and signed in; a valid one still works", async ({
  page,
}) => {
  const kitchen = `/restaurants/${harbor.guid}/kitchen`;
  const reference = await page.request.get("/api/health");
  expect(reference.headers()["content-security-policy"]).toContain("default-src 'none'");

  await expectRefused(page.request, "/", "anonymous", reference);
  await expectRefused(page.request, kitchen, "anonymous", reference);

  await signIn(page, "ana@kitchen.test");
  await expectRefused(page.request, "/", "signed in", reference);
  await expectRefused(page.request, kitchen, "signed in", reference);

  const valid = await page.request.get(kitchen, { headers: { "Next-Router-State-Tree": VALID, RSC: "1" } });
  expect(valid.status()).toBe(200);
  expect(valid.headers()["content-type"]).toContain("text/x-component");

  // And the browser's own client-side navigation, which sends the header, goes through.
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (response.request().headers()["next-router-state-tree"] !== undefined)
      statuses.push(response.status());
  });
  await page.goto(`/restaurants/${harbor.guid}/info`);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Stations", exact: true })
    .click();
  await expect(page).toHaveURL(`/restaurants/${harbor.guid}/stations`);
  await expect.poll(() => statuses.length).toBeGreaterThan(0);
  expect(statuses.every((s) => s === 200)).toBe(true);
});
