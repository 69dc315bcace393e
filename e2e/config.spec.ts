import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { csvTable } from "./fixtures/csv";
import { sandboxPages, sandboxToken } from "./fixtures/sandbox";

/**
 * The configuration explorer on Harbor Street Kitchen: every resource opens, its CSV matches
 * the API's columns and rows, and the rows are every object the sandbox holds (all pages).
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const shots = join(__dirname, ".screenshots");

const RESOURCES = [
  ["alternatePaymentTypes", "Alternate payment types"],
  ["breakTypes", "Break types"],
  ["cashDrawers", "Cash drawers"],
  ["diningOptions", "Dining options"],
  ["discounts", "Discounts"],
  ["menuGroups", "Menu groups"],
  ["menuItems", "Menu items"],
  ["menuOptionGroups", "Modifier groups"],
  ["menus", "Menus"],
  ["preModifiers", "Pre-modifiers"],
  ["preModifierGroups", "Pre-modifier groups"],
  ["noSaleReasons", "No-sale reasons"],
  ["payoutReasons", "Payout reasons"],
  ["priceGroups", "Price groups"],
  ["printers", "Printers"],
  ["salesCategories", "Sales categories"],
  ["serviceAreas", "Service areas"],
  ["serviceCharges", "Service charges"],
  ["revenueCenters", "Revenue centers"],
  ["restaurantServices", "Restaurant services"],
  ["tables", "Tables"],
  ["taxRates", "Tax rates"],
  ["voidReasons", "Void reasons"],
  ["tipWithholding", "Tip withholding"],
] as const;

interface ApiTable {
  columns: { key: string; label: string }[];
  rows: { guid: string }[];
}

async function sandboxGuids(
  request: APIRequestContext,
  token: string,
  resource: string,
): Promise<{ guid: string; [k: string]: unknown }[]> {
  if (resource === "tipWithholding") {
    // A single object, not a paged list.
    const headers = {
      Authorization: `Bearer ${token}`,
      "Platform-Restaurant-External-ID": harbor.guid,
      Connection: "close",
    };
    return [
      (await (await request.get("/sandbox/config/v2/tipWithholding", { headers })).json()) as {
        guid: string;
      },
    ];
  }
  return sandboxPages(request, token, harbor.guid, `/config/v2/${resource}`);
}

test("every configuration resource opens and downloads a CSV matching the API and every object of the sandbox", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await sandboxToken(request);
  await signIn(page, "admin@kitchen.test");
  for (const [resource, title] of RESOURCES) {
    await page.goto(`/restaurants/${harbor.guid}/config/${resource}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const link = page.getByRole("link", { name: `Download ${title.toLowerCase()} CSV` });
    await expect(link).toBeVisible({ timeout: 30_000 });

    const api = (await (
      await page.request.get(`/api/restaurants/${harbor.guid}/config/${resource}`, {
        headers: { Connection: "close" },
      })
    ).json()) as ApiTable;
    const raw = await sandboxGuids(request, token, resource);
    expect(api.rows.map((r) => r.guid).sort(), `${resource}: the API lists every object`).toEqual(
      raw.map((r) => r.guid).sort(),
    );

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const rows = await csvTable(download);
    // The CSVs' one header style: each label in snake_case ("Last modified" -> last_modified).
    const snake = (label: string) =>
      label
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_+|_+$/g, "");
    expect(rows[0], `${resource}: CSV header`).toEqual(api.columns.map((c) => snake(c.label)));
    expect(rows.length - 1, `${resource}: CSV rows`).toBe(api.rows.length);
    const guidColumn = rows[0]!.indexOf("guid");
    expect(
      rows
        .slice(1)
        .map((r) => r[guidColumn])
        .sort(),
    ).toEqual(raw.map((r) => r.guid).sort());
  }
});

test("the index counts every resource and links to it", async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await sandboxToken(request);
  const tables = await sandboxGuids(request, token, "tables");
  const items = await sandboxGuids(request, token, "menuItems");
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/config` });
  // Every list is read for the counts, from a cold store on a busy machine.
  await expect(page.getByRole("status").filter({ hasText: "Counting configuration" })).toHaveCount(0, {
    timeout: 120_000,
  });
  await expect(page.getByRole("link", { name: /^Tables/ })).toContainText(String(tables.length));
  await expect(page.getByRole("link", { name: /^Menu items/ })).toContainText(
    items.length.toLocaleString("en-US"),
  );
  for (const [, title] of RESOURCES)
    await expect(page.getByRole("link", { name: new RegExp(`^${title}`) })).toBeVisible();
  await page.getByRole("link", { name: /^Tax rates/ }).click();
  await expect(page).toHaveURL(new RegExp(`/restaurants/${harbor.guid}/config/taxRates$`));
});

test("references resolve to names and rates read as percentages", async ({ page, request }) => {
  const token = await sandboxToken(request);
  const tables = await sandboxGuids(request, token, "tables");
  const areas = await sandboxGuids(request, token, "serviceAreas");
  const centers = await sandboxGuids(request, token, "revenueCenters");
  const taxes = await sandboxGuids(request, token, "taxRates");
  const table = tables.find((t) => (t.serviceArea as { guid?: string } | null)?.guid)!;
  const area = areas.find((a) => a.guid === (table.serviceArea as { guid: string }).guid)!;
  const areaWithCenter = areas.find((a) => (a.revenueCenter as { guid?: string } | null)?.guid)!;
  const center = centers.find((c) => c.guid === (areaWithCenter.revenueCenter as { guid: string }).guid)!;
  const percentTax = taxes.find(
    (t) => t.type === "PERCENT" && typeof t.rate === "number" && (t.rate as number) > 0,
  )!;

  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/config/tables` });
  await page.getByLabel("Find rows").fill(table.guid);
  const tableRow = page.getByRole("row").filter({ hasText: table.guid });
  await expect(tableRow).toContainText(area.name as string);

  await page.goto(`/restaurants/${harbor.guid}/config/serviceAreas`);
  await expect(page.getByRole("row").filter({ hasText: areaWithCenter.guid })).toContainText(
    center.name as string,
  );

  await page.goto(`/restaurants/${harbor.guid}/config/taxRates`);
  const percent = `${Number(((percentTax.rate as number) * 100).toFixed(4))}%`;
  await expect(page.getByRole("row").filter({ hasText: percentTax.guid })).toContainText(percent);
});

test("the lastModified filter travels in the URL, and a malformed one is refused with 400", async ({
  page,
}) => {
  await signIn(page, "admin@kitchen.test");
  const bad = await page.request.get(
    `/api/restaurants/${harbor.guid}/config/taxRates?lastModified=yesterday`,
  );
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_last_modified");
  const good = await page.request.get(
    `/api/restaurants/${harbor.guid}/config/taxRates?lastModified=${encodeURIComponent("2000-01-01T00:00:00.000Z")}`,
  );
  expect(good.status()).toBe(200);

  await page.goto(`/restaurants/${harbor.guid}/config/discounts`);
  await expect(page.getByRole("link", { name: "Download discounts CSV" })).toBeVisible();
  await page.getByLabel("Changed after").fill("2999-01-01T09:30");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/lastModified=2999-01-01T\d\d%3A30%3A00.000Z/);
  await expect(page.getByText("No discounts changed after that time")).toBeVisible();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("link", { name: "Download discounts CSV" })).toBeVisible();

  await page.goto(`/restaurants/${harbor.guid}/config/discounts?lastModified=not-a-date`);
  await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toContainText(
    "lastModified must be an ISO-8601 date-time",
  );
});

test("an unknown resource is a 404, for the page and the API", async ({ page }) => {
  await signIn(page, "admin@kitchen.test");
  const response = await page.goto(`/restaurants/${harbor.guid}/config/employees`);
  expect(response?.status()).toBe(404);
  const api = await page.request.get(`/api/restaurants/${harbor.guid}/config/employees`);
  expect(api.status()).toBe(404);
});

test("the configuration pages have no accessibility violation", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/config` });
  await expect(page.getByRole("status").filter({ hasText: "Counting configuration" })).toHaveCount(0, {
    timeout: 120_000,
  });
  expect(await axeViolations(page)).toEqual([]);
  for (const resource of ["serviceCharges", "taxRates", "discounts", "menuGroups"]) {
    await page.goto(`/restaurants/${harbor.guid}/config/${resource}`);
    await expect(page.getByRole("table").first()).toBeVisible({ timeout: 60_000 });
    expect(await axeViolations(page), resource).toEqual([]);
  }
});

for (const size of [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
]) {
  test(`configuration pages at ${size.name} do not scroll sideways`, async ({ page }) => {
    test.setTimeout(180_000);
    mkdirSync(shots, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, "admin@kitchen.test");
    for (const path of ["config", "config/serviceCharges"]) {
      await page.goto(`/restaurants/${harbor.guid}/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 60_000 });
      await expect(page.getByRole("status").filter({ hasText: "Counting configuration" })).toHaveCount(0, {
        timeout: 120_000,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(shots, `${path.replace("/", "-")}-${size.name}.png`),
        fullPage: true,
      });
    }
  });
}
