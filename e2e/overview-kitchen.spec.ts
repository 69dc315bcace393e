import { expect, test, type Locator, type Page } from "@playwright/test";
import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { presetRange } from "../lib/kitchen/ui/date-range";
import { formatCount, formatDuration, formatShare } from "../lib/kitchen/ui/format";
import { currentBusinessDate } from "../lib/business-date/closeout";
import type { PermittedRestaurant } from "../lib/restaurants/permitted-restaurant";
import { demoAccount, signIn } from "./fixtures/auth";

/**
 * The Overview's kitchen table against the API: every figure of every restaurant, both periods,
 * each restaurant's "yesterday" in its own zone; sorting by keyboard; archived and not-entitled
 * restaurants say so.
 */
test.setTimeout(300_000);

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { timeout: 240_000 });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** One period's cells, as the page writes them: items, p50/p90 at L0 and L1, on time at L0 and L1. */
function expectedCells(summary: KitchenSummary): string[] {
  const at = (level: number) => summary.levels.find((l) => l.level === level)?.stats;
  const share = (level: number) => summary.withinTarget.find((t) => t.level === level)?.share ?? null;
  return [
    formatCount(at(0)?.count ?? 0),
    formatDuration(at(0)?.p50),
    formatDuration(at(0)?.p90),
    formatDuration(at(1)?.p50),
    formatDuration(at(1)?.p90),
    formatShare(share(0)),
    formatShare(share(1)),
  ];
}

async function rowOrder(table: Locator): Promise<string[]> {
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-restaurant") ?? ""));
}

test("the Overview shows each kitchen's figures as the API counts them, sortable by keyboard", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  const { restaurants } = await api<{ restaurants: PermittedRestaurant[] }>(page, "/api/restaurants");
  const now = new Date();

  const table = page.getByTestId("kitchen-overview").getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(restaurants.length);
  await expect(table.getByText("Loading…")).toHaveCount(0, { timeout: 240_000 });

  const p90Week = new Map<string, number | null>();
  for (const r of restaurants) {
    const row = table.locator(`tbody tr[data-restaurant="${r.guid}"]`);
    await expect(row.getByRole("rowheader")).toContainText(r.name);
    if (r.archived) {
      await expect(row).toContainText("Archived");
      continue;
    }
    const today = currentBusinessDate(r, now.getTime());
    const [yesterday, week] = await Promise.all(
      (["yesterday", "7d"] as const).map((preset) => {
        const range = presetRange(preset, today);
        return api<KitchenSummary>(page, `/api/restaurants/${r.guid}/kitchen/summary?from=${range.from}&to=${range.to}&metric=fire_to_fulfill`);
      }),
    );
    if (week!.coverage.complete.length === 0 && week!.coverage.notEntitled.length > 0) {
      await expect(row).toContainText("not on the professional tier");
      continue;
    }
    await expect(row.getByRole("cell")).toHaveText([...expectedCells(yesterday!), ...expectedCells(week!)]);
    p90Week.set(r.guid, week!.levels.find((l) => l.level === 0)?.stats.p90 ?? null);
  }
  expect(p90Week.size).toBeGreaterThan(1);

  // Sorting by "p90 L0" of the last 7 days, from the keyboard: slowest first, then fastest first.
  const header = table.getByRole("columnheader", { name: /p90 L0/ }).nth(1);
  const slowestFirst = [...p90Week.entries()].sort((a, b) => (b[1] ?? -1) - (a[1] ?? -1)).map(([guid]) => guid);
  // It is the default order; one press on Enter turns it round.
  await expect(header).toHaveAttribute("aria-sort", "descending");
  expect((await rowOrder(table)).slice(0, slowestFirst.length)).toEqual(slowestFirst);
  await header.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  expect((await rowOrder(table)).slice(0, slowestFirst.length)).toEqual([...slowestFirst].reverse());
  // Restaurants without figures stay at the bottom either way.
  const withoutFigures = restaurants.filter((r) => !p90Week.has(r.guid)).map((r) => r.guid).sort();
  expect((await rowOrder(table)).slice(slowestFirst.length).sort()).toEqual(withoutFigures);

  // Sorting by name: the other headers say "none".
  await table.getByRole("columnheader", { name: /Restaurant/ }).getByRole("button").press("Space");
  await expect(table.getByRole("columnheader", { name: /Restaurant/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(header).toHaveAttribute("aria-sort", "none");
  const names = await table.locator("tbody tr th a").allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
});

test("a regional manager with a basic-tier restaurant sees it named as such", async ({ page }) => {
  await signIn(page, "ben@kitchen.test");
  const { restaurants } = await api<{ restaurants: PermittedRestaurant[] }>(page, "/api/restaurants");
  const table = page.getByTestId("kitchen-overview").getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(restaurants.length);
  await expect(table.getByText("Loading…")).toHaveCount(0, { timeout: 240_000 });
  // The sandbox world says which of ben's restaurants is on the basic tier.
  const basic = demoAccount("ben@kitchen.test").restaurants.find((r) => r.tier === "basic");
  expect(basic, "ben's list holds a basic-tier restaurant").toBeDefined();
  await expect(table.locator(`tbody tr[data-restaurant="${basic!.guid}"]`)).toContainText("not on the professional tier");
});
