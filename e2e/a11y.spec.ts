import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

const harbor = restaurantNamed("Harbor Street Kitchen");

test("the Overview has no serious or critical accessibility violation", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  const overview = page.getByTestId("kitchen-overview");
  await expect(overview.locator(`tr[data-restaurant="${harbor.guid}"]`)).toBeVisible();
  // Every row's figures (or its status) have replaced the loading placeholders.
  await expect(overview.getByText("Loading…")).toHaveCount(0, { timeout: 60_000 });
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});

test("the Kitchen page has no serious or critical accessibility violation, tables open", async ({ page }) => {
  test.setTimeout(240_000);
  // Every section and the filter panel open (they fold until opened, issue 34).
  await openKitchenPanels(page);
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/kitchen` });
  const stations = page.getByTestId("station-chart");
  await expect(stations.locator("svg").first()).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId("slowest-tickets").getByRole("table")).toBeVisible();
  await expect(page.getByText("Loading targets…")).toHaveCount(0);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

  // The tables behind the charts and an opened ticket are part of the page too.
  const showTable = page.getByRole("button", { name: "Show table" });
  const tables = await showTable.count();
  expect(tables).toBeGreaterThan(4);
  // Each click renames its button "Hide table", so the first one left is always the next.
  for (let i = 0; i < tables; i++) await showTable.first().click();
  await expect(page.getByRole("button", { name: "Hide table" })).toHaveCount(tables);
  await page.getByTestId("slowest-tickets").getByRole("button", { expanded: false }).first().click();
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});
