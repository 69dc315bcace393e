import { expect, test, type Page } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * Acceptance: with PLATFORM_BASE_URL pointing at a service that answers login with no @class, a
 * string scope and no idToken/refreshToken, the app signs in once and every page works.
 *
 * playwright.config.ts starts a second app (SANDBOX_ENABLED=false) whose PLATFORM_BASE_URL is
 * test/support/platform-proxy.mjs: that forwards to the first app's sandbox, rewrites the
 * login into production's shape, and counts logins.
 */
const appUrl = process.env.E2E_REAL_PLATFORM_URL!;
const proxyUrl = process.env.E2E_REAL_PLATFORM_PROXY_URL!;
const mesa = restaurantNamed("Mesa Verde Cantina");

test.use({ baseURL: appUrl });

async function proxyCount(): Promise<{ logins: number; requests: number }> {
  const response = await fetch(`${proxyUrl}/__count`);
  return (await response.json()) as { logins: number; requests: number };
}

/** The page shows no error state anywhere. */
async function expectNoErrorState(page: Page): Promise<void> {
  await expect(
    page.locator('[role="alert"]').filter({ hasText: /could not|cannot|refused|unavailable/i }),
  ).toHaveCount(0);
}

test("signs in to a production-shaped Platform once, and every page of a restaurant shows its data", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const before = await proxyCount();

  await signIn(page, "admin@kitchen.test");

  // Overview: the restaurants, by their Platform names.
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: mesa.name }).first()).toBeVisible();
  await expectNoErrorState(page);

  // Info: identity from restaurants/v1.
  await page.goto(`/restaurants/${mesa.guid}/info`);
  await expect(page.getByRole("heading", { level: 1, name: mesa.name })).toBeVisible();
  await expect(page.getByTestId("identity")).toContainText(mesa.timeZone);
  await expectNoErrorState(page);

  // Kitchen: the last week's exports, fetched through the proxy. A week, not yesterday: Mesa
  // Verde is closed on Mondays, so on a Tuesday its yesterday rightly has no fulfillments.
  await page.goto(`/restaurants/${mesa.guid}/kitchen?range=7d&level=0`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchen performance");
  await expect(page.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ })).toBeVisible({
    timeout: 120_000,
  });
  await expectNoErrorState(page);

  // Stations: prep stations and printers.
  await page.goto(`/restaurants/${mesa.guid}/stations`);
  await expect(page.getByRole("heading", { level: 1, name: "Prep stations" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Routing" })).toBeVisible();
  await expectNoErrorState(page);

  // Menu: the menu tree.
  await page.goto(`/restaurants/${mesa.guid}/menu`);
  await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Menus" }).getByRole("button").first()).toBeVisible();
  await expectNoErrorState(page);

  // Configuration: the counts, and one list.
  await page.goto(`/restaurants/${mesa.guid}/config`);
  await expect(page.getByRole("heading", { level: 1, name: "Configuration" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Tables/ })).toContainText(/\d/);
  await page.goto(`/restaurants/${mesa.guid}/config/tables`);
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectNoErrorState(page);

  // One login for all of it, and the pages did reach the Platform through the proxy.
  const after = await proxyCount();
  expect(after.logins).toBe(1);
  expect(after.requests - before.requests).toBeGreaterThan(10);
});
