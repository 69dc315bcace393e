import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * The route matrix over real HTTP against the production build (issue 13): every route and page
 * found on disk (a new one is covered without touching this file), every method. Without a
 * session: 401 (pages: the sign-in redirect). Signed in: a restaurant the account may not see
 * answers exactly like one that does not exist (status and body), so a GUID's existence never
 * leaks. test/integration/api-routes.test.ts checks the same in process, before any Platform call.
 */
const ROOT = join(__dirname, "..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

const FOREIGN = restaurantNamed("Harbor Street Kitchen").guid; // ana's, not ben's
const OWN = restaurantNamed("Lakeside Diner").guid; // ben's
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(full, name);
    return entry.name === name ? [full] : [];
  });
}

/** URL templates relative to a folder, with route groups "(app)" dropped. */
function template(base: string, file: string): string {
  const parts = relative(base, join(file, ".."))
    .split(sep)
    .filter((p) => p && !/^\(.*\)$/.test(p));
  return `/${parts.join("/")}`;
}

function fill(path: string, guid: string): string {
  return path.replace("[guid]", guid).replace("[resource]", "menus");
}

/** Methods a route module exports: `export const GET =`, `export async function GET`, `export { x as GET }`. */
function exportedMethods(source: string): Method[] {
  return METHODS.filter((m) =>
    new RegExp(`export\\s+(?:const|(?:async\\s+)?function)\\s+${m}\\b|\\bas\\s+${m}\\b`).test(source),
  );
}

// Routes whose credential is not a session: the e-mail links' token, and the first-run setup (open
// only while the deployment has nobody, a 404 after; test/integration/first-run.test.ts).
const PUBLIC_ROUTES = [
  "/api/invitations/accept",
  "/api/password-reset",
  "/api/password-reset/confirm",
  "/api/setup",
];

const API_ROUTES = filesNamed(join(ROOT, "app/api"), "route.ts")
  .map((file) => ({
    path: template(join(ROOT, "app"), file),
    methods: exportedMethods(readFileSync(file, "utf8")),
  }))
  // next-auth's own endpoints and the health check are public by design (e2e/redirects.spec.ts, e2e/auth.spec.ts),
  // and so are PUBLIC_ROUTES (test/integration/account-links.test.ts, first-run.test.ts).
  .filter((route) => !route.path.startsWith("/api/auth") && route.path !== "/api/health")
  .filter((route) => !PUBLIC_ROUTES.includes(route.path));
const RESTAURANT_ROUTES = API_ROUTES.filter((route) => route.path.includes("[guid]"));
const RESTAURANT_PAGES = filesNamed(join(ROOT, "app/(app)/restaurants"), "page.tsx").map((file) =>
  template(join(ROOT, "app"), file),
);

async function send(request: APIRequestContext, method: Method, url: string): Promise<APIResponse> {
  const hasBody = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
  return request.fetch(url, {
    method,
    maxRedirects: 0,
    ...(hasBody ? { data: "{}", headers: { "Content-Type": "application/json" } } : {}),
  });
}

/** The body with the per-request id left out: everything else must match byte for byte. */
async function comparable(response: APIResponse): Promise<string> {
  return (await response.text()).replace(/"requestId":"[^"]*"/g, "");
}

test("finds every restaurant route and page on disk, the kitchen's PUT among them", () => {
  expect(RESTAURANT_ROUTES.length).toBeGreaterThanOrEqual(11);
  expect(API_ROUTES.map((r) => r.path)).toContain("/api/restaurants");
  expect(RESTAURANT_ROUTES.find((r) => r.path.endsWith("/kitchen/targets"))?.methods).toEqual(
    expect.arrayContaining(["GET", "PUT"]),
  );
  expect(API_ROUTES.every((r) => r.methods.length > 0)).toBe(true);
  expect(RESTAURANT_PAGES.length).toBeGreaterThanOrEqual(6);
});

test("without a session: every route and method answers 401 (or 405 where the method does not exist), every page sends to sign-in", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  for (const route of API_ROUTES) {
    for (const method of METHODS) {
      const url = fill(route.path, OWN);
      const response = await send(request, method, url);
      const label = `${method} ${route.path}`;
      if (route.methods.includes(method) || (method === "HEAD" && route.methods.includes("GET"))) {
        expect(response.status(), label).toBe(401);
        if (method !== "HEAD")
          expect(((await response.json()) as { error: { code: string } }).error.code, label).toBe(
            "unauthenticated",
          );
      } else {
        // Next answers a method the module lacks itself: 405, or 204 with an Allow list for OPTIONS. Never data.
        expect([204, 405], label).toContain(response.status());
        expect(await response.text(), label).toBe("");
      }
    }
  }
  for (const page of RESTAURANT_PAGES) {
    const response = await request.get(fill(page, OWN), { maxRedirects: 0 });
    expect(response.status(), page).toBe(307);
    expect(response.headers().location, page).toBe(
      `/sign-in?callbackUrl=${encodeURIComponent(fill(page, OWN))}`,
    );
  }
  await request.dispose();
});

test("signed in: a foreign restaurant answers exactly like an unknown one, on every route, method and page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "ben@kitchen.test");
  const request = page.request;
  for (const route of RESTAURANT_ROUTES) {
    for (const method of route.methods) {
      const label = `${method} ${route.path}`;
      const foreign = await send(request, method, fill(route.path, FOREIGN));
      const unknown = await send(request, method, fill(route.path, UNKNOWN));
      expect(foreign.status(), label).toBe(404);
      expect(unknown.status(), label).toBe(404);
      expect(await comparable(foreign), label).toBe(await comparable(unknown));
      expect(foreign.headers()["content-type"], label).toBe(unknown.headers()["content-type"]);
    }
  }
  for (const template of RESTAURANT_PAGES) {
    const foreign = await request.get(fill(template, FOREIGN), { maxRedirects: 0 });
    const unknown = await request.get(fill(template, UNKNOWN), { maxRedirects: 0 });
    expect(foreign.status(), template).toBe(404);
    expect(unknown.status(), template).toBe(404);
  }
  // The account's own restaurant answers on the same routes (the matrix could not pass by refusing everything).
  expect((await request.get(fill("/api/restaurants/[guid]/info", OWN))).status()).toBe(200);
});
