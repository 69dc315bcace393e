import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signIn } from "@/bench/load/users";
import { addBusinessDays } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";

import { productionBuild, startAppProcess, type AppProcess } from "../support/fake-platform/processes";

/**
 * The digest over HTTP on the production build (`npx next build` first), its embedded sandbox and
 * the demo accounts, with a real session cookie: a person chooses the digest on their settings
 * (a bad value refused), reads the preview of a closed date, and every link in it opens, signed in,
 * the Kitchen page of that restaurant on that date without the page setting any of it aside.
 */
const logs = mkdtempSync(path.join(tmpdir(), "kp-digest-http-logs-"));
let app: AppProcess;

describe("the digest over HTTP", () => {
  beforeAll(async () => {
    if (!productionBuild()) throw new Error("digest-http: no production build; run `npx next build` first");
    app = await startAppProcess(
      null,
      { KITCHEN_BACKFILL_DAYS: "0", DIGEST_CHECK_MIN: "0" },
      path.join(logs, "app.log"),
    );
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  }, 30_000);

  it("keeps the person's choice and opens the right view from every link of the preview", async () => {
    const ben = await signIn(app.origin, "ben@kitchen.test");
    const settings = (body: string) =>
      ben.request("/api/account/settings", {
        method: "PATCH",
        headers: { "content-type": "application/json", origin: app.origin },
        body,
      });
    expect((await settings('{"digest":"sometimes"}')).status).toBe(400);
    const saved = await settings('{"digest":"daily"}');
    expect([saved.status, await saved.json()]).toEqual([200, { digest: "daily" }]);

    // Two days ago in Los Angeles: closed at every demo restaurant.
    const date = addBusinessDays(
      currentBusinessDate({ timeZone: "America/Los_Angeles", closeoutHour: 4 }),
      -2,
    );
    const response = await ben.request(`/api/digests/preview?date=${date}`);
    expect(response.status).toBe(200);
    const digest = (await response.json()) as {
      restaurants: { guid: string; name: string; status: string; link: string; levels: { link: string }[] }[];
      exceptions: { link: string }[];
    };
    expect(digest.restaurants.map((r) => r.name)).toEqual(["Lakeside Diner", "Pier 9 Pizza"]);
    const links = digest.restaurants.flatMap((r) => [r.link, ...r.levels.map((l) => l.link)]);
    for (const link of [...links, ...digest.exceptions.map((e) => e.link)]) {
      const url = new URL(link);
      expect(url.origin).toBe(app.origin);
      expect(url.pathname).toMatch(/^\/restaurants\/[^/]+\/kitchen$/);
      expect(url.searchParams.get("from")).toBe(date);
      expect(url.searchParams.get("to")).toBe(date);
      const page = await ben.request(`${url.pathname}${url.search}`);
      expect(page.status, link).toBe(200);
      const html = await page.text();
      // The page kept the link's range: a range it could not use would be set aside with this notice.
      expect(html).not.toContain("Showing the last 7 days instead");
      expect(html).toContain(digest.restaurants.find((r) => link.includes(r.guid))!.name);
    }

    // The check above can fail: a range the page cannot show is set aside with that notice.
    const [first] = digest.restaurants;
    const refused = await ben.request(
      `/restaurants/${first!.guid}/kitchen?range=custom&from=20991231&to=20991231`,
    );
    expect(await refused.text()).toContain("Showing the last 7 days instead");

    const page = await ben.request(`/digests/preview?date=${date}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Lakeside Diner");
  }, 300_000);
});
