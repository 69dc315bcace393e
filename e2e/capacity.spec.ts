import { expect, test } from "@playwright/test";

import { addBusinessDays } from "../lib/business-date/business-date";
import { currentBusinessDate } from "../lib/business-date/closeout";
import type { KitchenCapacity } from "../lib/kitchen/contract/capacity";
import { capacitySentence } from "../lib/kitchen/present/capacity-words";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";

/**
 * The Capacity page (issue 36) against the API in the same session: one table row per load, the
 * knee's row marked, the plain line the API's figures say; no horizontal overflow and axe clean
 * (serious or critical) at 390 px.
 */
test("the capacity page shows the API's loads, its knee and the plain line", async ({ page }) => {
  const lakeside = restaurantNamed("Lakeside Diner");
  const today = currentBusinessDate(lakeside, Date.now());
  const query = `from=${addBusinessDays(today, -7)}&to=${addBusinessDays(today, -1)}&level=0`;
  await signIn(page, "admin@kitchen.test");
  let api: KitchenCapacity | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/restaurants/${lakeside.guid}/kitchen/capacity?${query}`);
    expect(response.status()).toBe(200);
    api = (await response.json()) as KitchenCapacity;
  }).toPass({ timeout: 20_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/restaurants/${lakeside.guid}/kitchen/capacity?${query}`);
  const table = page.getByTestId("capacity-table");
  await expect(table.locator("tbody tr")).toHaveCount(api!.slots.length);
  await expect(page.getByTestId("capacity-sentence")).toHaveText(capacitySentence(api!, null));
  if (api!.knee !== null)
    await expect(table.locator("tr[data-knee]")).toHaveAttribute("data-load", String(api!.knee));
  else await expect(table.locator("tr[data-knee]")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Capacity CSV/ })).toHaveAttribute("href", /capacity\.csv\?/);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});
