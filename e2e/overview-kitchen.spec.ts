import { expect, test, type Locator, type Page } from "@playwright/test";

import type {
  KitchenOverview,
  KitchenOverviewRow,
  KitchenSummary,
  OverviewLevelFigures,
} from "../lib/kitchen/contract/responses";
import { formatChange, formatCount, formatDuration, formatShare } from "../lib/kitchen/present/format";
import type { PermittedRestaurant } from "../lib/restaurants/permitted-restaurant";
import { apiJson } from "./fixtures/api";
import { demoAccount, restaurantNamed, signIn } from "./fixtures/auth";
import { csvRecords } from "./fixtures/csv";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * The Overview's kitchen table (issue 15) against the API in the same session: every figure and
 * change of every restaurant at levels 0-2; archived restaurants with their last figures, exactly
 * as their Kitchen page counts them; sorting by keyboard; the period in the URL (Back undoes it);
 * a name opens the Kitchen page on the same period and level; the CSV equals the API.
 */
// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(300_000);

/** The API's overview once no restaurant is still being fetched. */
async function settledOverview(page: Page, range: string): Promise<KitchenOverview> {
  let overview: KitchenOverview | undefined;
  await expect(async () => {
    overview = await apiJson<KitchenOverview>(page, `/api/kitchen/overview?range=${range}`);
    expect(overview.rows.filter((r) => r.status === "pending").map((r) => r.restaurantName)).toEqual([]);
  }).toPass({ timeout: 240_000 });
  return overview!;
}

const at = (figures: OverviewLevelFigures[], level: number) => figures.find((f) => f.level === level)!;

/** The cells as the page writes them: items at L0, then p50, p90 and on time at each level. */
function expectedValues(row: KitchenOverviewRow): string[] {
  return [
    formatCount(at(row.current, 0).items),
    ...[0, 1, 2].flatMap((l) => [
      formatDuration(at(row.current, l).p50),
      formatDuration(at(row.current, l).p90),
      formatShare(at(row.current, l).onTimeShare),
    ]),
  ];
}

async function rowOrder(table: Locator): Promise<string[]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-restaurant") ?? ""));
}

test("the Overview shows every kitchen's figures and changes as the API counts them; archived ones as their Kitchen page does", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test");
  const { restaurants } = await apiJson<{ restaurants: PermittedRestaurant[] }>(page, "/api/restaurants");
  const overview = await settledOverview(page, "7d");
  expect(overview.rows.map((r) => r.restaurantGuid).sort()).toEqual(restaurants.map((r) => r.guid).sort());

  await page.goto("/");
  const table = page.getByTestId("kitchen-overview").getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(restaurants.length);
  await expect(table.locator('tbody tr[data-status="pending"]')).toHaveCount(0, { timeout: 240_000 });
  for (const r of overview.rows) {
    const row = table.locator(`tbody tr[data-restaurant="${r.restaurantGuid}"]`);
    await expect(row.getByRole("rowheader")).toContainText(r.restaurantName);
    if (r.archived) await expect(row.getByRole("rowheader")).toContainText("Archived");
    if (r.status === "not_entitled") {
      await expect(row).toContainText("not on the professional tier");
      continue;
    }
    expect(r.status).toBe("ready");
    await expect(row.locator("td [data-value]")).toHaveText(expectedValues(r));
    // The change against the period before, spelled out for screen readers.
    const p90 = formatChange(at(r.current, 0).p90, at(r.previous, 0).p90, "duration", "lower-is-better");
    if (p90.text) await expect(row.locator('td[data-column="p90:0"]')).toContainText(p90.description);
  }

  // One truth: the archived restaurant's row is its Kitchen summary of the same dates.
  const oldTown = overview.rows.find((r) => r.archived)!;
  expect(oldTown.status).toBe("ready");
  const summary = await apiJson<KitchenSummary>(
    page,
    `/api/restaurants/${oldTown.restaurantGuid}/kitchen/summary?from=${oldTown.period.from}&to=${oldTown.period.to}&metric=fire_to_fulfill`,
  );
  for (const level of [0, 1, 2]) {
    const stats = summary.levels.find((l) => l.level === level)?.stats;
    expect(at(oldTown.current, level)).toMatchObject({
      records: stats?.count ?? 0,
      p50: stats?.p50 ?? null,
      p90: stats?.p90 ?? null,
    });
  }
});

test("sorted by the second expediter's p90 from the keyboard, the slowest restaurant opens on the same period and level", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test");
  // Yesterday and the day before lie inside the last 7 days' two periods the first test fetched.
  const overview = await settledOverview(page, "yesterday");
  await page.goto("/?range=yesterday");
  const table = page.getByTestId("kitchen-overview").getByRole("table");
  await expect(table).toHaveAttribute("data-range", "yesterday");
  await expect(table.locator('tbody tr[data-status="pending"]')).toHaveCount(0, { timeout: 240_000 });

  const header = table.getByRole("columnheader", { name: /p90 L2/ });
  await header.getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const ranked = overview.rows
    .filter((r) => r.status === "ready" && at(r.current, 2).p90 !== null)
    .sort((a, b) => at(b.current, 2).p90! - at(a.current, 2).p90!);
  // Only some kitchens have a second expediter; the others have no L2 time and sort last.
  expect(ranked.length).toBeGreaterThan(0);
  expect(ranked.length).toBeLessThan(overview.rows.length);
  const order = await rowOrder(table);
  expect(order.slice(0, ranked.length)).toEqual(ranked.map((r) => r.restaurantGuid));
  expect(order.slice(ranked.length).sort()).toEqual(
    overview.rows
      .filter((r) => !ranked.includes(r))
      .map((r) => r.restaurantGuid)
      .sort(),
  );

  const slowest = ranked[0]!;
  await table
    .locator(`tbody tr[data-restaurant="${slowest.restaurantGuid}"]`)
    .getByRole("link", { name: slowest.restaurantName })
    .click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/restaurants/${slowest.restaurantGuid}/kitchen` &&
      url.searchParams.get("range") === "yesterday" &&
      url.searchParams.get("level") === "2",
  );
  // The Kitchen page reads the view from the URL: level 2 chosen, yesterday's range pressed.
  await expect(page.getByRole("group", { name: "Filters" }).getByLabel("Level")).toHaveValue("2", {
    timeout: 60_000,
  });
});

test("the period is in the URL: Back and Forward walk through the changes", async ({ page }) => {
  await signIn(page, "ana@kitchen.test");
  const table = page.getByTestId("kitchen-overview");
  await expect(table.getByRole("table")).toHaveAttribute("data-range", "7d", { timeout: 60_000 });
  await table.getByRole("button", { name: "Yesterday" }).click();
  await expect(page).toHaveURL(/[?&]range=yesterday/);
  await expect(table.getByRole("table")).toHaveAttribute("data-range", "yesterday", { timeout: 60_000 });
  await table.getByRole("button", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/[?&]range=30d/);
  await expect(table.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
  await page.goBack();
  await expect(page).toHaveURL(/[?&]range=yesterday/);
  await expect(table.getByRole("button", { name: "Yesterday" })).toHaveAttribute("aria-pressed", "true");
  await page.goBack();
  await expect(page).not.toHaveURL(/range=/);
  await expect(table.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
  await page.goForward();
  await expect(page).toHaveURL(/[?&]range=yesterday/);
});

test("the Overview CSV is the API's table, one row per restaurant, numbers as numbers", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  const overview = await settledOverview(page, "yesterday");
  await page.goto("/?range=yesterday");
  const link = page.getByTestId("overview-csv");
  await expect(link).toBeVisible({ timeout: 240_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  // The period's ISO dates (spanning every restaurant's own) and the range in the name.
  const iso = (d: string) => (d === "" ? "" : `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`);
  const froms = overview.rows
    .map((r) => r.period.from)
    .filter(Boolean)
    .sort();
  const tos = overview.rows
    .map((r) => r.period.to)
    .filter(Boolean)
    .sort();
  const dates = froms[0] === tos.at(-1) ? iso(froms[0]!) : `${iso(froms[0]!)}_${iso(tos.at(-1)!)}`;
  expect(download.suggestedFilename()).toBe(`kitchen-overview_${dates}_yesterday.csv`);
  const lines = await csvRecords(download);
  // The restaurants first, then (issue 36) one subtotal row per area and the chain's total.
  const rows = lines.filter((r) => r.row_kind === "restaurant");
  expect(lines.slice(rows.length).map((r) => [r.row_kind, r.restaurant])).toEqual([
    ...(overview.areas ?? []).map((a) => ["area", a.name]),
    ["chain", "Chain"],
  ]);
  expect(rows.map((r) => r.restaurant_guid)).toEqual(overview.rows.map((r) => r.restaurantGuid));
  for (const [i, r] of overview.rows.entries()) {
    const csv = rows[i]!;
    expect([csv.status, csv.archived, csv.from, csv.to, csv.previous_from, csv.previous_to]).toEqual([
      r.status,
      String(r.archived),
      iso(r.period.from),
      iso(r.period.to),
      iso(r.previousPeriod.from),
      iso(r.previousPeriod.to),
    ]);
    for (const level of [0, 1, 2]) {
      const now = r.current.find((f) => f.level === level);
      const before = r.previous.find((f) => f.level === level);
      const num = (v: string | undefined) => (v === "" || v === undefined ? null : Number(v));
      expect(
        [
          num(csv[`l${level}_items`]),
          num(csv[`l${level}_records`]),
          num(csv[`l${level}_p90_s`]),
          num(csv[`l${level}_p90_min`]),
          num(csv[`l${level}_on_time_pct`]),
          num(csv[`l${level}_previous_p50_s`]),
        ],
        `${r.restaurantName} L${level}`,
      ).toEqual([
        now?.items ?? null,
        now?.records ?? null,
        now?.p90 ?? null,
        now?.p90 == null ? null : Math.floor(now.p90 / 6 + 0.5) / 10,
        now?.onTimeShare == null ? null : Math.round(now.onTimeShare * 1000) / 10,
        before?.p50 ?? null,
      ]);
    }
  }
});

test("a regional manager with a basic-tier restaurant sees it named as such; at 390 px the kitchen table comes first", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "ben@kitchen.test");
  // On a phone the wide table is folded under the status cards (issue 34): hidden, still there.
  const table = page.getByTestId("kitchen-overview").getByRole("table", { includeHidden: true });
  await expect(table.locator("tbody tr")).toHaveCount(demoAccount("ben@kitchen.test").restaurants.length, {
    timeout: 60_000,
  });
  const basic = demoAccount("ben@kitchen.test").restaurants.find((r) => r.tier === "basic");
  expect(basic, "ben's list holds a basic-tier restaurant").toBeDefined();
  await expect(table.locator(`tbody tr[data-restaurant="${basic!.guid}"]`)).toContainText(
    "not on the professional tier",
    { timeout: 240_000 },
  );
  // The kitchen status starts on the first screen, above the restaurant list: on a phone its
  // ranking's cards come first (issue 34), the wide table folded under them.
  const box = await page.getByTestId("kitchen-overview").boundingBox();
  expect(box!.y).toBeLessThan(844);
  const lakeside = restaurantNamed("Lakeside Diner");
  await expect(table.locator(`tbody tr[data-restaurant="${lakeside.guid}"]`)).toHaveCount(1);
  await expect(page.getByTestId("overview-ranking").locator("li a").first()).toBeInViewport();
});
