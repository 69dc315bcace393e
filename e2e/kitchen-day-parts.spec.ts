import { expect, test, type Page } from "@playwright/test";

import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { formatCount, formatDuration, formatHour } from "../lib/kitchen/present/format";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { csvRecords } from "./fixtures/csv";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * The day parts on the Kitchen page against the embedded sandbox: the "By service" card, the
 * service filter and the weekday × hour grid, each checked against the kitchen API in the same
 * session, and axe clean.
 */
const harbor = restaurantNamed("Harbor Street Kitchen"); // late night on Fridays and Saturdays

// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(240_000);

async function summaryOf(page: Page, query: string): Promise<KitchenSummary> {
  const response = await page.request.get(`/api/restaurants/${harbor.guid}/kitchen/summary?${query}`);
  expect(response.status(), query).toBe(200);
  return (await response.json()) as KitchenSummary;
}

/** Signs in to the Kitchen page's last 7 days and returns the range the page's CSV link carries. */
async function openWeek(page: Page): Promise<string> {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=7d` });
  await expect(page.getByTestId("service-chart").locator(".recharts-bar-rectangle").first()).toBeVisible({
    timeout: 180_000,
  });
  const href = (await page.getByRole("link", { name: "Summary CSV" }).getAttribute("href")) ?? "";
  const range = new URL(href, "http://localhost").searchParams;
  return `from=${range.get("from")}&to=${range.get("to")}`;
}

test("a manager reads the kitchen by service, filters to one service and downloads its table", async ({
  page,
}) => {
  const dates = await openWeek(page);
  const all = await summaryOf(page, `${dates}&metric=fire_to_fulfill`);
  const level0 = all.dayParts!.services.filter((s) => s.level === 0 && s.stats.count > 0);
  expect(level0.map((s) => s.service)).toContain("Late Night");
  // Per level the services add up to the level.
  expect(level0.reduce((n, s) => n + s.stats.count, 0)).toBe(
    all.levels.find((l) => l.level === 0)!.stats.count,
  );

  // The card's table, at level 0: one row per service with the API's count and p90, in the business day's order.
  const card = page.getByTestId("service-chart");
  await card.getByRole("combobox", { name: "Level" }).selectOption("0");
  await card.getByRole("button", { name: "Show table" }).click();
  const rows = card.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(level0.length);
  for (const [i, s] of level0.entries()) {
    await expect(rows.nth(i).getByRole("cell").nth(0)).toHaveText(
      s.service === "(none)" ? "Outside every service" : s.service,
    );
    await expect(rows.nth(i).getByRole("cell").nth(2)).toHaveText(formatCount(s.stats.count));
    await expect(rows.nth(i).getByRole("cell").nth(5)).toHaveText(formatDuration(s.stats.p90));
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = await csvRecords(download);
  expect(csv.map((r) => [r.service, r.station_fulfillments, r.p90_s, r.p90_min])).toEqual(
    level0.map((s) => [
      s.service === "(none)" ? "Outside every service" : s.service,
      String(s.stats.count),
      String(s.stats.p90),
      String(Math.floor(s.stats.p90! / 6 + 0.5) / 10),
    ]),
  );
  expect(await axeViolations(page)).toEqual([]);

  // The service filter: in the URL, and every figure is the late night's.
  await page.getByRole("group", { name: "Filters" }).getByLabel("Service").selectOption("Late Night");
  await expect(page).toHaveURL(/[?&]service=Late(\+|%20)Night(&|$)/);
  const late = await summaryOf(page, `${dates}&metric=fire_to_fulfill&service=Late%20Night`);
  const late0 = late.levels.find((l) => l.level === 0)!;
  expect(late0.stats.count).toBe(level0.find((s) => s.service === "Late Night")!.stats.count);
  const headline0 = page.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ });
  await expect(headline0.getByRole("definition").nth(1)).toContainText(formatDuration(late0.stats.p50));
  await expect(headline0.getByRole("definition").nth(0)).toContainText(
    `${formatCount(late0.stats.count)} station fulfillments`,
  );
  // The fulfillments CSV link carries the filter; after a reload the view is the same.
  await expect(page.getByRole("link", { name: "Fulfillments CSV" })).toHaveAttribute(
    "href",
    /[?&]service=Late(\+|%20)Night/,
  );
  await page.reload();
  await expect(page.getByRole("group", { name: "Filters" }).getByLabel("Service")).toHaveValue("Late Night");
  await expect(headline0.getByRole("definition").nth(1)).toContainText(formatDuration(late0.stats.p50), {
    timeout: 60_000,
  });
});

test("the weekday by hour grid shows each cell's p90 and count, marks the thin ones, and its CSV holds the API's cells", async ({
  page,
}) => {
  const dates = await openWeek(page);
  const all = await summaryOf(page, `${dates}&metric=fire_to_fulfill`);
  const cells = all.dayParts!.weekdayHours.filter((c) => c.level === 0 && c.stats.count > 0);
  expect(cells.length).toBeGreaterThan(20);

  const card = page.getByTestId("weekday-heatmap");
  await card.getByRole("combobox", { name: "Level" }).selectOption("0");
  const grid = card.getByRole("region", { name: /by weekday and hour, level 0/ });
  // The business day's hours start at the closeout hour: the first column is not before it.
  const firstHour = await grid.locator("thead th").nth(1).textContent();
  expect(firstHour).not.toBe("12 AM");
  const label = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const busiest = [...cells].sort((a, b) => b.stats.count - a.stats.count)[0]!;
  const thinnest = [...cells].sort((a, b) => a.stats.count - b.stats.count)[0]!;
  for (const c of [busiest, thinnest]) {
    const cell = grid.locator(`td[title^="${label(c.weekday)}, ${formatHour(c.hour)}: "]`);
    // The same statistic as the hour by station grid (issue 34), "few" below MIN_RANKED_COUNT (20).
    await expect(cell).toContainText(formatDuration(c.stats.p90));
    await expect(cell).toContainText(formatCount(c.stats.count));
    if (c.stats.count < 20) await expect(cell).toContainText("few");
  }
  expect(busiest.stats.count).toBeGreaterThanOrEqual(20);
  await expect(
    grid
      .locator("tbody tr", {
        has: page.getByRole("rowheader", { name: label(busiest.weekday), exact: true }),
      })
      .locator("td", { hasText: "few" }),
  ).toHaveCount(cells.filter((c) => c.weekday === busiest.weekday && c.stats.count < 20).length);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = await csvRecords(download);
  const key = (weekday: string, hour: string | number, count: string | number) =>
    `${weekday}|${hour}|${count}`;
  expect(
    csv.map((r) => key(r.weekday_business_date!, r.hour_restaurant_time!, r.station_fulfillments!)).sort(),
  ).toEqual(cells.map((c) => key(label(c.weekday), c.hour, c.stats.count)).sort());
  expect(await axeViolations(page)).toEqual([]);
});
