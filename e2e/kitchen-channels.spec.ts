import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";

/**
 * The channels page (issue 36): the table per channel × level shows the sandbox's drive-thru and
 * curbside orders apart from take-out; a channel chip puts `channel=` in the URL and leaves that
 * channel alone; at 390 px the page does not scroll sideways and axe finds nothing serious.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

test("channels: a row per channel, the chip in the URL, no overflow on a phone", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen/channels`,
    timeout: 90_000,
  });
  const table = page.getByRole("table");
  await expect(table.getByRole("cell", { name: "Drive-thru" }).first()).toBeVisible({ timeout: 120_000 });
  await expect(table.getByRole("cell", { name: "Curbside" }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: "Take-out" }).first()).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

  await page.getByRole("list", { name: "Channel" }).getByRole("button", { name: "Drive-thru" }).click();
  await expect(page).toHaveURL(/channel=drive-thru/);
  await expect(table.getByRole("cell", { name: "Take-out" })).toHaveCount(0, { timeout: 60_000 });
  await expect(table.getByRole("cell", { name: "Drive-thru" }).first()).toBeVisible();
});
