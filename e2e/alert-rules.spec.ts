import { expect, test } from "@playwright/test";

import { formatDateRange } from "../lib/business-date/format";
import { restaurantNamed, signIn } from "./fixtures/auth";

/**
 * Issue 35's alert rules page and opening sentences: a manager (the owner here) sees the data delay,
 * gets the API's validation message in words, creates a rule with the keyboard and sees it listed;
 * a viewer (ben@, who sees Lakeside Diner) reads the same rule with no control to change it; the
 * Kitchen page's and the Overview's sentences link to the filtered view of their evidence.
 */
const lakeside = restaurantNamed("Lakeside Diner");
const alertsUrl = `/restaurants/${lakeside.guid}/alerts`;

test.setTimeout(120_000);

test("a manager creates an alert rule, sees it listed; a viewer reads it and cannot edit it", async ({
  browser,
}) => {
  const [managerContext, viewerContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const manager = await managerContext.newPage();
  const viewer = await viewerContext.newPage();
  try {
    await signIn(manager, "admin@kitchen.test", { callbackUrl: alertsUrl, timeout: 90_000 });
    await expect(manager.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
    await expect(manager.getByTestId("alert-delay")).toContainText(
      /every \d+ (minutes|seconds)|every minute/,
    );
    const form = manager.getByRole("form", { name: "New alert rule" });

    // No threshold: the API's message, shown in words beside the form.
    await form.getByLabel("Watches").selectOption({ label: "Level 0 · Prep station" });
    await form.getByRole("button", { name: "Create rule" }).click();
    await expect(form.getByTestId("alert-rule-error")).toHaveText(/threshold must be a number/);

    // With the keyboard: the threshold, then Enter sends the form.
    const threshold = 20 + (Date.now() % 50);
    await form.getByLabel("More than this percent late").fill(String(threshold));
    await form.getByLabel("More than this percent late").press("Enter");
    await expect(form.getByRole("status")).toHaveText("Rule created.");
    const rule = manager
      .getByTestId("alert-rule")
      .filter({ hasText: `More than ${threshold} % of items late` });
    await expect(rule).toHaveCount(1);
    await expect(rule).toContainText("Level 0 · Prep station");

    // The viewer: the rule listed, no form, no edit or delete control, and the API refuses a change.
    await signIn(viewer, "ben@kitchen.test", { callbackUrl: alertsUrl });
    const seen = viewer
      .getByTestId("alert-rule")
      .filter({ hasText: `More than ${threshold} % of items late` });
    await expect(seen).toHaveCount(1, { timeout: 30_000 });
    await expect(viewer.getByRole("form", { name: "New alert rule" })).toHaveCount(0);
    await expect(seen.getByRole("button")).toHaveCount(0);
    await expect(viewer.getByTestId("alert-rules")).toContainText("you can read them");
    const refused = await viewer.request.post(`/api/restaurants/${lakeside.guid}/alert-rules`, {
      data: { kind: "late_share", level: 0, threshold: 50 },
    });
    expect(refused.status()).toBe(403);

    // The manager deletes it (the suite leaves no rule behind).
    await rule.getByRole("button", { name: /^Delete/ }).focus();
    await manager.keyboard.press("Enter");
    await expect(rule).toHaveCount(0);
  } finally {
    await Promise.all([managerContext.close(), viewerContext.close()]);
  }
});

test("the opening sentences link to the filtered views of their evidence", async ({ page }) => {
  await signIn(page, "admin@kitchen.test", {
    callbackUrl: `/restaurants/${lakeside.guid}/kitchen`,
    timeout: 90_000,
  });
  await expect(page.getByTestId("headline-figures")).toBeVisible({ timeout: 60_000 });
  // The sentences read the flags and markers, asked once the page settles (a scroll settles it).
  await page.mouse.wheel(0, 200);
  const sentence = page.getByTestId("kitchen-sentences").getByTestId("headline-sentence").first();
  await expect(sentence).toBeVisible({ timeout: 60_000 });
  const href = new URL((await sentence.getAttribute("href"))!, "http://x");
  expect(href.pathname).toBe(`/restaurants/${lakeside.guid}/kitchen`);
  const from = href.searchParams.get("from")!;
  const to = href.searchParams.get("to")!;
  await sentence.click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}(&|$)`));
  await expect(page.getByTestId("current-period")).toHaveText(formatDateRange(from, to), { timeout: 60_000 });
  if (href.searchParams.get("level") !== null)
    await expect(page).toHaveURL(new RegExp(`[?&]level=${href.searchParams.get("level")}(&|$)`));

  // The Overview's: to a restaurant's Kitchen page at level 0.
  await page.goto("/");
  const first = page.getByTestId("overview-sentences").getByTestId("headline-sentence").first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  const target = (await first.getAttribute("href"))!;
  await first.click();
  await expect(page).toHaveURL(
    new RegExp(`${target.split("?")[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?.*level=0`),
  );
  await expect(page.getByTestId("headline-figures")).toBeVisible({ timeout: 60_000 });
});
