import { expect, test } from "@playwright/test";

import { addBusinessDays } from "../lib/business-date/business-date";
import { currentBusinessDate } from "../lib/business-date/closeout";
import type { KitchenMenuLoad } from "../lib/kitchen/contract/menu-load";
import { formatCount } from "../lib/kitchen/present/format";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";

/**
 * The menu's load (issue 36), reached as a manager reaches it: an item on the Menu page, then its
 * load. The table holds the API's items in the API's order (most station-time first) with their
 * figures, the item picked out says its own; axe clean and no sideways scroll at 1440 and 390 px.
 */
test.setTimeout(120_000);

const mesa = restaurantNamed("Mesa Verde Cantina");

test("an item's load, opened from the Menu page: the table is the API's, the item picked out", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test");
  // The page's default dates: the restaurant's last 7 closed business dates.
  const today = currentBusinessDate(mesa);
  const search = `from=${addBusinessDays(today, -7)}&to=${addBusinessDays(today, -1)}&level=0`;
  let load: KitchenMenuLoad | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/restaurants/${mesa.guid}/kitchen/menu-load?${search}`);
    expect(response.status()).toBe(200);
    load = (await response.json()) as KitchenMenuLoad;
  }).toPass({ timeout: 90_000 });
  expect(load!.items.length).toBeGreaterThan(5);

  // The busiest item on the Menu page, and its own link to its load.
  const top = load!.items.find((i) => i.itemGuid !== null)!;
  await page.goto(`/restaurants/${mesa.guid}/menu?item=${top.itemGuid}`);
  await page.getByRole("link", { name: "Its load on the kitchen" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname.endsWith("/kitchen/menu-load") && url.searchParams.get("item") === top.itemGuid,
  );
  const picked = page.getByTestId("menu-load-picked");
  await expect(picked).toContainText(top.itemName!, { timeout: 30_000 });
  await expect(picked).toContainText(`${formatCount(top.selections)} selections`);

  const table = page.getByTestId("menu-load-table");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(Math.min(100, load!.items.length));
  for (const [i, item] of load!.items.slice(0, 5).entries()) {
    await expect(rows.nth(i).locator("td").first()).toContainText(item.itemName!);
    await expect(rows.nth(i).locator("td").nth(5)).toHaveText(formatCount(Math.round(item.seconds / 6) / 10));
  }
  await expect(page.getByTestId("menu-load-headline")).toContainText("minutes");
  // Each row leads back to its item on the Menu page.
  await expect(rows.first().getByRole("link", { name: top.itemName! })).toHaveAttribute(
    "href",
    `/restaurants/${mesa.guid}/menu?item=${top.itemGuid}`,
  );

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(rows.first()).toBeVisible();
    expect(await axeViolations(page, { seriousOnly: true }), `${width} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
  }
});
