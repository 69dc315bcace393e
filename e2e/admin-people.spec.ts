import { expect, test } from "@playwright/test";

import { restaurantNamed, signIn, type DemoEmail } from "./fixtures/auth";
import { restaurantList } from "./fixtures/restaurant-list";

const areaRestaurants = [restaurantNamed("Lakeside Diner"), restaurantNamed("Northside Noodle Bar")];

test("an owner makes a manager for one area, who sees exactly its restaurants until deactivated", async ({
  page,
  browser,
}) => {
  // Two people's first Overviews each start kitchen fetches from the embedded sandbox.
  test.setTimeout(180_000);
  // Names of this run: the suite's store outlives a run started again on the same data directory.
  const run = Date.now().toString(36);
  const email = `gm-${run}@kitchen.test`;
  const password = "the manager's own password";
  const areaName = `North ${run}`;

  await signIn(page, "admin@kitchen.test");
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();

  // An area of two restaurants.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Areas" }).click();
  const addArea = page.getByRole("region", { name: "Add an area" });
  await addArea.getByLabel("Name").fill(areaName);
  for (const r of areaRestaurants) await addArea.getByRole("checkbox", { name: r.name }).check();
  await addArea.getByRole("button", { name: "Add area" }).click();
  await expect(page.getByRole("heading", { level: 3, name: areaName })).toBeVisible();

  // A manager of that area, with a password.
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "People" })
    .click();
  const addPerson = page.getByRole("region", { name: "Add a person" });
  await addPerson.getByLabel("E-mail").fill(email);
  await addPerson.getByLabel("Name (optional)").fill("Gale Manager");
  await addPerson.getByLabel("Role").selectOption({ label: "Manager" });
  await addPerson.getByLabel(/^Password/).fill(password);
  await addPerson.getByRole("checkbox", { name: areaName }).check();
  await addPerson.getByRole("button", { name: "Add person" }).click();
  await expect(addPerson.getByRole("status")).toHaveText(`${email} was added as manager.`);

  // The manager, in a browser of their own, sees exactly the area's restaurants and no admin.
  const managerContext = await browser.newContext();
  try {
    const manager = await managerContext.newPage();
    await signIn(manager, email as DemoEmail, { password, timeout: 90_000 });
    const rows = (await restaurantList(manager)).locator("tbody tr");
    await expect(rows).toHaveCount(areaRestaurants.length);
    const names = (await rows.locator("td:first-child").allInnerTexts()).map((n) => n.trim());
    expect(names.sort()).toEqual(areaRestaurants.map((r) => r.name).sort());
    const api = (await (await manager.request.get("/api/restaurants")).json()) as {
      restaurants: { guid: string }[];
    };
    expect(api.restaurants.map((r) => r.guid).sort()).toEqual(areaRestaurants.map((r) => r.guid).sort());
    await expect(manager.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    expect((await manager.request.get("/api/admin/people")).status()).toBe(403);

    // Deactivated by the owner: the manager's very next request is signed out.
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: `Deactivate ${email}` }).click();
    await expect(row.getByRole("cell", { name: "Deactivated" })).toBeVisible();
    expect((await manager.request.get("/api/restaurants")).status()).toBe(401);
    await manager.reload();
    await expect(manager).toHaveURL(/\/sign-in/);
  } finally {
    await managerContext.close();
  }

  // The audit log names both changes.
  await page.goto("/admin/audit");
  await expect(page.getByRole("cell", { name: "person.deactivate" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "area.create" }).first()).toBeVisible();
});
