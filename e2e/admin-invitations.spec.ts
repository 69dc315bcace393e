import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

import type { KitchenTargets } from "../lib/kitchen/contract/responses";
import { formatDuration } from "../lib/kitchen/present/format";
import { UNADDED_LOCATION } from "../lib/sandbox/unadded-location";
import { startAppProcess, type AppProcess } from "../test/support/fake-platform/processes";
import { startSmtpSink, type SmtpSink } from "../test/support/smtp-sink";
import { restaurantNamed, signIn, type DemoEmail } from "./fixtures/auth";
import { restaurantList } from "./fixtures/restaurant-list";

/**
 * Issue 33's first acceptance point, twice: an owner invites a manager for one area; the invitation
 * is read from a real SMTP server (a second app of the build, started here with SMTP_URL pointing
 * at test/support/smtp-sink.ts) and, in the second run, from the outbox page of the suite's own app
 * (no SMTP_URL). The manager chooses a password, sees exactly the area's restaurants and changes one
 * station target on the Targets page; the viewer (ben@, who sees Lakeside Diner) sees the targets
 * without an edit control and is refused the PUT; the audit log shows the change with both values;
 * deactivating the manager signs them out at their next request.
 */
const lakeside = restaurantNamed("Lakeside Diner");
const areaRestaurants = [lakeside, restaurantNamed("Northside Noodle Bar")];
const targetsPath = `/api/restaurants/${lakeside.guid}/kitchen/targets`;
const PASSWORD = "the manager's own password";

interface Via {
  /** The origin of the app this run uses. */
  origin: string;
  /** The invitation link for `email`, as the invited person would find it. */
  invitationLink: (owner: Page, email: string) => Promise<string>;
  /** What the People page says once the invitation went. */
  sentWords: (email: string) => string;
  /** More for the owner to do at the end, on this run's app. */
  andThen?: (owner: Page) => Promise<void>;
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/**
 * The Restaurants page of an app of this spec's own (adding changes what every account sees): the
 * location discovery found and nobody added is added with a click, and then says so.
 */
async function addDiscoveredLocation(owner: Page): Promise<void> {
  await owner.goto("/admin/restaurants");
  const row = owner
    .getByRole("region", { name: "Locations the Platform credential reaches" })
    .getByRole("row")
    .filter({ hasText: UNADDED_LOCATION.name });
  // Discovery lists 10 s after the start.
  await expect(async () => {
    await owner.reload();
    await expect(row.getByRole("cell", { name: /Reachable, not added/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await axeClean(owner);
  await row.getByRole("button", { name: `Add ${UNADDED_LOCATION.name}` }).click();
  await expect(owner.getByRole("status")).toHaveText(
    `${UNADDED_LOCATION.name} (${UNADDED_LOCATION.locationName}) was added; its history is being fetched.`,
  );
  await expect(row.getByRole("cell", { name: /^Added seen since/ })).toBeVisible();
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(
    owner
      .getByRole("region", { name: "Added restaurants" })
      .getByRole("row")
      .filter({ hasText: UNADDED_LOCATION.guid }),
  ).toHaveCount(1);
}

const admin = (page: Page) => page.getByRole("navigation", { name: "Administration" });

async function inviteManager(owner: Page, email: string, areaName: string, via: Via): Promise<void> {
  await owner.goto("/admin/areas");
  const addArea = owner.getByRole("region", { name: "Add an area" });
  await addArea.getByLabel("Name").fill(areaName);
  for (const r of areaRestaurants) await addArea.getByRole("checkbox", { name: r.name }).check();
  await addArea.getByRole("button", { name: "Add area" }).click();
  await expect(owner.getByRole("heading", { level: 3, name: areaName })).toBeVisible();

  await admin(owner).getByRole("link", { name: "People" }).click();
  const invite = owner.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption({ label: "Manager" });
  await invite.getByRole("checkbox", { name: areaName }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(via.sentWords(email));
  // Listed as invited (no sign-in yet), with a resend button.
  const row = owner.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell", { name: "Invited", exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Resend invitation to ${email}` })).toBeVisible();
  await axeClean(owner);
}

async function acceptInvitation(manager: Page, link: string, email: string): Promise<void> {
  await manager.goto(link);
  await expect(manager.getByRole("heading", { name: "You are invited" })).toBeVisible();
  await manager.getByLabel("Your name").fill("Gale Manager");
  await manager.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await manager.getByLabel("New password, again").fill(PASSWORD);
  await manager.getByRole("button", { name: "Choose this password" }).click();
  await expect(manager.getByRole("status")).toContainText("Your account is ready");
  // The link works once.
  await manager.goto(link);
  await expect(manager.getByText("This link has already been used", { exact: false })).toBeVisible();
  await signIn(manager, email as DemoEmail, { password: PASSWORD, timeout: 90_000 });
}

/** Changes the first prep station's level-0 target to half the level's; its name and the seconds. */
async function changeStationTarget(manager: Page): Promise<{ station: string; seconds: number }> {
  await manager.goto(`/restaurants/${lakeside.guid}/targets`);
  const editor = manager.getByTestId("station-targets-editor");
  const input = editor.getByLabel(/· level 0 \(minutes\) · level's target/).first();
  await expect(input).toBeVisible({ timeout: 60_000 });
  const station = (await input.locator("xpath=ancestor::label[1]").innerText()).split(" · ")[0]!.trim();
  const before = (await (await manager.request.get(targetsPath)).json()) as KitchenTargets;
  const seconds = before.targets[0]!.seconds / 2;
  await input.fill(String(seconds / 60));
  await editor.getByRole("button", { name: "Save station targets" }).click();
  await expect(editor.getByRole("status")).toContainText(`level 0 ${formatDuration(seconds)}`);
  return { station, seconds };
}

async function run(browser: Browser, via: Via): Promise<void> {
  const label = via.origin.replace(/\D/g, "");
  const run = `${Date.now().toString(36)}-${label}`;
  const email = `gm-${run}@kitchen.test`;
  const areaName = `Invited ${run}`;
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL: via.origin })));
  const [owner, manager, viewer] = await Promise.all(contexts.map((c) => c.newPage()));
  let changed: { station: string; seconds: number } | undefined;
  try {
    await signIn(owner!, "admin@kitchen.test", { timeout: 90_000 });
    await inviteManager(owner!, email, areaName, via);
    await acceptInvitation(manager!, await via.invitationLink(owner!, email), email);

    // Exactly the area's restaurants.
    const rows = (await restaurantList(manager!)).locator("tbody tr");
    await expect(rows).toHaveCount(areaRestaurants.length, { timeout: 60_000 });
    const names = (await rows.locator("td:first-child").allInnerTexts()).map((n) => n.trim());
    expect(names.sort()).toEqual(areaRestaurants.map((r) => r.name).sort());
    const api = (await (await manager!.request.get("/api/restaurants")).json()) as {
      restaurants: { guid: string }[];
    };
    expect(api.restaurants.map((r) => r.guid).sort()).toEqual(areaRestaurants.map((r) => r.guid).sort());

    changed = await changeStationTarget(manager!);

    // The viewer sees the targets, with no control to change them, and the API refuses the change.
    await signIn(viewer!, "ben@kitchen.test", { callbackUrl: `/restaurants/${lakeside.guid}/targets` });
    const readOnly = viewer!.getByTestId("targets-read-only");
    await expect(readOnly).toBeVisible({ timeout: 60_000 });
    await expect(readOnly).toContainText(`level 0: ${formatDuration(changed.seconds)} (own target since`);
    // Named as the editor named it: the read-only view loads the station names too.
    await expect(readOnly).toContainText(changed.station);
    await expect(viewer!.getByTestId("station-targets-editor")).toHaveCount(0);
    await expect(viewer!.getByRole("button", { name: /^Save/ })).toHaveCount(0);
    await expect(viewer!.getByTestId("level-targets-editor")).toHaveCount(0);
    const refused = await viewer!.request.put(targetsPath, {
      data: { stations: [{ stationGuid: "x", level: 0, seconds: 60 }] },
    });
    expect(refused.status()).toBe(403);

    // The audit log: the manager's change, from what to what.
    await owner!.goto(`/admin/audit`);
    const entry = owner!
      .getByRole("row")
      .filter({ hasText: email })
      .filter({ has: owner!.getByRole("cell", { name: "target.update", exact: true }) });
    await expect(entry).toHaveCount(1);
    const cells = await entry.locator("td").allInnerTexts();
    expect(cells.at(-2)).toMatch(/^\{"seconds":/);
    expect(cells.at(-1)).toContain(`"seconds":${changed.seconds}`);

    // Deactivated: the manager's very next request is signed out.
    await admin(owner!).getByRole("link", { name: "People" }).click();
    const row = owner!.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Deactivate ${email}` }).click();
    await expect(row.getByRole("cell", { name: "Deactivated", exact: true })).toBeVisible();
    expect((await manager!.request.get("/api/restaurants")).status()).toBe(401);
    await manager!.reload();
    await expect(manager!).toHaveURL(/\/sign-in/);
    await via.andThen?.(owner!);
  } finally {
    // Others share the suite's app: the station keeps no target of its own from today.
    if (changed) {
      const targets = (await (await owner!.request.get(targetsPath)).json()) as KitchenTargets;
      const restored = await owner!.request.put(targetsPath, {
        data: {
          stations: targets.stations.map((s) => ({
            stationGuid: s.stationGuid,
            level: s.level,
            seconds: null,
          })),
        },
      });
      expect(restored.status()).toBe(200);
    }
    await Promise.all(contexts.map((c) => c.close()));
  }
}

test.describe("an owner invites a manager", () => {
  test.setTimeout(300_000);

  test("the invitation read from the SMTP server", async ({ browser }) => {
    let sink: SmtpSink | undefined;
    let app: AppProcess | undefined;
    try {
      sink = await startSmtpSink();
      app = await startAppProcess(
        null,
        {
          SMTP_URL: sink.url,
          KITCHEN_BACKFILL_DAYS: "0",
          SANDBOX_RATE_LIMIT: "false",
          SANDBOX_EXPORT_LATENCY: "false",
        },
        path.join(mkdtempSync(path.join(tmpdir(), "kp-e2e-invite-")), "app.log"),
      );
      const smtp = sink;
      const origin = app.origin;
      await run(browser, {
        origin,
        sentWords: (email) => `An invitation was sent to ${email}.`,
        andThen: addDiscoveredLocation,
        invitationLink: async (_owner, email) => {
          const mail = await smtp.waitFor(email, 30_000);
          expect(mail.subject).toBe("Your invitation to Kitchen Pulse");
          expect(mail.text).toMatch(/invited you to Kitchen Pulse as manager of Invited /);
          const link = new RegExp(`${origin}/invite/[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
          expect(link, mail.text).toBeDefined();
          return link!;
        },
      });
    } finally {
      await app?.stop();
      await sink?.stop();
    }
  });

  test("the invitation read from the outbox", async ({ browser, baseURL }) => {
    await run(browser, {
      origin: baseURL!,
      sentWords: (email) => `The invitation to ${email} is in the outbox (no mail server is configured).`,
      invitationLink: async (owner, email) => {
        await admin(owner).getByRole("link", { name: "Outbox" }).click();
        await expect(owner.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
        const item = owner.getByRole("listitem").filter({ hasText: email }).first();
        await expect(item.getByRole("heading", { name: "Your invitation to Kitchen Pulse" })).toBeVisible();
        const link = await item.getByRole("link", { name: /\/invite\// }).getAttribute("href");
        expect(link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{43}$`));
        return link!;
      },
    });
  });
});
