import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIResponse } from "@playwright/test";

import { DEMO_PASSWORD, restaurantNamed, signIn, WORLD_CLIENTS, WORLD_RESTAURANTS } from "./fixtures/auth";
import { sandboxToken } from "./fixtures/sandbox";

/**
 * The Platform's credentials and tokens live on the server only. This spec fails the suite if any
 * of them shows up in the browser bundles or in any response of the app (pages and /api, signed
 * in and out). /sandbox/* is left out: the sandbox is the Platform, and its login returns tokens
 * by design.
 */
const root = join(__dirname, "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";

// A JWT: base64url JSON header and payload, both starting `{"` = `eyJ`. next-auth's own session
// cookie is a JWE with an empty second part (`eyJ...` + `..`), which this does not match.
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.?[A-Za-z0-9_-]*/;

function sandboxSigningSecret(): string {
  // playwright.config.ts sets it for the servers and the workers: unset, the sandbox's is random.
  const secret = process.env.SANDBOX_SIGNING_SECRET;
  if (!secret)
    throw new Error("SANDBOX_SIGNING_SECRET is not set: run the specs through playwright.config.ts");
  return secret;
}

const SECRETS: { label: string; value: string }[] = [
  ...WORLD_CLIENTS.map((c) => ({ label: `client secret of ${c.clientId}`, value: c.clientSecret })),
  { label: "sandbox signing secret", value: sandboxSigningSecret() },
  ...(process.env.PLATFORM_CLIENT_SECRET
    ? [{ label: "PLATFORM_CLIENT_SECRET", value: process.env.PLATFORM_CLIENT_SECRET }]
    : []),
  { label: "AUTH_SECRET of the e2e server", value: "e2e-only-auth-secret-0123456789abcdef" },
];

function findings(text: string): string[] {
  const found = SECRETS.filter((s) => text.includes(s.value)).map((s) => s.label);
  const jwt = JWT.exec(text);
  if (jwt) found.push(`a JWT (${jwt[0].slice(0, 24)}…)`);
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test("the client bundles hold no secret and no token", () => {
  const staticDir = join(root, distDir, "static");
  const files = filesUnder(staticDir);
  // Not vacuous: the build's browser JavaScript is there.
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(5);
  const leaks = files.flatMap((file) =>
    findings(readFileSync(file, "latin1")).map((what) => `${what} in ${file}`),
  );
  expect(leaks).toEqual([]);
});

test("the JWT detector recognises a real Platform token", async ({ request }) => {
  expect(JWT.test(await sandboxToken(request))).toBe(true);
});

/** Every route of the build, from its manifest, with dynamic segments filled in. */
function appRoutes(): string[] {
  const manifest = JSON.parse(
    readFileSync(join(root, distDir, "server/app-paths-manifest.json"), "utf8"),
  ) as Record<string, string>;
  const guids = [
    restaurantNamed("Harbor Street Kitchen"),
    restaurantNamed("Pier 9 Pizza"),
    WORLD_RESTAURANTS.find((r) => r.archived)!,
  ].map((r) => r.guid);
  const routes = new Set<string>();
  for (const entry of Object.keys(manifest)) {
    const path = entry
      .replace(/\/(page|route)$/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/^$/, "/");
    if (path.startsWith("/sandbox") || path.startsWith("/_")) continue;
    const expand = (p: string): string[] => {
      if (p.includes("[...nextauth]"))
        return ["session", "csrf", "providers"].map((a) => p.replace("[...nextauth]", a));
      if (p.includes("[guid]")) return guids.flatMap((g) => expand(p.replace("[guid]", g)));
      if (p.includes("[resource]"))
        return ["menus", "taxRates", "no-such-resource"].flatMap((r) => expand(p.replace("[resource]", r)));
      return [p.replace(/\[\.{0,3}[^\]]+\]/g, "x")];
    };
    for (const p of expand(path || "/")) routes.add(p);
  }
  // Error paths too: an unknown restaurant and an unknown page.
  routes.add(`/api/restaurants/00000000-0000-4000-8000-000000000000/info`);
  routes.add(`/restaurants/00000000-0000-4000-8000-000000000000/info`);
  routes.add("/no-such-page");
  return [...routes].sort();
}

async function scan(response: APIResponse, route: string): Promise<string[]> {
  const headers = response
    .headersArray()
    .map((h) => `${h.name}: ${h.value}`)
    .join("\n");
  const body = (await response.body()).toString("latin1");
  return [
    ...findings(headers).map((w) => `${w} in a header of ${route}`),
    ...findings(body).map((w) => `${w} in the body of ${route}`),
  ];
}

test("no response of the app carries a secret or a token, signed in or not", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const routes = appRoutes();
  expect(routes).toContain("/api/restaurants");
  expect(routes.some((r) => r.endsWith("/info"))).toBe(true);

  const leaks: string[] = [];
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const route of routes)
    leaks.push(...(await scan(await anonymous.get(route, { maxRedirects: 0 }), `${route} (signed out)`)));
  await anonymous.dispose();

  await signIn(page, "admin@kitchen.test");
  for (const route of routes) {
    const response = await page.request.get(route, { maxRedirects: 0 });
    expect(response.status(), route).toBeLessThan(500);
    leaks.push(...(await scan(response, route)));
  }
  // The pages as the browser renders them, and every response the browser fetches meanwhile
  // (client queries, polling), whatever their timing.
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(baseURL!).origin || url.pathname.startsWith("/sandbox/")) return;
    // A body still streaming when the page moves on (a progress stream) is never completed: cap the wait.
    const body = Promise.race([
      response.body(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), 10_000)),
    ]);
    pending.push(
      body
        .then((body) => {
          const headers = Object.entries(response.headers())
            .map(([k, v]) => `${k}: ${v}`)
            .join("\n");
          leaks.push(
            ...findings(`${headers}\n${body.toString("latin1")}`).map(
              (w) => `${w} in ${url.pathname} fetched by the browser`,
            ),
          );
        })
        .catch(() => {}),
    );
  });
  // Pages only: API routes and files (the favicon, /icon.svg) have no <main> to wait for.
  for (const route of routes.filter((r) => !r.startsWith("/api/") && !/\.[a-z]+$/.test(r))) {
    await page.goto(route, { waitUntil: "load" });
    await page.locator("main").first().waitFor();
    leaks.push(...findings(await page.content()).map((w) => `${w} in the rendered ${route}`));
  }
  await Promise.all(pending);
  expect(leaks).toEqual([]);
});

test("sign-in responses carry no secret either", async ({ playwright, baseURL }) => {
  const context = await playwright.request.newContext({ baseURL });
  const csrf = await context.get("/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const leaks = await scan(csrf, "/api/auth/csrf");
  for (const password of ["wrong-password", DEMO_PASSWORD]) {
    const response = await context.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: "ben@kitchen.test", password, json: "true" },
      maxRedirects: 0,
    });
    leaks.push(
      ...(await scan(
        response,
        `POST /api/auth/callback/credentials (${password === DEMO_PASSWORD ? "right" : "wrong"} password)`,
      )),
    );
  }
  await context.dispose();
  expect(leaks).toEqual([]);
});
