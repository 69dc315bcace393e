import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { addBusinessDays } from "../lib/business-date/business-date";
import type { KitchenSummary, KitchenTargets } from "../lib/kitchen/contract/responses";
import { formatDuration } from "../lib/kitchen/present/format";
import type { StationsReport } from "../lib/stations/station-routing";
import { apiJson } from "./fixtures/api";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * A station's own target changed on the restaurant's Targets page, checked against the API in the
 * same session: saved from today, recorded in the history, listed by the Kitchen page among the
 * targets it uses and applied to today's figures, while yesterday's stay as they were judged. And
 * the expediter-only station's page says where its items are timed.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const targetsPath = `/api/restaurants/${harbor.guid}/kitchen/targets`;

// The sections and the filter panel fold until opened (issue 34); these checks read inside them.
test.beforeEach(async ({ page }) => openKitchenPanels(page));

test.setTimeout(240_000);

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** A range's summary once every date is in (a range holding today may answer 202 first). */
async function summaryOf(page: Page, query: string): Promise<KitchenSummary> {
  const path = `/api/restaurants/${harbor.guid}/kitchen/summary?${query}`;
  await expect
    .poll(async () => (await page.request.get(path)).status(), { timeout: 180_000, intervals: [1_000] })
    .toBe(200);
  return apiJson<KitchenSummary>(page, path);
}

test("a station target changed on the Targets page is the one the Kitchen page uses from today, and the past keeps its own", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/targets` });
  const editor = page.getByTestId("station-targets-editor");
  const input = editor.getByLabel(/^Grill · level 0 \(minutes\) · level's target/);
  await expect(input).toBeVisible({ timeout: 60_000 });
  const before = await apiJson<KitchenTargets>(page, targetsPath);
  expect(before.stations).toEqual([]);
  const levelTarget = before.targets[0]!.seconds;
  // Half the level's target: some of the Grill's records that were on time are late by it.
  const own = levelTarget / 2;
  const report = await apiJson<StationsReport>(page, `/api/restaurants/${harbor.guid}/stations`);
  const grill = report.stations.find((s) => s.name === "Grill")!.guid;
  const day = (date: string) => `from=${date}&to=${date}&metric=fire_to_fulfill&level=0`;
  const yesterdayQuery = day(addBusinessDays(before.businessDate, -1));
  const yesterday = await summaryOf(page, yesterdayQuery);
  const grillYesterday = yesterday.stations.find((s) => s.stationGuid === grill && s.level === 0)!;
  expect(grillYesterday.targetSeconds).toBe(levelTarget);
  try {
    // Saving with nothing changed sends nothing and says so.
    await editor.getByRole("button", { name: "Save station targets" }).click();
    await expect(editor.getByRole("alert")).toHaveText("No station target changed.");

    await input.fill(String(own / 60));
    await editor.getByRole("button", { name: "Save station targets" }).click();
    await expect(editor.getByRole("status")).toContainText(`Grill level 0 ${formatDuration(own)}`);
    // Focus stays in the editor, on the button that saved; the row now says it has its own target.
    await expect(editor.getByRole("button", { name: "Save station targets" })).toBeFocused();
    await expect(editor.getByLabel(/^Grill · level 0 \(minutes\) · own target since/)).toHaveValue(
      String(own / 60),
    );
    const saved = await apiJson<KitchenTargets>(page, targetsPath);
    expect(saved.stations).toEqual([
      { stationGuid: grill, level: 0, seconds: own, source: "own", effectiveFrom: saved.businessDate },
    ]);
    // The change is in the history: who, from what to what.
    const history = page.getByTestId("targets-history");
    await expect(history).toContainText("admin@kitchen.test");
    await expect(history).toContainText(formatDuration(own));
    await axeClean(page);

    // The Kitchen page, today: the targets in use list the Grill's own, with a link back here.
    await page.goto(`/restaurants/${harbor.guid}/kitchen?range=today&level=0`);
    const inUse = page.getByTestId("targets-in-use");
    await expect(inUse).toContainText(`Grill, level 0: ${formatDuration(own)} (own target since`, {
      timeout: 180_000,
    });
    await expect(inUse.getByRole("link", { name: "Change targets" })).toHaveAttribute(
      "href",
      `/restaurants/${harbor.guid}/targets`,
    );
    // No editor on the Kitchen page any more.
    await expect(page.getByTestId("station-targets-editor")).toHaveCount(0);
    // Today's figures hold the Grill to its own target; yesterday's keep the level's, as judged then.
    const today = await summaryOf(page, day(saved.businessDate));
    for (const s of today.stations.filter((x) => x.stationGuid === grill && x.level === 0))
      expect(s.targetSeconds).toBe(own);
    const yesterdayAfter = await summaryOf(page, yesterdayQuery);
    expect(JSON.stringify([yesterdayAfter.withinTarget, yesterdayAfter.stations])).toBe(
      JSON.stringify([yesterday.withinTarget, yesterday.stations]),
    );
  } finally {
    // Other specs share this server: from today no station keeps a target of its own.
    const restored = await page.request.put(targetsPath, {
      data: { stations: [{ stationGuid: grill, level: 0, seconds: null }] },
    });
    expect(restored.status()).toBe(200);
  }
});

test("an expediter-only station's Kitchen link explains that its items are timed at the expediter, and links there", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/stations` });
  const report = await apiJson<StationsReport>(page, `/api/restaurants/${harbor.guid}/stations`);
  const pastry = report.expediter.expoOnly[0]!;
  expect(pastry.name).toBe("Pastry");
  await page
    .getByRole("link", { name: `Kitchen times for ${pastry.name}` })
    .first()
    .click();
  const notice = page.getByTestId("expediter-station-notice");
  await expect(notice).toBeVisible({ timeout: 180_000 });
  await expect(notice).toContainText("Pastry's items are timed at the expediter");
  await expect(notice).toContainText("sends its tickets only to the expediter");
  await expect(page.getByText("Try a longer range")).toHaveCount(0);
  await axeClean(page);

  await notice.getByRole("link", { name: "See the expediter's times for these dates" }).click();
  await expect(page).toHaveURL(/[?&]level=1(&|$)/);
  await expect(page).not.toHaveURL(/[?&]station=/);
  await expect(page.getByTestId("headline-figures").getByRole("region", { name: /^Level 1/ })).toBeVisible({
    timeout: 180_000,
  });
});

test("pass wait and channel ticket targets are set by keyboard on the Targets page; a bad value is refused in words", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/targets` });
  const pass = page.getByTestId("pass-wait-targets-editor");
  const level1 = pass.getByLabel(/^Pass wait target, level 1 · .* \(minutes\) · default/);
  await expect(level1).toBeVisible({ timeout: 60_000 });
  const saved0 = await apiJson<KitchenTargets>(page, targetsPath);
  try {
    await level1.fill("1.5");
    await level1.press("Enter");
    await expect(pass.getByRole("status")).toContainText(`level 1 ${formatDuration(90)}`);
    const saved = await apiJson<KitchenTargets>(page, targetsPath);
    expect(saved.passWait[1]).toMatchObject({ seconds: 90, source: "own" });

    const channels = page.getByTestId("channel-targets-editor");
    const driveThru = channels.getByLabel(/^Ticket target, drive-thru \(minutes\) · default/);
    await driveThru.fill("0");
    await driveThru.press("Enter");
    await expect(channels.getByRole("alert")).toContainText("drive-thru: enter minutes between");
    await driveThru.fill("3");
    await driveThru.press("Enter");
    await expect(channels.getByRole("status")).toContainText(`drive-thru ${formatDuration(180)}`);
    expect((await apiJson<KitchenTargets>(page, targetsPath)).channels[0]).toMatchObject({
      channel: "drive-thru",
      seconds: 180,
      source: "own",
    });
    await axeClean(page);
  } finally {
    // Other specs share this server: back to the defaults from today (a save sends every row).
    const restored = await page.request.put(targetsPath, {
      data: {
        passWait: [0, 1, 2].map((level) => ({ level, seconds: null })),
        channels: saved0.channels.map((c) => ({ channel: c.channel, seconds: null })),
      },
    });
    expect(restored.status()).toBe(200);
  }
});
