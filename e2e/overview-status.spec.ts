import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";

import { formatDateRange } from "../lib/business-date/format";
import type { KitchenOverview } from "../lib/kitchen/contract/responses";
import { signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";

/**
 * The Overview, status first (issue 34), at a desktop and a phone width: every restaurant with a
 * status and its reason, ranked by late items (not by p90), the period's and the previous
 * period's dates printed, each worst station linked to its Kitchen page filtered on it, the
 * restaurant list folded, no sideways scroll at 390 px, and no serious or critical axe finding.
 */
test.setTimeout(300_000);

const dir = join(__dirname, ".screenshots");
mkdirSync(dir, { recursive: true });

const SIZES = [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
];

/** The API's overview once no restaurant is still being fetched. */
async function settledOverview(page: Page, range: string): Promise<KitchenOverview> {
  let overview: KitchenOverview | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/kitchen/overview?range=${range}`, { timeout: 240_000 });
    expect(response.status()).toBe(200);
    overview = (await response.json()) as KitchenOverview;
    expect(overview.rows.filter((r) => r.status === "pending").map((r) => r.restaurantName)).toEqual([]);
  }).toPass({ timeout: 240_000 });
  return overview!;
}

for (const size of SIZES) {
  test(`every restaurant's status and reason, ranked by late items, with the period's dates, at ${size.name}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, "admin@kitchen.test");
    const overview = await settledOverview(page, "lastweek");
    await page.goto("/?range=lastweek");
    const ranking = page.getByTestId("overview-ranking");
    const items = ranking.locator("li[data-restaurant]");
    await expect(items).toHaveCount(overview.rows.length, { timeout: 60_000 });
    await expect(ranking.locator('li[data-verdict="pending"]')).toHaveCount(0, { timeout: 240_000 });

    // Every restaurant: a status (or why it has no figures) and its reason, as the API says.
    for (const row of overview.rows) {
      const item = ranking.locator(`li[data-restaurant="${row.restaurantGuid}"]`);
      const reason = item.getByTestId("verdict-reason");
      if (row.status === "ready") {
        expect(row.verdict, row.restaurantName).toBeTruthy();
        await expect(item).toHaveAttribute("data-verdict", row.verdict!.status);
        await expect(item).toContainText(
          { on_track: "On track", watch: "Watch", act: "Act" }[row.verdict!.status],
        );
        await expect(reason).toContainText(row.verdict!.reason);
        expect(row.verdict!.reason).toMatch(/late items?/);
      } else {
        await expect(reason).not.toBeEmpty();
      }
    }

    // Ranked by late items, most first; restaurants without figures last.
    const order = await items.evaluateAll((els) =>
      els.map((e) => ({
        verdict: e.getAttribute("data-verdict"),
        late: Number(e.getAttribute("data-late-items")),
      })),
    );
    const readyOnes = order.filter((o) => ["on_track", "watch", "act"].includes(o.verdict ?? ""));
    expect(order.slice(0, readyOnes.length)).toEqual(readyOnes);
    const lates = readyOnes.map((o) => o.late);
    expect(lates).toEqual([...lates].sort((a, b) => b - a));
    expect(Math.max(...lates), "the demo restaurants have late items").toBeGreaterThan(0);

    // The period's dates and the previous period's, printed; last week is a Monday-Sunday week.
    const { period, previousPeriod } = overview.glance!;
    expect(
      new Date(
        `${period!.from.slice(0, 4)}-${period!.from.slice(4, 6)}-${period!.from.slice(6)}`,
      ).getUTCDay(),
    ).toBe(1);
    await expect(page.getByTestId("overview-period")).toHaveText(formatDateRange(period!.from, period!.to));
    await expect(page.getByTestId("overview-previous-period")).toHaveText(
      formatDateRange(previousPeriod!.from, previousPeriod!.to),
    );
    await expect(page.getByTestId("overview-glance")).toContainText(
      `${overview.glance!.act} to act · ${overview.glance!.watch} to watch · ${overview.glance!.onTrack} on track`,
    );
    await expect(
      page.getByTestId("kitchen-overview").getByRole("button", { name: "Last week (Mon–Sun)" }),
    ).toHaveAttribute("aria-pressed", "true");

    // The restaurant list is folded away; the print button is there.
    await expect(page.getByTestId("restaurant-list")).not.toHaveAttribute("open");
    await expect(page.getByTestId("overview-print")).toBeVisible();
    await expect(page.getByTestId("weekly-report-csv")).toHaveAttribute(
      "href",
      "/api/kitchen/weekly-report.csv",
    );

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "the page must not scroll sideways").toBeLessThanOrEqual(0);
    if (size.width <= 600) {
      // A phone: cards, the wide table folded; the first restaurant's status on the first screen.
      await expect(page.getByTestId("overview-figures")).not.toHaveAttribute("open");
      await expect(items.first().getByTestId("verdict-reason")).toBeInViewport();
    }
    expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
    await page.screenshot({ path: join(dir, `overview-status-${size.name}.png`), fullPage: true });

    // The worst station opens its restaurant's Kitchen page filtered on that station, same week.
    const withStation = overview.rows.find((r) => r.worstStation);
    expect(withStation, "a restaurant has a worst station").toBeDefined();
    const station = withStation!.worstStation!;
    expect(station.records).toBeGreaterThanOrEqual(20);
    await ranking
      .locator(`li[data-restaurant="${withStation!.restaurantGuid}"]`)
      .getByTestId("worst-station")
      .click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === `/restaurants/${withStation!.restaurantGuid}/kitchen` &&
        url.searchParams.get("range") === "lastweek" &&
        url.searchParams.get("station") === (station.stationGuid ?? "(none)") &&
        url.searchParams.get("level") === "0",
    );
  });
}
