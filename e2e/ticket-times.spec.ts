import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import type { KitchenSummary, KitchenTickets } from "../lib/kitchen/contract/responses";
import { formatCount, formatDuration, formatShare } from "../lib/kitchen/present/format";
import { apiJson } from "./fixtures/api";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { csvRecords } from "./fixtures/csv";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * The Kitchen page's ticket times and the slowest ticket's slowest item, end to end against the
 * embedded sandbox. Every expected value is the kitchen API's answer in the same session.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(240_000);

test("a manager reads ticket times per level, their distribution and CSVs, and finds the slowest ticket's slowest item", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=7d` });
  const card = page.getByTestId("ticket-times");
  await expect(card.getByTestId("ticket-level-0")).toBeVisible({ timeout: 180_000 });

  const summaryHref = (await page.getByRole("link", { name: "Summary CSV" }).getAttribute("href")) ?? "";
  const range = new URL(summaryHref, "http://localhost").searchParams;
  const query = `from=${range.get("from")}&to=${range.get("to")}`;
  const summary = await apiJson<KitchenSummary>(
    page,
    `/api/restaurants/${harbor.guid}/kitchen/summary?${query}`,
  );
  expect(summary.tickets.length).toBeGreaterThan(0);

  // The headline figures of every level, as the API gives them.
  for (const t of summary.tickets) {
    const level = card.getByTestId(`ticket-level-${t.level}`);
    await expect(level).toContainText(formatCount(t.stats.count));
    await expect(level).toContainText(`${formatCount(t.stats.excluded)} not fully fulfilled`);
    await expect(level).toContainText(formatDuration(t.stats.p50));
    await expect(level).toContainText(formatDuration(t.stats.p90));
    await expect(level).toContainText(formatShare(t.withinTarget.share));
  }

  // Its CSV: one row per level, named for the metric and levels.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toContain(
    `ticket-times-fire-to-fulfill-levels-${summary.tickets.map((t) => t.level).join("-")}`,
  );
  const rows = await csvRecords(download);
  expect(
    rows.map((r) => [
      Number(r.level),
      Number(r.tickets),
      Number(r.p90_s),
      Number(r.p90_min),
      Number(r.not_fully_fulfilled),
      r.share_within_target_pct,
    ]),
  ).toEqual(
    summary.tickets.map((t) => [
      t.level,
      t.stats.count,
      t.stats.p90,
      Math.floor(t.stats.p90! / 6 + 0.5) / 10,
      t.stats.excluded,
      t.withinTarget.share === null ? "" : String(Math.round(t.withinTarget.share * 1000) / 10),
    ]),
  );

  // Ticket targets are set on the Targets page, which the card links to.
  await expect(card.getByRole("link", { name: "Targets page" })).toHaveAttribute(
    "href",
    `/restaurants/${harbor.guid}/targets`,
  );
  await expect(card.getByTestId("ticket-targets")).toHaveCount(0);

  // The distribution of level 0: its table's bands hold every timed ticket of the level.
  // The innermost section holding the heading: the card, not the page section around it.
  const distribution = page
    .locator("section", { has: page.getByRole("heading", { name: "Ticket-time distribution" }) })
    .last();
  await distribution.getByRole("button", { name: "Show table" }).click();
  const level0 = summary.tickets.find((t) => t.level === 0)!;
  await expect(distribution.getByRole("table").locator("tbody tr")).toHaveCount(level0.histogram.bins.length);
  const [binsCsv] = await Promise.all([
    page.waitForEvent("download"),
    distribution.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(binsCsv.suggestedFilename()).toContain("ticket-distribution-fire-to-fulfill-level-0");
  expect((await csvRecords(binsCsv)).reduce((n, r) => n + Number(r.tickets), 0)).toBe(level0.stats.count);

  // By hour: a row per hour with level-0 tickets, counts as the API's.
  const hours = page
    .locator("section", { has: page.getByRole("heading", { name: "Ticket times by hour" }) })
    .last();
  await hours.getByRole("button", { name: "Show table" }).click();
  const hourRows = summary.ticketHours.filter((h) => h.level === 0);
  await expect(hours.getByRole("table").locator("tbody tr")).toHaveCount(hourRows.length);
  const [hoursCsv] = await Promise.all([
    page.waitForEvent("download"),
    hours.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect((await csvRecords(hoursCsv)).map((r) => Number(r.tickets))).toEqual(
    hourRows.map((h) => h.stats.count),
  );

  // The slowest ticket names its slowest item and station; opened, that item is marked.
  const tickets = (await page.evaluate(
    async (url) => (await fetch(url)).json(),
    `/api/restaurants/${harbor.guid}/kitchen/tickets?${query}`,
  )) as KitchenTickets;
  const first = tickets.tickets[0]!;
  const slowestTickets = page.getByTestId("slowest-tickets");
  const firstRow = slowestTickets.locator("tbody tr").first();
  await expect(firstRow.getByTestId("slowest-item")).toContainText(first.slowestItem!.itemName!);
  await firstRow.getByRole("button").first().click();
  const marked = slowestTickets.locator('tr[data-slowest="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(`${first.slowestItem!.itemName} · slowest`);
  await expect(marked).toContainText(formatDuration(first.seconds));

  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .include('[data-testid="ticket-times-cards"]')
    .include('[data-testid="slowest-tickets"]')
    .analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    })),
  ).toEqual([]);
});
