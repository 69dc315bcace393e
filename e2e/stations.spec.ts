import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { csvTable } from "./fixtures/csv";
import { sandboxList } from "./fixtures/sandbox";

/**
 * The stations page against the sandbox. Expectations come from the sandbox's raw prep stations
 * and printers (read over HTTP with the partner client, as the Platform would answer), never
 * from the app's own code.
 */
interface RawStation {
  guid: string;
  name: string;
  printingMode: "ON" | "OFFLINE_ONLY";
  expoRouting: "SEND_TO_EXPO" | "EXPO_ONLY" | "SKIP_EXPO";
  includeWithExpediter: boolean;
  kitchenPrinter: { guid: string } | null;
  connectedPrepStations: { guid: string }[];
}

const harbor = restaurantNamed("Harbor Street Kitchen");
const shots = join(__dirname, ".screenshots");

test("the stations page explains an OFFLINE_ONLY and an EXPO_ONLY station and warns about the configuration", async ({
  page,
  request,
}) => {
  const stations = await sandboxList<RawStation>(request, harbor.guid, "/kitchen/v1/published/prepStations");
  const printers = await sandboxList<{ guid: string; name: string }>(
    request,
    harbor.guid,
    "/config/v2/printers",
  );
  const offline = stations.find(
    (s) => s.printingMode === "OFFLINE_ONLY" && s.expoRouting !== "EXPO_ONLY" && s.kitchenPrinter,
  )!;
  const expoOnly = stations.find((s) => s.expoRouting === "EXPO_ONLY")!;
  // includeWithExpediter true means "reaches the expediter", which SKIP_EXPO denies and the others affirm.
  const contradicting = stations.find((s) => (s.expoRouting !== "SKIP_EXPO") !== s.includeWithExpediter)!;
  const known = new Set(stations.map((s) => s.guid));
  const dangling = stations.find((s) => s.connectedPrepStations.some((c) => !known.has(c.guid)))!;
  expect(
    [offline, expoOnly, contradicting, dangling].every(Boolean),
    "the sandbox has each kind of station",
  ).toBe(true);
  const offlinePrinter = printers.find((p) => p.guid === offline.kitchenPrinter!.guid)!;

  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/stations` });
  await expect(page.getByRole("heading", { level: 1, name: "Prep stations" })).toBeVisible();

  const offlineCard = page.locator(`#station-${offline.guid}`);
  await expect(offlineCard.getByRole("heading", { name: offline.name })).toBeVisible();
  await expect(offlineCard).toContainText(
    `Prints at ${offlinePrinter.name}: only when its display is offline`,
  );
  await expect(offlineCard.getByRole("link", { name: `Kitchen times for ${offline.name}` })).toHaveAttribute(
    "href",
    `/restaurants/${harbor.guid}/kitchen?station=${offline.guid}`,
  );

  const expoLane = page.getByRole("region", { name: /^Expediter only/ });
  await expect(expoLane).toContainText("Tickets go only to the expediter");
  await expect(expoLane.getByRole("heading", { name: expoOnly.name })).toBeVisible();
  await expect(page.locator(`#station-${expoOnly.guid}`)).toContainText("Does not print at the station");
  // Its items are timed at the expediter: the link says so and opens level 1, not a station filter that never matches.
  await expect(page.locator(`#station-${expoOnly.guid}`)).toContainText(
    "Its items are timed at the expediter",
  );
  await expect(
    page.locator(`#station-${expoOnly.guid}`).getByRole("link", { name: /Expediter kitchen times/ }),
  ).toHaveAttribute("href", `/restaurants/${harbor.guid}/kitchen?level=1`);

  // The expediter screens (Harbor has two levels of expo) have their own lane, never "station only".
  const expediters = stations.filter((s) => s.name === "Expo" || s.name === "Expo 2");
  expect(expediters).toHaveLength(2);
  const expediterLane = page.getByRole("region", { name: /^Expediters/ });
  const skipLane = page.getByRole("region", { name: /^Station only/ });
  for (const e of expediters) {
    await expect(expediterLane.getByRole("heading", { name: e.name, exact: true })).toBeVisible();
    await expect(skipLane.getByRole("heading", { name: e.name, exact: true })).toHaveCount(0);
  }

  const expoRow = page.getByRole("row").filter({ hasText: expoOnly.guid });
  await expect(expoRow).toContainText("Expediter only");
  const offlineRow = page.getByRole("row").filter({ hasText: offline.guid });
  await expect(offlineRow).toContainText("Prints only when the display is offline");
  await expect(offlineRow).toContainText(offlinePrinter.name);

  const warnings = page.getByRole("region", { name: /configuration warnings?$/ });
  await expect(warnings).toContainText("Expediter settings contradict each other");
  await expect(warnings).toContainText(contradicting.name);
  await expect(warnings).toContainText("Connected station not found");
  await expect(warnings).toContainText(dangling.connectedPrepStations.find((c) => !known.has(c.guid))!.guid);
  await expect(page.locator(`#station-${contradicting.guid}`)).toContainText("1 warning");

  // The text equivalent of the routing picture.
  await page.getByText("Read the routing as sentences").click();
  await expect(page.getByRole("group").filter({ hasText: "Read the routing as sentences" })).toContainText(
    `${expoOnly.name} sends its tickets only to the expediter`,
  );
});

test("the stations CSV has one row per prep station", async ({ page, request }) => {
  const stations = await sandboxList<RawStation>(request, harbor.guid, "/kitchen/v1/published/prepStations");
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/stations` });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download stations CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("harbor-street-kitchen_prep-stations.csv");
  const rows = await csvTable(download);
  expect(rows[0]!.slice(0, 3)).toEqual(["station", "station_guid", "printer"]);
  expect(
    rows
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual(stations.map((s) => s.guid).sort());
});

test("the stations API answers 401 without a session and 404 for a restaurant the account may not see", async ({
  page,
  request,
}) => {
  const noSession = await request.get(`/api/restaurants/${harbor.guid}/stations`);
  expect(noSession.status()).toBe(401);
  await signIn(page, "ben@kitchen.test");
  const foreign = await page.request.get(`/api/restaurants/${harbor.guid}/stations`);
  expect(foreign.status()).toBe(404);
  expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("not_found");
});

test("the stations page has no accessibility violation, sentences open", async ({ page }) => {
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/stations` });
  await page.getByText("Read the routing as sentences").click();
  await expect(page.getByRole("table")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

for (const size of [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
]) {
  test(`stations page at ${size.name} does not scroll sideways`, async ({ page }) => {
    mkdirSync(shots, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/stations` });
    await expect(page.getByRole("region", { name: "Routing" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `stations-${size.name}.png`), fullPage: true });
  });
}
