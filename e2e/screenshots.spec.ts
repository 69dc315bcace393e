import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { expandKitchenSections } from "./fixtures/kitchen-panels";

/**
 * Screenshots of the Kitchen page and the Overview at a desktop and a phone size, for people to
 * look at (e2e/.screenshots/ is git-ignored). The assertions are what the pictures rely on: the
 * page does not scroll sideways, and the charts have drawn.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const dir = join(__dirname, ".screenshots");
mkdirSync(dir, { recursive: true });

const SIZES = [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`Kitchen page at ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/kitchen` });
    // As a first visit finds it (sections folded, issue 34), then with every section opened.
    await expect(page.getByTestId("headline-figures")).toBeVisible({ timeout: 180_000 });
    await page.screenshot({ path: join(dir, `kitchen-${size.name}-default.png`), fullPage: true });
    await expandKitchenSections(page);
    await expect(
      page.getByTestId("station-chart").locator("svg .recharts-bar-rectangle").first(),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("slowest-tickets").getByRole("table")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "the page must not scroll sideways").toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(dir, `kitchen-${size.name}.png`), fullPage: true });
    await page.screenshot({ path: join(dir, `kitchen-${size.name}-fold.png`) });
  });

  test(`Overview at ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, "admin@kitchen.test");
    await expect(page.getByTestId("kitchen-overview")).toBeVisible();
    await expect(page.getByTestId("kitchen-overview").getByText("Loading…")).toHaveCount(0, {
      timeout: 60_000,
    });
    await expect(page.getByTestId("kitchen-overview").locator('tbody tr[data-status="pending"]')).toHaveCount(
      0,
      { timeout: 180_000 },
    );
    await page.screenshot({ path: join(dir, `overview-kitchen-${size.name}.png`), fullPage: true });
  });

  // The administration pages and a restaurant's Targets page: legible at both sizes, no sideways scroll.
  for (const [name, path, ready] of [
    ["admin-people", "/admin/people", "People"],
    ["admin-restaurants", "/admin/restaurants", "Restaurants"],
    ["admin-audit", "/admin/audit", "Audit log"],
    ["targets", `/restaurants/${harbor.guid}/targets`, "Targets"],
  ] as const) {
    test(`${name} at ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, "admin@kitchen.test", { callbackUrl: path });
      await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 60_000 });
      // Once drawn (a query answering late may still lay the page out again right after the load).
      await expect
        .poll(
          () =>
            page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          { message: "the page must not scroll sideways", timeout: 10_000 },
        )
        .toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(dir, `${name}-${size.name}.png`), fullPage: true });
    });
  }
}
