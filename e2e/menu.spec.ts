import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { csvTable } from "./fixtures/csv";
import { sandboxPages, sandboxToken } from "./fixtures/sandbox";

/**
 * The menu page on Harbor Street Kitchen's 5,000-item menu. What the page must show is worked
 * out here from the sandbox's raw menu lists with a small independent resolver of the
 * contract's inheritance rules (2.8), not with the app's code.
 */
type Ref = { guid: string };
interface RawMenu {
  guid: string;
  name: string;
  groups: Ref[];
  unitOfMeasure?: string | null;
}
interface RawGroup {
  guid: string;
  name: string;
  subgroups: Ref[] | null;
  items: Ref[] | null;
  optionGroups: Ref[] | null;
  inheritOptionGroups: boolean | null;
  unitOfMeasure: string | null;
  inheritUnitOfMeasure: boolean | null;
}
interface RawItem {
  guid: string;
  name: string;
  optionGroups: Ref[] | null;
  inheritOptionGroups: boolean | null;
  unitOfMeasure: string | null;
  inheritUnitOfMeasure: boolean | null;
}
interface Placement {
  menu: RawMenu;
  path: RawGroup[];
  item: RawItem;
}

const harbor = restaurantNamed("Harbor Street Kitchen");
const shots = join(__dirname, ".screenshots");

async function sandboxLists(
  request: APIRequestContext,
  restaurantGuid: string,
  resources: string[],
): Promise<unknown[][]> {
  const token = await sandboxToken(request);
  return Promise.all(
    resources.map((resource) => sandboxPages(request, token, restaurantGuid, `/config/v2/${resource}`)),
  );
}

async function rawMenu(request: APIRequestContext) {
  const [menus, groups, items, optionGroups] = (await sandboxLists(request, harbor.guid, [
    "menus",
    "menuGroups",
    "menuItems",
    "menuOptionGroups",
  ])) as [RawMenu[], RawGroup[], RawItem[], { guid: string; name: string }[]];
  const groupBy = new Map(groups.map((g) => [g.guid, g]));
  const itemBy = new Map(items.map((i) => [i.guid, i]));
  const placements: Placement[] = [];
  const walk = (menu: RawMenu, path: RawGroup[]) => {
    const group = path.at(-1)!;
    for (const ref of group.items ?? []) {
      const item = itemBy.get(ref.guid);
      if (item) placements.push({ menu, path, item });
    }
    for (const ref of group.subgroups ?? []) {
      const child = groupBy.get(ref.guid);
      if (child && !path.includes(child)) walk(menu, [...path, child]);
    }
  };
  for (const menu of menus)
    for (const ref of menu.groups) if (groupBy.has(ref.guid)) walk(menu, [groupBy.get(ref.guid)!]);
  return { placements, optionGroupName: new Map(optionGroups.map((g) => [g.guid, g.name])) };
}

/** Own groups, then each ancestor's while the chain inherits: [guid, where it comes from]. */
function effectiveGroups(p: Placement): [string, RawGroup | null][] {
  const out: [string, RawGroup | null][] = (p.item.optionGroups ?? []).map((r) => [r.guid, null]);
  if (!p.item.inheritOptionGroups) return out;
  for (const group of [...p.path].reverse()) {
    for (const r of group.optionGroups ?? []) if (!out.some(([g]) => g === r.guid)) out.push([r.guid, group]);
    if (!group.inheritOptionGroups) break;
  }
  return out;
}

function effectiveUnit(p: Placement): { unit: string; from: string } {
  if (!p.item.inheritUnitOfMeasure) return { unit: p.item.unitOfMeasure ?? "NONE", from: "item" };
  for (const group of [...p.path].reverse()) {
    if (!group.inheritUnitOfMeasure)
      return { unit: group.unitOfMeasure ?? "NONE", from: `group ${group.name}` };
  }
  return { unit: p.menu.unitOfMeasure ?? "NONE", from: `menu ${p.menu.name}` };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens a tree node by its name and returns the list it reveals. */
async function openNode(page: Page, scope: Locator, name: string): Promise<Locator> {
  const button = scope.getByRole("button", { name: new RegExp(`^${escape(name)} [\\d,]+ items?$`) }).first();
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const id = (await button.getAttribute("aria-controls"))!;
  return page.locator(`[id="${id}"]`);
}

/** Opens the item of a placement through its menu and groups and waits for its details. */
async function openItem(page: Page, p: Placement): Promise<void> {
  let scope = await openNode(page, page.getByRole("list", { name: "Menus" }), p.menu.name);
  for (const group of p.path) scope = await openNode(page, scope, group.name);
  await scope.getByRole("button", { name: p.item.name, exact: true }).click();
  await expect(
    page.getByRole("region", { name: "Item details" }).getByRole("heading", { level: 2 }),
  ).toBeVisible();
}

test("opens a group three levels deep and shows an item's inherited modifier group and effective unit of measure", async ({
  page,
  request,
}) => {
  const { placements, optionGroupName } = await rawMenu(request);
  const target = placements.find((p) => {
    const unit = effectiveUnit(p);
    return (
      p.path.length === 3 &&
      effectiveGroups(p).some(([, from]) => from !== null) &&
      unit.from !== "item" &&
      unit.unit !== "NONE"
    );
  });
  expect(target, "the sandbox menu has an item three levels deep that inherits both").toBeDefined();
  const p = target!;
  const [inheritedGuid, inheritedFrom] = effectiveGroups(p).find(([, from]) => from !== null)!;
  const unit = effectiveUnit(p);

  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/menu` });
  const tree = page.getByRole("list", { name: "Menus" });
  await expect(tree).toBeVisible();
  // Collapsed by default: no item is rendered until a group is opened.
  await expect(page.locator("button[aria-pressed]")).toHaveCount(0);

  let scope = await openNode(page, tree, p.menu.name);
  for (const group of p.path) scope = await openNode(page, scope, group.name);
  await scope.getByRole("button", { name: p.item.name, exact: true }).click();

  const detail = page.getByRole("region", { name: "Item details" });
  await expect(detail.getByRole("heading", { level: 2, name: p.item.name })).toBeVisible();
  await expect(detail).toContainText([p.menu.name, ...p.path.map((g) => g.name)].join(" > "));
  const groupCard = detail
    .getByRole("listitem")
    .filter({ hasText: optionGroupName.get(inheritedGuid)! })
    .first();
  await expect(groupCard).toContainText(`Inherited from group ${inheritedFrom!.name}`);
  await expect(groupCard).toContainText(/minimum \d+|minimum not set/);
  const unitFact = detail.locator("dd").filter({ hasText: `(${unit.unit.toLowerCase().replace("_", " ")})` });
  await expect(unitFact).toContainText(`inherited from ${unit.from}`);
  await expect(detail.getByRole("link", { name: `Kitchen times for ${p.item.name}` })).toHaveAttribute(
    "href",
    `/restaurants/${harbor.guid}/kitchen?item=${p.item.guid}`,
  );
});

test("search finds an item by part of its name, case-insensitively", async ({ page, request }) => {
  const { placements } = await rawMenu(request);
  const p = placements[Math.floor(placements.length / 2)]!;
  const sameName = placements.filter((q) => q.item.name === p.item.name).length;
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/menu` });
  await page.getByLabel("Search items by name").fill(p.item.name.toUpperCase());
  const results = page.getByRole("list", { name: "Search results" });
  const hit = results
    .getByRole("button")
    .filter({ hasText: [p.menu.name, ...p.path.map((g) => g.name)].join(" > ") })
    .filter({ hasText: p.item.name });
  await expect(hit.first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /match/ })).toContainText(
    sameName === 1 ? "1 match" : /matches/,
  );
  await hit.first().click();
  await expect(
    page.getByRole("region", { name: "Item details" }).getByRole("heading", { level: 2, name: p.item.name }),
  ).toBeVisible();
});

test("the items CSV has one row per placement with its full path", async ({ page, request }) => {
  const { placements } = await rawMenu(request);
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/menu` });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download items CSV" }).click(),
  ]);
  const rows = await csvTable(download);
  expect(rows[0]![0]).toBe("path");
  expect(rows.length - 1).toBe(placements.length);
  const sample = placements[7]!;
  const path = [sample.menu.name, ...sample.path.map((g) => g.name), sample.item.name].join(" > ");
  // A spreadsheet-safe CSV prefixes names starting with = + - @ with an apostrophe.
  expect(rows.some((r) => r[0] === path || r[0] === `'${path}`)).toBe(true);
});

test("the menu page has no accessibility violation with an item open and while searching", async ({
  page,
  request,
}) => {
  const { placements } = await rawMenu(request);
  const p = placements.find((q) => q.path.length === 3)!;
  await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/menu` });
  await openItem(page, p);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Search items by name").fill("a");
  await expect(page.getByRole("list", { name: "Search results" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

for (const size of [
  { name: "1440x900", width: 1440, height: 900 },
  { name: "390x844", width: 390, height: 844 },
]) {
  test(`menu page at ${size.name} with an item open does not scroll sideways`, async ({ page, request }) => {
    mkdirSync(shots, { recursive: true });
    const { placements } = await rawMenu(request);
    const p = placements.find((q) => q.path.length === 3)!;
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, "admin@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/menu` });
    await openItem(page, p);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, `menu-${size.name}.png`), fullPage: true });
  });
}
