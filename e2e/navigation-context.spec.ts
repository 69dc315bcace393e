import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * Navigation keeps the view (issue 15): every change of the Kitchen view is a history entry, so
 * Back and Forward walk through them; the restaurant switcher carries the view to the next
 * restaurant's Kitchen page (not its station filter); a restaurant without the kitchen tier has
 * no Kitchen link in its navigation.
 */
// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(240_000);

const harbor = restaurantNamed("Harbor Street Kitchen");
const mesa = restaurantNamed("Mesa Verde Cantina");
const lakeside = restaurantNamed("Lakeside Diner");
const pier = restaurantNamed("Pier 9 Pizza");

test("Back and Forward walk through three range changes and a level change", async ({ page }) => {
  await signIn(page, "ana@kitchen.test", { callbackUrl: `/restaurants/${mesa.guid}/kitchen` });
  const ranges = page.getByRole("group", { name: "Date range" });
  const pressed = (label: string) =>
    expect(ranges.getByRole("button", { name: label, exact: true })).toHaveAttribute("aria-pressed", "true");
  await pressed("Last 7 days");
  for (const [label, key] of [
    ["Yesterday", "yesterday"],
    ["Today", "today"],
    ["Last 30 days", "30d"],
  ] as const) {
    await ranges.getByRole("button", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]range=${key}`));
  }
  // The Level select offers the levels the range holds: the level change comes on the 30 days, which
  // hold expediter records at any hour (today may have none yet in the early morning).
  await page.getByRole("group", { name: "Filters" }).getByLabel("Level").selectOption("1");
  await expect(page).toHaveURL(/[?&]level=1/);

  await page.goBack();
  await expect(page).not.toHaveURL(/level=1/);
  await expect(page).toHaveURL(/[?&]range=30d/);
  await pressed("Last 30 days");
  await page.goBack();
  await expect(page).toHaveURL(/[?&]range=today/);
  await pressed("Today");
  await page.goBack();
  await expect(page).toHaveURL(/[?&]range=yesterday/);
  await pressed("Yesterday");
  await page.goBack();
  await expect(page).not.toHaveURL(/range=/);
  await pressed("Last 7 days");
  await page.goForward();
  await expect(page).toHaveURL(/[?&]range=yesterday/);
  await pressed("Yesterday");
});

test("the restaurant switcher keeps the Kitchen view but not the station", async ({ page }) => {
  await signIn(page, "ana@kitchen.test", {
    callbackUrl: `/restaurants/${mesa.guid}/kitchen?range=yesterday&level=1&station=not-a-station-here`,
  });
  await page.getByRole("button", { name: /Restaurant:/ }).click();
  await page.getByRole("link", { name: new RegExp(harbor.name) }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/restaurants/${harbor.guid}/kitchen` &&
      url.searchParams.get("range") === "yesterday" &&
      url.searchParams.get("level") === "1" &&
      !url.searchParams.has("station"),
  );
  await expect(page.getByRole("group", { name: "Filters" }).getByLabel("Level")).toHaveValue("1", {
    timeout: 120_000,
  });
});

test("a restaurant without the kitchen tier has no Kitchen link; the others keep theirs", async ({
  page,
}) => {
  await signIn(page, "ben@kitchen.test");
  const nav = page.getByRole("navigation", { name: "Main" });
  await page.goto(`/restaurants/${pier.guid}/stations`);
  await expect(nav.getByRole("link", { name: "Stations" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Kitchen" })).toHaveCount(0);
  await page.goto(`/restaurants/${lakeside.guid}/stations`);
  await expect(nav.getByRole("link", { name: "Kitchen" })).toBeVisible();
});
