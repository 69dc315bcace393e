import { expect, test, type Page } from "@playwright/test";

import type { KitchenStationsMatrix } from "../lib/kitchen/contract/chain";
import type { KitchenOverview } from "../lib/kitchen/contract/responses";
import { formatCount, formatDuration } from "../lib/kitchen/present/format";
import { signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { csvRecords } from "./fixtures/csv";

/**
 * The chain (issue 36): the Overview's areas section (groups folded, a group opened into the URL,
 * its subtotal the API's) and the stations matrix page reached from it (every cell the API's p90
 * and count, the CSV the API's), without sideways scroll at 390 and 1440 px, axe clean of serious
 * issues, the level reached by keyboard.
 */
test.setTimeout(240_000);

async function settled<T>(page: Page, path: string, done: (body: T) => boolean): Promise<T> {
  let body: T | undefined;
  await expect(async () => {
    const response = await page.request.get(path, { timeout: 200_000 });
    expect(response.status()).toBe(200);
    body = (await response.json()) as T;
    expect(done(body)).toBe(true);
  }).toPass({ timeout: 200_000 });
  return body!;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("the Overview's areas and the stations matrix show the API's exact figures, on a phone and a desktop", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: "/?range=yesterday" });
  const overview = await settled<KitchenOverview>(page, "/api/kitchen/overview?range=yesterday", (o) =>
    o.rows.every((r) => r.status !== "pending"),
  );
  const area = overview.areas![0]!;
  await page.reload();
  const section = page.getByTestId("overview-areas");
  const group = section.locator(`details[data-area="${area.key}"]`);
  await expect(group).toBeVisible({ timeout: 60_000 });
  await expect(group).not.toHaveAttribute("open");
  await group.locator("summary").click();
  await expect(page).toHaveURL((url) => url.searchParams.get("areas") === area.key);
  const subtotal = group.locator("tr[data-subtotal]");
  await expect(subtotal).toContainText(formatCount(area.levels[0]!.records));
  await expect(subtotal).toContainText(formatDuration(area.levels[0]!.p90));

  await section.getByTestId("stations-matrix-link").click();
  await expect(page).toHaveURL((url) => url.pathname === "/stations-matrix", { timeout: 60_000 });
  const matrix = await settled<KitchenStationsMatrix>(
    page,
    "/api/kitchen/stations-matrix?range=yesterday&level=0",
    (m) => m.complete,
  );
  const table = page.getByTestId("stations-matrix-table");
  await expect(table.locator("tbody tr")).toHaveCount(matrix.rows.length, { timeout: 60_000 });
  const shown = matrix.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.status !== "not_entitled");
  for (const row of matrix.rows) {
    const tr = table.locator(`tr[data-station="${row.multiLocationId}"]`);
    for (const { c, i } of shown) {
      const cell = row.cells[i];
      const td = tr.locator(`td[data-restaurant="${c.restaurantGuid}"]`);
      if (cell)
        await expect(td).toContainText(
          `${formatDuration(cell.p90)}${cell.fewRecords ? "few · " : ""}${formatCount(cell.records)} rec.`,
        );
      else await expect(td).toContainText("no records");
    }
  }
  await expect(page.getByTestId("stations-matrix-line")).toContainText("multi-location id");

  // The level from the keyboard, into the URL.
  await page.getByRole("button", { name: /^L1 / }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("level") === "1");
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get("level") === null);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("stations-matrix-csv").click(),
  ]);
  const csv = await csvRecords(download);
  expect(csv.map((r) => [r.multi_location_id, r.records, r.p90_s])).toEqual(
    matrix.rows.map((r) => [r.multiLocationId, String(r.records), String(r.p90)]),
  );

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await noSidewaysScroll(page), `stations matrix at ${width}`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, { seriousOnly: true }), `stations matrix at ${width}`).toEqual([]);
  }
  await page.goto(`/?range=yesterday&areas=${encodeURIComponent(area.key)}`);
  await expect(page.locator(`details[data-area="${area.key}"]`)).toHaveAttribute("open");
  expect(await noSidewaysScroll(page), "Overview at 390").toBeLessThanOrEqual(0);
  expect(await axeViolations(page, { seriousOnly: true }), "Overview at 390").toEqual([]);
});
