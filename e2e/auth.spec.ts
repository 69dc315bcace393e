import { expect, test } from "@playwright/test";

import {
  DEMO_ACCOUNTS,
  demoAccount,
  restaurantNamed,
  signIn,
  signOut,
  WORLD_RESTAURANTS,
} from "./fixtures/auth";
import { restaurantList } from "./fixtures/restaurant-list";

const harbor = restaurantNamed("Harbor Street Kitchen");
const lakeside = restaurantNamed("Lakeside Diner");
const UNKNOWN_GUID = "00000000-0000-4000-8000-000000000000";

test.describe("without a session", () => {
  test("the API answers 401 JSON", async ({ request }) => {
    for (const path of [
      "/api/restaurants",
      `/api/restaurants/${harbor.guid}/info`,
      `/api/restaurants/${UNKNOWN_GUID}/info`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(401);
      expect(response.headers()["cache-control"]).toBe("private, no-store");
      expect(await response.json()).toEqual({
        error: { status: 401, code: "unauthenticated", message: "Sign in to use this API" },
      });
    }
  });

  test("pages redirect to sign-in and come back after it", async ({ page }) => {
    const target = `/restaurants/${harbor.guid}/info`;
    await page.goto(target);
    await expect(page).toHaveURL(`/sign-in?callbackUrl=${encodeURIComponent(target)}`);
    await page.getByLabel("E-mail").fill("ana@kitchen.test");
    await page.getByLabel("Password").fill("kitchen-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    // When this spec runs first, this is a cold server's first page: it logs in to the sandbox and
    // builds the restaurant's data first (10-15 s on a busy machine), as signIn's first wait allows.
    await expect(page).toHaveURL(target, { timeout: 45_000 });
    await expect(page.getByRole("heading", { level: 1, name: harbor.name })).toBeVisible();
  });

  test("a wrong password is refused without saying whether the account exists", async ({ page }) => {
    await page.goto("/sign-in");
    for (const email of ["ben@kitchen.test", "nobody@kitchen.test"]) {
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.locator("#sign-in-error")).toHaveText(
        "That e-mail and password do not match an account.",
      );
      await expect(page).toHaveURL(/\/sign-in/);
    }
    expect((await page.request.get("/api/restaurants")).status()).toBe(401);
  });

  test("the session cookie is httpOnly and SameSite=Lax", async ({ page, context }) => {
    await signIn(page, "ben@kitchen.test");
    const cookie = (await context.cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    // Twelve hours, give or take the test's own duration.
    const hours = (cookie!.expires - Date.now() / 1000) / 3600;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });
});

for (const account of DEMO_ACCOUNTS) {
  test(`${account.email} sees exactly their restaurants`, async ({ page }) => {
    // The Overview also starts the kitchen figures' first fetches, which keep the embedded
    // sandbox and the server busy for a while on a cold store; give the API calls below room.
    test.setTimeout(150_000);
    await signIn(page, account.email);
    const expected = account.restaurants.map((r) => r.name);

    // Overview: one row per permitted restaurant, nothing else.
    const table = await restaurantList(page);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(expected.length);
    const names = await rows.locator("td:first-child").allInnerTexts();
    expect(names.map((n) => n.trim()).sort()).toEqual([...expected].sort());

    // The API agrees.
    const body = (await (await page.request.get("/api/restaurants")).json()) as {
      restaurants: { guid: string; name: string }[];
    };
    expect(body.restaurants.map((r) => r.guid).sort()).toEqual(account.restaurants.map((r) => r.guid).sort());

    // So does the switcher.
    await page.getByRole("button", { name: /Restaurant:/ }).click();
    const choices = page.getByRole("list", { name: "Your restaurants" }).getByRole("link");
    await expect(choices).toHaveCount(expected.length);

    // Every restaurant outside the set is a 404, for pages and the API alike.
    for (const other of WORLD_RESTAURANTS.filter((r) => !account.restaurants.includes(r))) {
      const api = await page.request.get(`/api/restaurants/${other.guid}/info`);
      expect(api.status()).toBe(404);
      const pageResponse = await page.request.get(`/restaurants/${other.guid}/info`);
      expect(pageResponse.status()).toBe(404);
    }
  });
}

test("a foreign restaurant is answered exactly like one that does not exist", async ({ page }) => {
  await signIn(page, "ana@kitchen.test");
  const foreign = await page.request.get(`/api/restaurants/${lakeside.guid}/info`);
  const unknown = await page.request.get(`/api/restaurants/${UNKNOWN_GUID}/info`);
  expect(foreign.status()).toBe(404);
  expect(unknown.status()).toBe(404);
  expect(await foreign.json()).toEqual(await unknown.json());

  const response = await page.goto(`/restaurants/${lakeside.guid}/info`);
  expect(response?.status()).toBe(404);
  await expect(
    page.getByText("This page or restaurant does not exist, or your account cannot see it."),
  ).toBeVisible();
  await expect(page.getByText(lakeside.name)).toHaveCount(0);
});

test("admin sees the archived restaurant and the basic tier's missing kitchen data", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  const archived = WORLD_RESTAURANTS.find((r) => r.archived)!;
  const basic = WORLD_RESTAURANTS.find((r) => r.tier === "basic" && !r.archived)!;
  await restaurantList(page);
  const row = (name: string) =>
    page.getByRole("table", { name: "Your restaurants" }).locator("tbody tr", { hasText: name });
  await expect(row(archived.name).locator("[data-status]")).toHaveAttribute("data-status", "archived");
  // The entitlement is learnt from the kitchen API (204 for the basic tier); the list polls until it knows.
  await expect(row(basic.name).locator("[data-status]")).toHaveAttribute("data-status", "not-entitled", {
    timeout: 30_000,
  });
  await expect(row(basic.name)).toContainText("Not entitled to kitchen data");
  await expect(row(harbor.name).locator("[data-status]")).toHaveAttribute("data-status", "active", {
    timeout: 30_000,
  });
});

test("the Overview shows each restaurant's business date in its own zone", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  await restaurantList(page);
  for (const r of WORLD_RESTAURANTS) {
    // Computed here independently: local wall clock in the zone, minus a day before closeout.
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone: r.timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date())
        .map((p) => [p.type, p.value]),
    );
    const local = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
    if (Number(parts.hour) < r.closeoutHour) local.setUTCDate(local.getUTCDate() - 1);
    const expected = local.toISOString().slice(0, 10).replaceAll("-", "");
    const cell = page
      .getByRole("table", { name: "Your restaurants" })
      .locator("tbody tr", { hasText: r.name })
      .locator("[data-business-date]");
    await expect(cell).toHaveAttribute("data-business-date", expected);
  }
});

test("the switcher and navigation work from the keyboard", async ({ page }) => {
  // Straight from the sign-in form to the page: the form loads it as a new document, so the
  // keyboard starts at its top (after the soft navigation it once used, the first Tab went on
  // from where the submit button had been).
  await signIn(page, "ana@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/info` });
  // The skip link is the first stop and lands on the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  const switcher = page.getByRole("button", { name: /Restaurant:/ });
  await switcher.focus();
  await page.keyboard.press("Enter");
  await expect(switcher).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(switcher).toHaveAttribute("aria-expanded", "false");
  await expect(switcher).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: /Mesa Verde Cantina/ })).toBeFocused();
  await page.keyboard.press("Enter");
  // The section being viewed (Info) is kept.
  await expect(page).toHaveURL(`/restaurants/${restaurantNamed("Mesa Verde Cantina").guid}/info`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Info" })).toHaveAttribute("aria-current", "page");
  for (const label of ["Overview", "Kitchen", "Stations", "Menu", "Configuration", "Info"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
});

test("sign-out ends the session", async ({ page }) => {
  await signIn(page, "ben@kitchen.test");
  expect((await page.request.get("/api/restaurants")).status()).toBe(200);
  await signOut(page);
  expect((await page.request.get("/api/restaurants")).status()).toBe(401);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
  // Signing in again works and shows the same account's restaurants.
  await signIn(page, "ben@kitchen.test");
  await expect((await restaurantList(page)).locator("tbody tr")).toHaveCount(
    demoAccount("ben@kitchen.test").restaurants.length,
  );
});

test("repeated failed sign-ins lock the account for a while", async ({ page }) => {
  await page.goto("/sign-in");
  const messages: string[] = [];
  // Three failures are free; then each locks the e-mail for 1 s, 2 s, 4 s...: a lock shows up soon.
  for (let i = 0; i < 8 && !messages.at(-1)?.startsWith("Too many"); i++) {
    await page.getByLabel("E-mail").fill("throttle-probe@kitchen.test");
    await page.getByLabel("Password").fill(`wrong-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    messages.push((await page.locator("#sign-in-error").innerText()).trim());
  }
  expect(messages.slice(0, 3)).toEqual(Array(3).fill("That e-mail and password do not match an account."));
  expect(messages.at(-1)).toBe("Too many sign-in attempts. Wait a little and try again.");
  // Another account is unaffected.
  await signIn(page, "ben@kitchen.test");
});
