import { expect, test, type Page } from "@playwright/test";

import { previousPeriod } from "../lib/kitchen/contract/date-range";
import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { formatChange, formatDuration } from "../lib/kitchen/present/format";
import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * A cold range with its comparison: the page asks for both periods at once, shows both periods'
 * progress side by side while the API answers 202, then the figures and their changes. Expected
 * values come from the API in the same session, once it answers 200.
 */
const mesa = restaurantNamed("Mesa Verde Cantina"); // ~420 tickets a day: 60 cold days take some seconds
// 30 days no other spec opens, and the 30 before them (the comparison).
const main = { from: "20240601", to: "20240630" };
const previous = previousPeriod(main);

test.setTimeout(300_000);

async function summaryOf(page: Page, range: { from: string; to: string }): Promise<KitchenSummary> {
  const path = `/api/restaurants/${mesa.guid}/kitchen/summary?from=${range.from}&to=${range.to}&metric=fire_to_fulfill`;
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as KitchenSummary;
}

test("a cold range with its comparison shows both periods' progress at once, then the figures and their changes", async ({
  page,
}, testInfo) => {
  // When each period's first summary request went out from the browser.
  const sent = new Map<string, number>();
  const periodOf = (url: string) => {
    const u = new URL(url);
    if (!u.pathname.endsWith("/kitchen/summary")) return null;
    const from = u.searchParams.get("from");
    return from === main.from ? "main" : from === previous.from ? "previous" : null;
  };
  page.on("request", (r) => {
    const p = periodOf(r.url());
    if (p && !sent.has(p)) sent.set(p, Date.now());
  });

  // The spec's one sign-in is the server's first: on a busy machine it can take a while.
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${mesa.guid}/kitchen?range=custom&from=${main.from}&to=${main.to}`,
    timeout: 90_000,
  });

  // Both periods' progress, side by side, while the days come in.
  const panel = page.getByTestId("range-progress");
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const thisBar = panel.getByRole("progressbar", { name: "This period: days ready" });
  const previousBar = panel.getByRole("progressbar", { name: "Previous period: days ready" });
  await expect(thisBar).toBeVisible();
  await expect(previousBar).toBeVisible();
  await expect(thisBar).toHaveAttribute("aria-valuemax", "30");
  await expect(previousBar).toHaveAttribute("aria-valuemax", "30");
  await expect(panel.getByText(/^\d+ of 30 days ready$/)).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath("kitchen-progress.png"), fullPage: false });
  // Both periods were asked for together: the server prefetched both, so both bars are in the first
  // HTML (above); then the browser polls both, after the server's Retry-After.
  await expect.poll(() => sent.has("main") && sent.has("previous"), { timeout: 30_000 }).toBe(true);
  // No CSV of half a range: the downloads wait for the range.
  await expect(page.getByRole("link", { name: "Summary CSV" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("link", { name: "Summary CSV" })).not.toHaveAttribute("href", /.*/);

  // The bars fill in as days arrive (polled about every second). With the budget per location the
  // last days may all arrive between two polls: then the panel goes and the figures come, which is
  // the same progress, complete.
  const ready = async () => {
    if ((await panel.count()) === 0) return 60;
    const values = await Promise.all(
      [thisBar, previousBar].map((bar) =>
        bar.getAttribute("aria-valuenow", { timeout: 1_000 }).catch(() => "30"),
      ),
    );
    return values.reduce((sum, v) => sum + Number(v), 0);
  };
  const start = await ready();
  expect(start).toBeLessThan(60);
  await expect.poll(ready, { timeout: 120_000 }).toBeGreaterThan(start);

  // Then the figures, and the changes against the previous period.
  const headline = page.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ });
  await expect(headline).toBeVisible({ timeout: 240_000 });
  await expect(panel).toHaveCount(0, { timeout: 240_000 });
  const [now, before] = await Promise.all([summaryOf(page, main), summaryOf(page, previous)]);
  const p50 = now.levels.find((l) => l.level === 0)!.stats.p50;
  const p50Before = before.levels.find((l) => l.level === 0)!.stats.p50;
  const change = formatChange(p50, p50Before, "duration", "lower-is-better");
  expect(change.text).not.toBeNull();
  await expect(headline.getByRole("definition").nth(1)).toContainText(formatDuration(p50));
  await expect(headline.getByRole("definition").nth(1)).toContainText(change.description);
  await expect(page.getByRole("link", { name: "Summary CSV" })).toHaveAttribute(
    "href",
    new RegExp(`from=${main.from}&to=${main.to}`),
  );
});
