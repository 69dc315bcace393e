import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import type { KitchenSummary, KitchenTargets } from "../lib/kitchen/contract/responses";
import { formatCount, formatDuration, formatHour } from "../lib/kitchen/present/format";
import { heatStep } from "../lib/kitchen/present/heat-scale";
import type { StationsReport } from "../lib/stations/station-routing";
import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * A station's own target on the Kitchen page, checked against the API in the same session: its
 * late counts, tick (the table's target), heatmap colours and the headline's late count move
 * with it; "Reset to default" puts it back; keyboard focus stays in the editor. And the
 * expediter-only station's page says where its items are timed.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const targetsPath = `/api/restaurants/${harbor.guid}/kitchen/targets`;

test.setTimeout(240_000);

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

test("a station's own target moves its late counts, tick and colours as the API counts them, and resets", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=yesterday&level=0`,
  });
  const headline = page.getByTestId("headline-figures").getByRole("region", { name: /^Level 0/ });
  await expect(headline).toBeVisible({ timeout: 180_000 });
  const href = (await page.getByRole("link", { name: "Summary CSV" }).getAttribute("href")) ?? "";
  const range = new URL(href, "http://localhost").searchParams;
  const query = `from=${range.get("from")}&to=${range.get("to")}&metric=fire_to_fulfill&level=0`;
  const summaryPath = `/api/restaurants/${harbor.guid}/kitchen/summary?${query}`;
  const before = await api<KitchenSummary>(page, summaryPath);
  const levelTarget = before.withinTarget[0]!.targetSeconds;
  const grillBefore = before.stations.find((s) => s.stationName === "Grill" && s.level === 0)!;
  expect(grillBefore.targetSeconds).toBe(levelTarget);
  // Half the level's target: some of the Grill's records that were on time are now late.
  const own = levelTarget / 2;

  const editor = page.getByTestId("station-targets-editor");
  const input = editor.getByLabel(/^Grill · level 0 \(minutes\) · level's target/);
  await expect(input).toHaveValue(String(levelTarget / 60));
  try {
    // Saving with nothing changed sends nothing and says so.
    await editor.getByRole("button", { name: "Save station targets" }).click();
    await expect(editor.getByRole("alert")).toHaveText("No station target changed.");
    expect((await api<KitchenTargets>(page, targetsPath)).stations).toEqual([]);

    await input.fill(String(own / 60));
    await editor.getByRole("button", { name: "Save station targets" }).click();
    await expect(editor.getByRole("status")).toContainText(`Grill level 0 ${formatDuration(own)}`);
    // Focus stays in the editor, on the button that saved; the row now says it has its own target.
    await expect(editor.getByRole("button", { name: "Save station targets" })).toBeFocused();
    await expect(editor.getByLabel(/^Grill · level 0 \(minutes\) · own target/)).toHaveValue(
      String(own / 60),
    );

    const saved = await api<KitchenTargets>(page, targetsPath);
    expect(saved.stations).toEqual([{ stationGuid: grillBefore.stationGuid, level: 0, seconds: own }]);
    const after = await api<KitchenSummary>(page, summaryPath);
    const grill = after.stations.find((s) => s.stationGuid === grillBefore.stationGuid && s.level === 0)!;
    expect(grill.targetSeconds).toBe(own);
    expect(grill.late).toBeGreaterThan(grillBefore.late);
    // Only the Grill moved: the level's late count grew by exactly the Grill's.
    expect(after.withinTarget[0]!.late - before.withinTarget[0]!.late).toBe(grill.late - grillBefore.late);

    // The headline's late count and on-time share are the API's.
    await expect(headline.getByRole("definition").nth(4)).toContainText(
      formatCount(after.withinTarget[0]!.late),
    );
    await expect(headline.getByRole("definition").nth(4)).toContainText(
      `${formatCount(after.withinTarget[0]!.veryLate)} very late`,
    );
    await expect(headline.getByRole("definition").nth(3)).toContainText(
      `${((after.withinTarget[0]!.share ?? 0) * 100).toFixed(1)}%`,
    );

    // The station chart: a note, and in its table the Grill's own target (its tick) and late counts.
    const chart = page.getByTestId("station-chart");
    await expect(chart.getByTestId("own-targets-note")).toHaveText(
      "One station has a target of its own: its tick and late counts use it.",
    );
    await chart.getByRole("button", { name: "Show table" }).click();
    const row = chart
      .getByRole("table")
      .locator("tbody tr", { has: page.getByRole("cell", { name: "Grill", exact: true }) });
    const headers = await chart.getByRole("table").locator("thead th").allTextContents();
    const cell = (header: string) =>
      row.getByRole("cell").nth(headers.findIndex((h) => h.startsWith(header)));
    await expect(cell("Target")).toHaveText(formatDuration(own));
    await expect(cell("Late")).toHaveText(formatCount(grill.late));
    await expect(cell("Very late")).toHaveText(formatCount(grill.veryLate));

    // Heatmap: a Grill cell is coloured against the Grill's own target.
    const hourRow = after.hourStations.find(
      (h) =>
        h.stationGuid === grill.stationGuid &&
        h.level === 0 &&
        heatStep(h.stats.p90!, own) !== heatStep(h.stats.p90!, levelTarget),
    )!;
    const heatCell = page.locator(`td[title^="Grill, ${formatHour(hourRow.hour)}: p90"]`);
    await expect(heatCell).toHaveCSS("background-color", rgb(heatStep(hourRow.stats.p90!, own).background));

    await axeClean(page);
    // And on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await axeClean(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Reset to default: the row follows its level again, focus goes to its input, the figures are the level's.
    await editor.getByRole("button", { name: "Reset to default (Grill, level 0)" }).click();
    await expect(editor.getByLabel(/^Grill · level 0 \(minutes\) · level's target/)).toHaveValue(
      String(levelTarget / 60),
    );
    await expect(editor.getByLabel(/^Grill · level 0/)).toBeFocused();
    await expect(editor.getByRole("button", { name: "Reset to default (Grill, level 0)" })).toHaveCount(0);
    expect((await api<KitchenTargets>(page, targetsPath)).stations).toEqual([]);
    await expect(cell("Target")).toHaveText(formatDuration(levelTarget));
    await expect(cell("Late")).toHaveText(formatCount(grillBefore.late));
    await expect(heatCell).toHaveCSS(
      "background-color",
      rgb(heatStep(hourRow.stats.p90!, levelTarget).background),
    );
    await expect(chart.getByTestId("own-targets-note")).toHaveCount(0);
  } finally {
    // Other specs share this server: no station keeps a target of its own.
    const restored = await page.request.put(targetsPath, {
      data: { stations: [{ stationGuid: grillBefore.stationGuid, level: 0, seconds: null }] },
    });
    expect(restored.status()).toBe(200);
  }
});

test("an expediter-only station's Kitchen link explains that its items are timed at the expediter, and links there", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/stations` });
  const report = await api<StationsReport>(page, `/api/restaurants/${harbor.guid}/stations`);
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
