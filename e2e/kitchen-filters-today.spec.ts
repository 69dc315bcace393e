import { expect, test, type Page } from "@playwright/test";

import { clockTimeAt, formatClockTimeOfDay } from "../lib/business-date/business-clock";
import { addBusinessDays } from "../lib/business-date/business-date";
import { formatBusinessDate } from "../lib/business-date/format";
import type { KitchenSummary } from "../lib/kitchen/contract/responses";
import { formatChange, formatCount, formatDuration } from "../lib/kitchen/present/format";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * Today's like-for-like comparison, the menu-item picker and the outlier switch, against the
 * kitchen API in the same session: every expected figure is the API's answer to the query the
 * page made (or would make), never a hard-coded number.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(240_000);

/** The API's summary; a date still being fetched answers 202, asked again until it is in. */
async function summaryAt(page: Page, query: string): Promise<KitchenSummary> {
  let body: unknown;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/restaurants/${harbor.guid}/kitchen/summary?${query}`);
        body = await response.json();
        return response.status();
      },
      { message: query, timeout: 180_000 },
    )
    .toBe(200);
  return body as KitchenSummary;
}

/** The view's dates, as the page's own Summary CSV link carries them. */
async function viewDates(page: Page): Promise<{ from: string; to: string }> {
  const href = (await page.getByRole("link", { name: "Summary CSV" }).getAttribute("href")) ?? "";
  const q = new URL(href, "http://localhost").searchParams;
  return { from: q.get("from") ?? "", to: q.get("to") ?? "" };
}

const level0 = (page: Page) => page.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ });

/** Signs in to yesterday's Kitchen page and returns the summary query of its dates (fire to fulfill). */
async function openYesterday(page: Page): Promise<string> {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=yesterday`,
  });
  await expect(level0(page)).toBeVisible({ timeout: 180_000 });
  const dates = await viewDates(page);
  return `from=${dates.from}&to=${dates.to}&metric=fire_to_fulfill`;
}

test("today is compared with the same weekday last week up to the same time, or with yesterday, as the API answers that clip", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=today`,
  });
  // Right after the closeout today has no records yet: the comparison still shows, the figures do not.
  await expect(page.getByTestId("comparison-label")).toBeVisible({ timeout: 180_000 });
  const today = (await viewDates(page)).from;
  // The clip is the time today's figures were counted at, on the restaurant's clock. The server
  // render asks for the comparison itself (hydrated, so the browser need not ask): the clip is
  // read from the API's answer, not from a browser request.
  const main = await summaryAt(page, `from=${today}&to=${today}&metric=fire_to_fulfill`);
  expect(main.coverage.open.map((o) => o.date)).toEqual([today]);
  const until = clockTimeAt(Date.parse(main.coverage.open[0]!.refreshedAt!), harbor.timeZone);
  const weekBefore = addBusinessDays(today, -7);
  const asked = new URLSearchParams({ from: weekBefore, to: weekBefore, metric: "fire_to_fulfill", until });

  const time = formatClockTimeOfDay(until);
  await expect(page.getByTestId("comparison-label")).toHaveText(
    `Today until ${time} vs ${formatBusinessDate(weekBefore)} until ${time}`,
    { timeout: 180_000 },
  );
  // The change beside p90 is against the API's figures for last week's day, clipped the same way.
  const before = await summaryAt(page, asked.toString());
  expect(before.filters.until).toBe(until);
  const whole = await summaryAt(page, `from=${weekBefore}&to=${weekBefore}&metric=fire_to_fulfill`);
  // The clipped day is part of the whole one (none at all just after the closeout).
  expect(before.levels.find((l) => l.level === 0)?.stats.count ?? 0).toBeLessThanOrEqual(
    whole.levels.find((l) => l.level === 0)?.stats.count ?? 0,
  );
  if (main.levels.some((l) => l.level === 0 && l.stats.count > 0)) {
    // Items today as the page shows them; its change is against last week's clipped day.
    await expect(level0(page)).toBeVisible();
    const itemsNow = Number(
      (
        (await level0(page).getByRole("definition").nth(0).locator("span").first().textContent()) ?? ""
      ).replace(/,/g, ""),
    );
    const change = formatChange(
      itemsNow,
      before.levels.find((l) => l.level === 0)?.items,
      "count",
      "neutral",
    );
    await expect(level0(page).getByRole("definition").nth(0)).toContainText(change.text ?? "no data before");
  } else {
    // An empty Today is a day that has just started, not a range to lengthen (issue 34).
    await expect(page.getByText("No fulfillments yet today")).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);

  // Yesterday instead, up to the same time: a Back-able view change.
  const yesterdayAsked = page.waitForRequest((r) => {
    const q = new URL(r.url()).searchParams;
    return (
      r.url().includes("/kitchen/summary?") && q.has("until") && q.get("from") === addBusinessDays(today, -1)
    );
  });
  await page.getByLabel("Compare today with").selectOption({ label: "Yesterday" });
  await expect(page).toHaveURL(/[?&]vs=yesterday/);
  const y = new URL((await yesterdayAsked).url()).searchParams;
  const yTime = formatClockTimeOfDay(y.get("until")!);
  await expect(page.getByTestId("comparison-label")).toHaveText(
    `Today until ${yTime} vs ${formatBusinessDate(addBusinessDays(today, -1))} until ${yTime}`,
  );
  expect((await summaryAt(page, y.toString())).filters.until).toBe(y.get("until"));

  // "Updated" reads the restaurant's clock: the same hour as the restaurant's wall clock now.
  const updated = (await page.getByTestId("last-updated").textContent()) ?? "";
  const hourThere = new Date()
    .toLocaleTimeString("en-US", { hour: "numeric", timeZone: harbor.timeZone })
    .split(" ");
  const [, hour, , , suffix] = /^Updated (\d{1,2}):(\d{2}):(\d{2}) (AM|PM)/.exec(updated) ?? [];
  expect([hour, suffix]).toEqual(hourThere);
});

test("the item picker finds an item by typing, is chosen with the keyboard, and the figures are the API's for that item", async ({
  page,
}) => {
  const range = await openYesterday(page);
  const whole = await summaryAt(page, range);

  const picker = page.getByRole("combobox", { name: "Menu item" });
  const list = page.getByRole("listbox", { name: "Menu items" });
  await expect(picker).toHaveValue("All items");
  // An item sold at level 0 whose name the list shows once (a name can repeat across a menu).
  let chosen: { itemGuid: string | null; itemName: string | null } | undefined;
  for (const candidate of whole.items.filter((i) => i.level === 0 && i.itemName)) {
    await picker.fill(candidate.itemName!);
    await expect(page.getByRole("status").filter({ hasText: /items match/ })).toBeVisible({
      timeout: 60_000,
    });
    const names = await list
      .getByRole("option")
      .evaluateAll((nodes) => nodes.map((n) => n.querySelector("span")?.textContent));
    if (names.filter((n) => n === candidate.itemName).length === 1) {
      chosen = candidate;
      break;
    }
  }
  expect(chosen).toBeDefined();
  // Down from "All items" until the item is the active option, then Enter.
  for (let i = 0; i < 60; i++) {
    await picker.press("ArrowDown");
    const active = await picker.getAttribute("aria-activedescendant");
    if ((await page.locator(`[id="${active}"] span`).first().textContent()) === chosen!.itemName) break;
  }
  expect(await axeViolations(page)).toEqual([]);
  await picker.press("Enter");

  await expect(page).toHaveURL(new RegExp(`[?&]item=${encodeURIComponent(chosen!.itemGuid!)}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Kitchen times for ${chosen!.itemName}`, {
    timeout: 180_000,
  });
  await expect(picker).toHaveValue(chosen!.itemName!);
  const one = await summaryAt(page, `${range}&item=${encodeURIComponent(chosen!.itemGuid!)}`);
  const stats = one.levels.find((l) => l.level === 0)!.stats;
  await expect(level0(page).getByRole("definition").nth(0)).toContainText(
    `${formatCount(stats.count)} station fulfillments`,
  );
  await expect(level0(page).getByRole("definition").nth(2)).toContainText(formatDuration(stats.p90));

  // Escape leaves the choice as it was; "All items" from the keyboard clears it.
  await picker.focus();
  await picker.fill("zzzz-no-such-item");
  await picker.press("Escape");
  await expect(picker).toHaveValue(chosen!.itemName!);
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(page).not.toHaveURL(/[?&]item=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchen performance");
});

test("the outlier switch leaves out the records over N minutes, says how many, and the figures are the API's with maxMinutes", async ({
  page,
}) => {
  const range = await openYesterday(page);
  const toggle = page.getByRole("checkbox", { name: "Exclude items over" });
  const minutes = page.getByRole("spinbutton", { name: "Exclude items over, in minutes" });
  await expect(toggle).not.toBeChecked();
  await expect(page).not.toHaveURL(/maxMinutes/);

  await toggle.check();
  await expect(page).toHaveURL(/[?&]maxMinutes=60/);
  const at60 = await summaryAt(page, `${range}&maxMinutes=60`);
  await expect(page.getByTestId("outlier-notice")).toContainText(
    `Leaving out ${formatCount(at60.outliers!.removed)} records over 60 minutes`,
    { timeout: 60_000 },
  );
  await expect(level0(page).getByRole("definition").nth(2)).toContainText(
    formatDuration(at60.levels.find((l) => l.level === 0)!.stats.p90),
  );

  // A tighter cut, typed: it applies on Enter.
  await minutes.fill("12");
  await minutes.press("Enter");
  await expect(page).toHaveURL(/[?&]maxMinutes=12/);
  const at12 = await summaryAt(page, `${range}&maxMinutes=12`);
  expect(at12.outliers!.removed).toBeGreaterThan(at60.outliers!.removed);
  await expect(page.getByTestId("outlier-notice")).toContainText(
    `Leaving out ${formatCount(at12.outliers!.removed)} records over 12 minutes`,
    { timeout: 60_000 },
  );
  const l0 = at12.levels.find((l) => l.level === 0)!.stats;
  await expect(level0(page).getByRole("definition").nth(0)).toContainText(
    `${formatCount(l0.count)} station fulfillments`,
  );
  await expect(level0(page).getByRole("definition").nth(2)).toContainText(formatDuration(l0.p90));
  expect(await axeViolations(page)).toEqual([]);

  // The notice's "Count every record" turns the switch off.
  await page.getByTestId("outlier-notice").getByRole("button", { name: "Count every record" }).click();
  await expect(page).not.toHaveURL(/maxMinutes/);
  await expect(toggle).not.toBeChecked();
  await expect(minutes).toHaveValue("12");
});
