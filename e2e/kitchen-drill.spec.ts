import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator } from "@playwright/test";

import type { KitchenItemsMatrixPage } from "../lib/kitchen/contract/items-matrix";
import { MIN_RANKED_COUNT } from "../lib/kitchen/contract/ranking";
import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { apiJson } from "./fixtures/api";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * Issue 34's honest rankings and drill-down on the busiest restaurant's week: the station ranking
 * against the API's own counts (a station of fewer than MIN_RANKED_COUNT records never above one
 * with more), a click on a station's bar filtering the page through the URL (Back restores it),
 * the same from the keyboard, the menu's item in the URL, and the items page in pages.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

// Sections below the figures fold by default: this reader has them open (a returning manager).
test.beforeEach(async ({ page }) => {
  await openKitchenPanels(page);
});
const shots = join(__dirname, ".screenshots");

test.setTimeout(300_000);

/**
 * The station table's rows as the page lists them: the name (without its "few records" mark), the
 * mark, and the records. Opens the table first if a re-render closed it.
 */
async function tableRows(card: Locator): Promise<{ name: string; few: boolean; records: number }[]> {
  const show = card.getByRole("button", { name: "Show table" });
  if (await show.isVisible()) await show.click();
  return card.locator("table tbody tr").evaluateAll((rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll("th, td")].map((c) => c.textContent ?? "");
      const name = cells[0] ?? "";
      return {
        name: name.replace(/ few records$/, ""),
        few: name.endsWith(" few records"),
        records: Number((cells[2] ?? "").replace(/,/g, "")),
      };
    }),
  );
}

/** A station's name as the page writes it at level 0. */
const nameOf = (s: { stationName: string | null; stationGuid: string | null }) =>
  s.stationName ?? (s.stationGuid ? `Station ${s.stationGuid.slice(0, 8)}` : "No station");

test("stations rank by late items with few-record rows last; a click on a station's bar filters the page and Back restores it", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=7d&level=0`,
  });
  const card = page.getByTestId("station-chart");
  await expect(card.locator(".recharts-bar-rectangle").first()).toBeVisible({ timeout: 240_000 });
  const href = (await page.getByRole("link", { name: "Summary CSV" }).getAttribute("href")) ?? "";
  const range = new URL(href, "http://localhost").searchParams;
  const query = `from=${range.get("from")}&to=${range.get("to")}&metric=fire_to_fulfill&level=0`;
  const summary = await apiJson<KitchenSummary>(
    page,
    `/api/restaurants/${harbor.guid}/kitchen/summary?${query}`,
  );
  const stations = summary.stations.filter((s) => s.level === 0 && s.stats.count > 0);
  expect(stations.length).toBeGreaterThan(2);

  // The minimum is stated on the card.
  await expect(card.getByTestId("ranking-note")).toContainText(`fewer than ${MIN_RANKED_COUNT} records`);
  const rows = await tableRows(card);
  expect(rows.length).toBe(stations.length);
  const lateOf = (name: string) => stations.find((s) => nameOf(s) === name)?.late ?? Number.NaN;
  for (let i = 1; i < rows.length; i++) {
    const [above, below] = [rows[i - 1]!, rows[i]!];
    const fewAbove = above.records < MIN_RANKED_COUNT;
    const fewBelow = below.records < MIN_RANKED_COUNT;
    // Never a handful above a station with enough records; within a group, most late items first.
    expect(fewAbove && !fewBelow, `${above.name} above ${below.name}`).toBe(false);
    if (fewAbove === fewBelow) expect(lateOf(above.name)).toBeGreaterThanOrEqual(lateOf(below.name));
    expect(below.few, below.name).toBe(fewBelow);
  }

  // A click on the top station's bar: the URL gains its station, the chart shows it alone.
  const top = stations.find((s) => nameOf(s) === rows[0]!.name)!;
  const before = page.url();
  await card.locator(".recharts-bar-rectangle").first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]station=${top.stationGuid ?? "%28none%29"}(&|$)`));
  await expect.poll(async () => (await tableRows(card)).length, { timeout: 120_000 }).toBe(1);
  mkdirSync(shots, { recursive: true });
  await card.screenshot({ path: join(shots, "kitchen-drill-station.png") });

  // Back: the whole kitchen again.
  await page.goBack();
  await expect(page).toHaveURL(before);
  await expect.poll(async () => (await tableRows(card)).length, { timeout: 120_000 }).toBe(rows.length);

  // The keyboard's way: the table's button for the second station.
  const second = card.getByRole("button", { name: /^Only / }).nth(1);
  const secondName = ((await second.textContent()) ?? "").replace(/^Only /, "");
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]station=/);
  await expect.poll(async () => (await tableRows(card)).map((r) => r.name)).toEqual([secondName]);
  await page.goBack();
  await expect(page).toHaveURL(before);

  // The hour by station grid: p90 with its count in every cell, a cell a button that filters the
  // page to its station.
  await page.locator("#kitchen-hours").scrollIntoViewIfNeeded();
  const grid = page.getByRole("region", {
    name: /p90 fire to fulfill and station fulfillments by hour and station/,
  });
  await expect(grid).toBeVisible({ timeout: 120_000 });
  await grid.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "kitchen-drill-heatmap.png") });
  const cell = grid.getByRole("button", { name: /Filter the page to / }).first();
  const cellStation = /Filter the page to (.+)$/.exec((await cell.getAttribute("aria-label")) ?? "")![1]!;
  const expected = stations.find((s) => nameOf(s) === cellStation)!;
  await cell.click();
  await expect(page).toHaveURL(new RegExp(`[?&]station=${expected.stationGuid ?? "%28none%29"}(&|$)`));
  await page.goBack();
  await expect(page).toHaveURL(before);
});

test("the menu's selected item is in the URL: a reload opens it again", async ({ page }) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/menu` });
  await page.getByLabel("Search items by name").fill("a");
  const hit = page.getByRole("list", { name: "Search results" }).getByRole("button").first();
  await expect(hit).toBeVisible({ timeout: 60_000 });
  await hit.click();
  const detail = page.getByRole("region", { name: "Item details" });
  const heading = detail.getByRole("heading", { level: 2 });
  await expect(heading).not.toHaveText("Choose an item");
  const name = (await heading.textContent()) ?? "";
  await expect(page).toHaveURL(/[?&]item=[^&]+/);
  await expect(page).toHaveURL(/[?&]in=[^&]+/);
  await page.reload();
  await expect(detail.getByRole("heading", { level: 2 })).toHaveText(name, { timeout: 60_000 });
  // Back leaves the item: the page without one.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]item=/);
});

test("the items page comes in pages of 25 from the server; Next and Back walk them", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  const query = "range=7d&level=0";
  let matrix: KitchenItemsMatrixPage | undefined;
  await expect(async () => {
    matrix = await apiJson<KitchenItemsMatrixPage>(page, `/api/kitchen/items-matrix?${query}`);
    expect(matrix.complete).toBe(true);
  }).toPass({ timeout: 240_000 });
  const first = matrix!;
  expect(first.pageSize).toBe(25);
  expect(first.totalRows, "a week holds more than one page of shared items").toBeGreaterThan(25);
  const second = await apiJson<KitchenItemsMatrixPage>(page, `/api/kitchen/items-matrix?${query}&page=2`);

  await page.goto(`/items?${query}`);
  const table = page.getByTestId("items-matrix-table");
  const order = () =>
    table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-item") ?? ""));
  await expect.poll(order, { timeout: 240_000 }).toEqual(first.rows.map((r) => r.multiLocationId));
  const pager = page.getByTestId("items-matrix-pager");
  await expect(pager).toContainText(`Items 1–25 of ${first.totalRows}`);
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect.poll(order).toEqual(second.rows.map((r) => r.multiLocationId));
  await page.goBack();
  await expect(page).not.toHaveURL(/page=/);
  await expect.poll(order).toEqual(first.rows.map((r) => r.multiLocationId));
});
