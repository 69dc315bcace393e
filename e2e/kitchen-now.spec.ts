import { expect, test } from "@playwright/test";

import type { KitchenNow } from "../lib/kitchen/contract/kitchen-now";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";

/**
 * "Now" on the Kitchen page (issue 34), at the real clock: on Today a strip says how far behind
 * live the data can be, and shows the last 30 minutes (or, before the first ticket, when the
 * restaurant opens) as the API answers; on another range it is not there.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

test("Today shows the Now strip as GET .../kitchen/now answers it; yesterday does not", async ({ page }) => {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=today`,
  });
  const strip = page.getByTestId("now-strip");
  await expect(strip.getByTestId("now-delay")).toHaveText(
    /^(Data up to \d+ min old: today is read from the Platform again every .+\.|Today's data has not been read from the Platform yet\.)$/,
    {
      timeout: 180_000,
    },
  );
  const now = (await (
    await page.request.get(`/api/restaurants/${harbor.guid}/kitchen/now`)
  ).json()) as KitchenNow;
  if (now.firstTicketAt === null) {
    await expect(strip.getByTestId("now-waiting")).toBeVisible();
  } else if (now.lastHalfHour.levels.length > 0) {
    await expect(strip.getByRole("table").first()).toContainText("Last 30 minutes");
  }
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/restaurants/${harbor.guid}/kitchen?range=yesterday`);
  await expect(page.getByTestId("headline-figures")).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId("now-strip")).toHaveCount(0);
});
