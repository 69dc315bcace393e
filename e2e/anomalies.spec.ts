import { expect, test, type Page } from "@playwright/test";

import { formatBusinessDate } from "../lib/business-date/format";
import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * Unusual days on the Kitchen page against the embedded sandbox: the daily trend flags exactly the
 * dates the summary's `anomalies` name at the level shown, each flag named for screen readers, and
 * lists them under the chart. The sandbox's Lakeside Diner runs slow on some Friday dinners and has
 * a slow line now and then (lib/sandbox/generate/kitchen-timing.ts); the range is a week of the
 * integration test's (test/integration/kitchen-anomalies.test.ts), its 8 weeks before stored first.
 */
const diner = restaurantNamed("Lakeside Diner");

// Sections below the figures fold by default: this reader has them open (a returning manager).
test.beforeEach(async ({ page }) => {
  await openKitchenPanels(page);
});
// One week ending on a slow Friday dinner, and the 8 weeks before it: the fewest days a flag needs
// (the 60-day oracle is the integration test's), so the suite fetches 63 days, not 116.
const range = { from: "20250125", to: "20250131" };
const lookback = { from: "20241130", to: "20250124" };

test.setTimeout(420_000);

async function summaryOf(page: Page, query: { from: string; to: string }): Promise<KitchenSummary> {
  const url = `/api/restaurants/${diner.guid}/kitchen/summary?from=${query.from}&to=${query.to}&metric=fire_to_fulfill`;
  // 202 while the cold range is fetched: ask again until it is ready.
  for (;;) {
    const response = await page.request.get(url);
    if (response.status() === 200) return (await response.json()) as KitchenSummary;
    expect(response.status(), url).toBe(202);
    await page.waitForTimeout(1_000);
  }
}

test("the daily trend flags the unusual days the summary names, and lists them", async ({ page }) => {
  await signIn(page, "admin@kitchen.test", { timeout: 120_000 });
  await summaryOf(page, lookback);
  const summary = await summaryOf(page, range);
  const level0 = [...new Set(summary.anomalies!.filter((a) => a.level === 0).map((a) => a.date))].sort();
  // The sandbox's slow Friday dinner is in the range.
  expect(level0).toEqual(expect.arrayContaining(["20250131"]));

  await page.goto(
    `/restaurants/${diner.guid}/kitchen?range=custom&from=${range.from}&to=${range.to}&level=0`,
  );
  const heading = page.getByRole("heading", { name: "Daily trend" });
  await heading.scrollIntoViewIfNeeded({ timeout: 180_000 });
  const flags = page.locator("[data-flagged-date]");
  await expect(flags).toHaveCount(level0.length, { timeout: 180_000 });
  expect(
    (await flags.evaluateAll((gs) => gs.map((g) => g.getAttribute("data-flagged-date")))).sort(),
  ).toEqual(level0);
  // Each flag is named: the date and what ran unusually, for screen readers and as its tooltip.
  const friday = page.getByRole("img", {
    name: new RegExp(`^Unusual day ${formatBusinessDate("20250131")}:`),
  });
  await expect(friday).toHaveCount(1);
  await expect(friday).toHaveAccessibleName(/All stations · Dinner: p90 .* slower than the usual/);
  const list = page.getByTestId("unusual-days");
  await expect(list).toContainText("Unusual days");
  for (const date of level0) await expect(list).toContainText(formatBusinessDate(date));
});
