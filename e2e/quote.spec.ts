import { expect, test } from "@playwright/test";

import type { KitchenQuoteAnswer } from "../lib/kitchen/contract/quote";
import { quoteLine } from "../lib/kitchen/present/quote-line";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";

/**
 * The guest quote page (issue 36) against its API in the same session: the plain line and the
 * table are the API's take-out answer; the channel is in the URL and delivery says its quote
 * includes the drive; at 390 px nothing overflows sideways; axe reports nothing serious.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

test("the quote page shows the API's share within the quote, by hour, with the channel in the URL", async ({
  page,
}) => {
  await signIn(page, "ana@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen/quote?range=yesterday`,
  });
  await expect(page.getByRole("heading", { level: 1, name: "Guest quote" })).toBeVisible();
  const line = page.getByTestId("quote-line");
  await expect(line).toBeVisible({ timeout: 60_000 });

  // The same dates as the page: its quote.csv link names them.
  const csvHref = await page.getByRole("link", { name: /quote\.csv/ }).getAttribute("href");
  const response = await page.request.get(csvHref!.replace("/quote.csv?", "/quote?"));
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as KitchenQuoteAnswer;
  expect(answer.takeout.tickets).toBeGreaterThan(0);
  await expect(line).toHaveText(quoteLine(answer.takeout, answer.quotesUsed.takeout));

  await page.getByRole("button", { name: "Show table" }).click();
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(answer.takeout.byHour.length);

  await page.getByRole("button", { name: "Delivery" }).click();
  await expect(page).toHaveURL(/channel=delivery/);
  await expect(line).toHaveText(quoteLine(answer.delivery, answer.quotesUsed.delivery));
  await expect(page.getByText("Delivery's quote includes the drive")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});
