import { expect, test, type APIRequestContext, type Download, type Page } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { csvTable } from "./fixtures/csv";
import { sandboxList } from "./fixtures/sandbox";

/**
 * Enum values the published contract does not list, as the real service sends once it adds
 * values. Northside Noodle Bar's world entry sets `futureEnumValues`, so the sandbox sends some.
 * Which values and where is read here from the sandbox's raw answers, compared with the lists
 * the contract publishes (written out below from the contract, not taken from the app); every
 * such value must render as itself on the Stations, Menu and Config pages and in their CSVs.
 */
const northside = restaurantNamed("Northside Noodle Bar");

// Published values (contract 2.6 and 2.8).
const PRINTING_MODES = ["ON", "OFFLINE_ONLY"];
const EXPO_ROUTINGS = ["SEND_TO_EXPO", "EXPO_ONLY", "SKIP_EXPO"];
const UNITS = ["NONE", "LB", "OZ", "KG", "G", "GAL", "L", "ML", "FL_OZ", "M", "CM", "FT", "IN", "YD"];
const ITEM_TYPES = ["NONE", "OPEN_ITEM", "SPECIAL_REQUEST", "PORTION"];
const DINING_BEHAVIORS = ["DINE_IN", "TAKE_OUT", "DELIVERY"];
const DISCOUNT_TYPES = ["PERCENT", "FIXED", "OPEN_PERCENT", "OPEN_FIXED", "BOGO", "FIXED_TOTAL"];

const unlisted = (value: unknown, published: string[]) =>
  typeof value === "string" && !published.includes(value);

type Raw = { guid: string; name: string; [field: string]: unknown };

const sandboxRaw = (request: APIRequestContext, path: string) =>
  sandboxList<Raw>(request, northside.guid, path);

async function csvRows(download: Download): Promise<Record<string, string>[]> {
  const [header, ...rows] = await csvTable(download);
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!])));
}

async function downloadCsv(page: Page, linkName: string): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  return csvRows(download);
}

test("the stations page and its CSV show a printing mode and an expediter routing the contract does not list", async ({
  page,
  request,
}) => {
  const stations = await sandboxRaw(request, "/kitchen/v1/published/prepStations");
  const newMode = stations.find((s) => unlisted(s.printingMode, PRINTING_MODES));
  const newRouting = stations.find((s) => unlisted(s.expoRouting, EXPO_ROUTINGS));
  expect(
    newMode && newRouting,
    "the sandbox sends an unlisted printingMode and expoRouting for Northside",
  ).toBeTruthy();
  const mode = newMode!.printingMode as string;
  const routing = newRouting!.expoRouting as string;

  await signIn(page, "admin@kitchen.test");
  const api = await page.request.get(`/api/restaurants/${northside.guid}/stations`);
  expect(api.status()).toBe(200);
  await page.goto(`/restaurants/${northside.guid}/stations`);
  await expect(page.getByRole("heading", { level: 1, name: "Prep stations" })).toBeVisible();

  await expect(page.locator(`#station-${newMode!.guid}`)).toContainText(`printing mode ${mode}`);
  await expect(
    page.getByRole("listitem").filter({ hasText: `Printing mode ${mode} from: ${newMode!.name}` }),
  ).toBeVisible();
  // includeWithExpediter places the station whose routing is unknown; the warning says so.
  const lane = newRouting!.includeWithExpediter ? /^Station and expediter/ : /^Station only/;
  await expect(
    page.getByRole("region", { name: lane }).getByRole("heading", { name: newRouting!.name }),
  ).toBeVisible();
  const warnings = page.getByRole("region", { name: /configuration warnings?$/ });
  await expect(warnings).toContainText(`expediter routing “${routing}” is not one this app knows`);
  await expect(warnings).toContainText(`printing mode “${mode}” is not one this app knows`);

  await expect(page.getByRole("row").filter({ hasText: newMode!.guid })).toContainText(mode);
  await expect(page.getByRole("row").filter({ hasText: newRouting!.guid })).toContainText(routing);

  const csv = await downloadCsv(page, "Download stations CSV");
  expect(csv.find((r) => r.station_guid === newMode!.guid)).toMatchObject({
    printing_mode: mode,
    printing: mode,
  });
  expect(csv.find((r) => r.station_guid === newRouting!.guid)).toMatchObject({
    expediter_routing: routing,
    expediter: routing,
  });
});

test("the menu page and its items CSV show an item type and a unit of measure the contract does not list", async ({
  page,
  request,
}) => {
  const items = await sandboxRaw(request, "/config/v2/menuItems");
  const item = items.find(
    (i) =>
      unlisted(i.type, ITEM_TYPES) && unlisted(i.unitOfMeasure, UNITS) && i.inheritUnitOfMeasure === false,
  );
  expect(
    item,
    "the sandbox sends an item with an unlisted type and its own unlisted unit for Northside",
  ).toBeDefined();
  const type = item!.type as string;
  const unit = item!.unitOfMeasure as string;

  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${northside.guid}/menu` });
  await page.getByLabel("Search items by name").fill(item!.name);
  await page
    .getByRole("list", { name: "Search results" })
    .getByRole("button")
    .filter({ hasText: item!.name })
    .first()
    .click();
  const detail = page.getByRole("region", { name: "Item details" });
  await expect(detail.getByRole("heading", { level: 2, name: item!.name })).toBeVisible();
  await expect(
    detail
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: /^Type$/ }) })
      .locator("dd"),
  ).toHaveText(type);
  await expect(
    detail
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: /^Unit of measure$/ }) })
      .locator("dd"),
  ).toHaveText(`${unit} set on the item`);

  const csv = await downloadCsv(page, "Download items CSV");
  const rows = csv.filter((r) => r.item_guid === item!.guid);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(row).toMatchObject({ type, unit_of_measure: unit, unit_source: "Own setting" });
});

for (const { resource, title, column, field, published } of [
  { resource: "menuItems", title: "Menu items", column: "Type", field: "type", published: ITEM_TYPES },
  {
    resource: "menuItems",
    title: "Menu items",
    column: "Unit of measure",
    field: "unitOfMeasure",
    published: UNITS,
  },
  {
    resource: "diningOptions",
    title: "Dining options",
    column: "Behavior",
    field: "behavior",
    published: DINING_BEHAVIORS,
  },
  { resource: "discounts", title: "Discounts", column: "Type", field: "type", published: DISCOUNT_TYPES },
]) {
  test(`the ${title.toLowerCase()} page and CSV show an unlisted ${field} as sent`, async ({
    page,
    request,
  }) => {
    const entity = (await sandboxRaw(request, `/config/v2/${resource}`)).find((e) =>
      unlisted(e[field], published),
    );
    expect(entity, `the sandbox sends an unlisted ${resource}.${field} for Northside`).toBeDefined();
    const value = entity![field] as string;

    await signIn(page, "admin@kitchen.test", {
      callbackUrl: `/restaurants/${northside.guid}/config/${resource}`,
    });
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const table = page.getByRole("table").first();
    await expect(table).toBeVisible();
    // The filter is offered only for longer lists; a short one shows every row anyway.
    if (await page.getByLabel("Find rows").count()) await page.getByLabel("Find rows").fill(entity!.guid);
    const headers = await table.getByRole("columnheader").allTextContents();
    const index = headers.findIndex((h) => h.replace(/[▲▼↕]/g, "").trim() === column);
    expect(index, `${column} column`).toBeGreaterThanOrEqual(0);
    const row = table.getByRole("row").filter({ hasText: entity!.guid });
    await expect(row.getByRole("cell").nth(index)).toHaveText(value);

    const csv = await downloadCsv(page, `Download ${title.toLowerCase()} CSV`);
    // The CSV's header is the column's label in snake_case ("Unit of measure" -> unit_of_measure).
    const csvColumn = column.toLowerCase().replace(/[^a-z0-9]+/g, "_");
    expect(csv.find((r) => r.guid === entity!.guid)?.[csvColumn]).toBe(value);
  });
}
