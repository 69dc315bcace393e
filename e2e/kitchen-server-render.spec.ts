import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { previousPeriod } from "../lib/kitchen/contract/date-range";
import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { formatChange, formatCount, formatDuration } from "../lib/kitchen/present/format";
import { METRIC_FORMULAS } from "../lib/kitchen/present/metric-definitions";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * The Kitchen page's first HTML carries the figures: the server prefetches the URL's view into the
 * query cache the browser hydrates. Read without the app's JavaScript, so only server HTML can pass, and
 * checked against the API's answer in the same session. A cold range's progress is server HTML
 * too, and the browser goes on polling from it once hydrated.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const lakeside = restaurantNamed("Lakeside Diner");
// 90 days no other spec opens: far more than the server's 2 s wait can fetch on this machine.
const cold = { from: "20230101", to: "20230331" };

// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(240_000);

/** The API's answer once ready (202 while the dates are fetched; the browser's own rule polls). */
async function readySummary(page: Page, guid: string, from: string, to: string): Promise<KitchenSummary> {
  const path = `/api/restaurants/${guid}/kitchen/summary?from=${from}&to=${to}&metric=fire_to_fulfill`;
  let body: unknown = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(path);
        body = await response.json();
        return response.status();
      },
      { timeout: 180_000, intervals: [1_000] },
    )
    .toBe(200);
  return body as KitchenSummary;
}

/**
 * A second browser context with the first's session cookies and none of the app's JavaScript
 * bundles: the page's inline streaming scripts still put the server's HTML in place of the
 * loading state, but React never runs, so what shows is server HTML only.
 */
async function withoutScript(browser: Browser, signedIn: BrowserContext): Promise<Page> {
  const context = await browser.newContext({ storageState: await signedIn.storageState() });
  await context.route(/\/_next\/static\/.*\.js(\?.*)?$/, (route) => route.abort());
  return context.newPage();
}

test("the headline figures and the formula note are server HTML, equal to the API's answer", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin@kitchen.test", { timeout: 90_000 });
  const hydrationErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat/i.test(m.text())) hydrationErrors.push(m.text());
  });

  // Find the default view's range (last 7 days) from the page itself, then warm both periods.
  await page.goto(`/restaurants/${harbor.guid}/kitchen`);
  await expect(page.getByTestId("headline-figures")).toBeVisible({ timeout: 180_000 });
  const csv = await page.getByRole("link", { name: "Fulfillments CSV" }).getAttribute("href");
  const from = /from=(\d{8})/.exec(csv ?? "")![1]!;
  const to = /to=(\d{8})/.exec(csv ?? "")![1]!;
  const summary = await readySummary(page, harbor.guid, from, to);
  const before7 = previousPeriod({ from, to });
  const previous = await readySummary(page, harbor.guid, before7.from, before7.to);

  const bare = await withoutScript(browser, page.context());
  await bare.goto(`/restaurants/${harbor.guid}/kitchen`);
  const note = bare.getByTestId("metric-note");
  await expect(note).toContainText(METRIC_FORMULAS.fire_to_fulfill);
  const level0 = bare.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ });
  const stats = summary.levels.find((l) => l.level === 0)!;
  const before = previous.levels.find((l) => l.level === 0)!;
  const figures = level0.getByRole("definition");
  await expect(figures.nth(0)).toContainText(formatCount(stats.items));
  await expect(figures.nth(1)).toContainText(formatDuration(stats.stats.p50));
  await expect(figures.nth(2)).toContainText(formatDuration(stats.stats.p90));
  // The comparison was prefetched too: the change is in the first HTML, not a blank line.
  await expect(figures.nth(1)).toContainText(
    formatChange(stats.stats.p50, before.stats.p50, "duration", "lower-is-better").description,
  );
  await bare.context().close();

  // The HTML carries the summary's head, not its per-item tables (most of a busy week's answer):
  // of the hundreds of items in the API's answer, the HTML names next to none (a slowest ticket's
  // item, perhaps).
  const html = await (await page.request.get(`/restaurants/${harbor.guid}/kitchen`)).text();
  const itemGuids = summary.items.flatMap((i) => (i.itemGuid ? [i.itemGuid] : []));
  expect(itemGuids.length).toBeGreaterThan(100);
  expect(itemGuids.filter((guid) => html.includes(guid)).length).toBeLessThan(5);
  expect(html.length).toBeLessThan(JSON.stringify(summary).length);

  // With JavaScript, the hydrated page shows the same figures without a mismatch. It asks for the
  // sections below the figures (the tables of the cards below) only once the page has settled or
  // the manager scrolls (components/ui/page-settled.ts), then fills the item cards from them.
  const wholeAsked: string[] = [];
  page.on("request", (r) => {
    if (/\/kitchen\/summary\?/.test(r.url()) && !r.url().includes("section=figures"))
      wholeAsked.push(r.url());
  });
  await page.reload({ waitUntil: "load" });
  await expect(
    page
      .getByTestId("headline-figures")
      .getByRole("region", { name: /^Level 0/ })
      .getByRole("definition")
      .nth(1),
  ).toContainText(formatDuration(stats.stats.p50));
  await page.waitForTimeout(1_500);
  expect(wholeAsked, "the whole summary is not asked while the page loads").toEqual([]);
  await page.getByTestId("kitchen-section-items").scrollIntoViewIfNeeded();
  await expect
    .poll(() => wholeAsked.length, { message: "the scroll asks for the whole summary" })
    .toBeGreaterThan(0);
  await expect(page.getByTestId("kitchen-section-items").getByRole("table").first()).toBeVisible({
    timeout: 30_000,
  });
  expect(hydrationErrors).toEqual([]);
});

test("a cold range's progress is server HTML, and the hydrated page goes on polling it", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin@kitchen.test", { timeout: 90_000 });
  const url = `/restaurants/${lakeside.guid}/kitchen?range=custom&from=${cold.from}&to=${cold.to}&compare=0`;

  const bare = await withoutScript(browser, page.context());
  await bare.goto(url);
  const serverBar = bare
    .getByTestId("range-progress")
    .getByRole("progressbar", { name: "This period: days ready" });
  await expect(serverBar).toHaveAttribute("aria-valuemax", "90");
  const served = Number(await serverBar.getAttribute("aria-valuenow"));
  expect(served).toBeLessThan(90);
  await bare.context().close();

  await page.goto(url);
  const bar = page
    .getByTestId("range-progress")
    .getByRole("progressbar", { name: "This period: days ready" });
  // Either the bar moves on, or the range finished and the figures replaced it: both need the poll.
  await expect
    .poll(async () => ((await bar.count()) === 0 ? 90 : Number(await bar.getAttribute("aria-valuenow"))), {
      timeout: 180_000,
    })
    .toBeGreaterThan(served);
});

test("when the whole summary fails after the server's head, the figures stay and the page says so, with a retry", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen`,
    timeout: 90_000,
  });
  await expect(page.getByTestId("headline-figures")).toBeVisible({ timeout: 180_000 });
  // The server render still holds the head (it asks the kitchen service itself); the browser's
  // request for the whole summary fails until the route is lifted.
  let failing = true;
  const failed = new Set<string>();
  await page.route(/\/api\/restaurants\/[^/]+\/kitchen\/summary\?/, (route) => {
    if (!failing) return route.continue();
    failed.add(new URL(route.request().url()).searchParams.get("section") ?? "whole");
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "INTERNAL", message: "test failure" } }),
    });
  });
  await page.reload();
  const failure = page.getByRole("alert").filter({ hasText: "The charts and tables could not be loaded" });
  await expect(failure).toBeVisible({ timeout: 60_000 });
  // Every section below the figures has been asked and refused before the failure is lifted: one
  // refused after the click would rightly bring the alert back.
  await expect
    .poll(() => ["stations", "tickets", "items", "hours", "trend"].filter((s) => !failed.has(s)), {
      timeout: 60_000,
    })
    .toEqual([]);
  await expect(page.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ })).toBeVisible();
  failing = false;
  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(failure).toHaveCount(0, { timeout: 60_000 });
  await page.getByTestId("kitchen-section-items").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("kitchen-section-items").getByRole("table").first()).toBeVisible({
    timeout: 60_000,
  });
});
