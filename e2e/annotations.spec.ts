import { expect, test } from "@playwright/test";

import type { AnnotationsResponse } from "../lib/annotations/annotations-contract";
import { businessDateToIso } from "../lib/business-date/business-date";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * A manager writes a note under the Kitchen page's trend: it is listed under the chart, marked on
 * the trend on its date (a diamond named by the note), given by the annotations API with its
 * author, and gone from all three once deleted.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");

// Sections below the figures fold by default: this reader has them open (a returning manager).
test.beforeEach(async ({ page }) => {
  await openKitchenPanels(page);
});

test.setTimeout(240_000);

test("a manager adds a note under the trend, sees it on the chart and in the list, and deletes it", async ({
  page,
}) => {
  await signIn(page, "ana@kitchen.test", { callbackUrl: `/restaurants/${harbor.guid}/kitchen?range=7d` });
  // The trend section's cards are in once its service chart has bars.
  await expect(page.getByTestId("service-chart").locator(".recharts-bar-rectangle").first()).toBeVisible({
    timeout: 180_000,
  });
  const panel = page.getByTestId("annotations");
  await panel.scrollIntoViewIfNeeded();
  const form = panel.getByRole("form", { name: "Add a note" });
  await expect(form).toBeVisible({ timeout: 60_000 });

  // The range the page shows, from the trend's own CSV link of annotations.
  const csv = new URL((await panel.getByRole("link", { name: "CSV" }).getAttribute("href"))!, "http://x");
  const from = csv.searchParams.get("from")!;
  const to = csv.searchParams.get("to")!;
  const text = `New grill cook ${Date.now()}`;
  await form.getByLabel("Date").fill(businessDateToIso(from));
  await form.getByLabel("Note").fill(text);
  await form.getByRole("button", { name: "Add note" }).click();

  const line = panel.getByTestId("annotation").filter({ hasText: text });
  await expect(line).toBeVisible();
  await expect(line).toContainText("ana@kitchen.test");
  await expect(form.getByLabel("Note")).toHaveValue("");
  // On the trend: a diamond on the note's date, named by it.
  const mark = page.getByRole("img", { name: new RegExp(`Note: ${text}`) });
  await expect(mark).toHaveCount(1);
  // The list, the form and the marks add no serious accessibility problem to the page.
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

  const listed = await page.request.get(`/api/restaurants/${harbor.guid}/annotations?from=${from}&to=${to}`);
  expect(listed.status()).toBe(200);
  const body = (await listed.json()) as AnnotationsResponse;
  expect(body.mayEdit).toBe(true);
  expect(body.annotations.filter((a) => a.kind === "note" && a.text === text)).toEqual([
    { id: expect.any(String), date: from, kind: "note", text, by: "ana@kitchen.test" },
  ]);

  await line.getByRole("button", { name: /^Delete the note/ }).click();
  await expect(line).toHaveCount(0);
  await expect(mark).toHaveCount(0);
});
