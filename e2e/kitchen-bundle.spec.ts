import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";

import { COMPILE_HINT } from "../lib/build/compile-hints.mjs";
import {
  chunkOf,
  firstLoadChunks,
  kb,
  legacyChunks,
  totalBytes as total,
  type Chunk,
} from "../test/support/first-load-js";
import { restaurantNamed, signIn } from "./fixtures/auth";
import { openKitchenPanels } from "./fixtures/kitchen-panels";

/**
 * First-load JavaScript per route, read from the build the suite serves: the <script src> chunks
 * of a route's server-rendered HTML, sized from the build directory (raw and gzip; the measurement
 * lives in test/support/first-load-js.ts, which `npm run bench:web` shares). It checks
 * that recharts stays out of every route's first load, the Kitchen page included (its charts load
 * after the figures), and writes the numbers to e2e/.screenshots/first-load-js.json for
 * docs/kitchen-ui.md. Sizes, not timings: nothing here depends on how fast the machine is.
 */
const harbor = restaurantNamed("Harbor Street Kitchen");
const distDir = join(__dirname, "..", process.env.NEXT_DIST_DIR ?? ".next");

async function pageHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

test("recharts stays out of every first load, and the Kitchen page fetches it for its charts", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "admin@kitchen.test");

  const routes = {
    kitchen: `/restaurants/${harbor.guid}/kitchen`,
    info: `/restaurants/${harbor.guid}/info`,
    overview: "/",
  };
  const results: Record<string, { chunks: number; rawKB: number; gzipKB: number }> = {};
  const loads: Record<string, Chunk[]> = {};
  let legacy: Chunk[] = [];
  for (const [name, path] of Object.entries(routes)) {
    const html = await pageHtml(page, path);
    const chunks = firstLoadChunks(distDir, html);
    if (name === "kitchen") legacy = legacyChunks(distDir, html);
    expect(chunks.length, name).toBeGreaterThan(0);
    expect(
      chunks.filter((c) => c.recharts).map((c) => c.file),
      `${name} first load`,
    ).toEqual([]);
    loads[name] = chunks;
    results[name] = {
      chunks: chunks.length,
      rawKB: kb(total(chunks, "raw")),
      gzipKB: kb(total(chunks, "gzip")),
    };
  }

  // The Kitchen page's own share: what it loads beyond the Info page (same shell and layouts).
  const shared = new Set(loads.info!.map((c) => c.file));
  const own = loads.kitchen!.filter((c) => !shared.has(c.file));

  // Once the figures are on screen the charts load recharts, as a separate request. A new context
  // (same session, empty cache) so that every script the visit needs is a request seen here.
  const visit = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await visit.newPage();
  const lazy: Chunk[] = [];
  fresh.on("response", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"))
      lazy.push(chunkOf(distDir, url.pathname));
  });
  // The stations section folds until opened (issue 34): this visit is a manager who opened it.
  await openKitchenPanels(fresh, ["section:stations"]);
  await fresh.goto(new URL(routes.kitchen, page.url()).toString());
  await expect(fresh.getByTestId("station-chart").locator(".recharts-bar-rectangle").first()).toBeVisible({
    timeout: 180_000,
  });
  await visit.close();
  const first = new Set(loads.kitchen!.map((c) => c.file));
  const chartChunks = lazy.filter((c) => !first.has(c.file) && c.recharts);
  expect(chartChunks.length).toBeGreaterThan(0);
  // The first-load figure leaves out the nomodule polyfills because chromium never fetches them:
  // checked here, in the browser, over the whole visit.
  expect(legacy.length, "the Kitchen page's HTML names its nomodule polyfills").toBeGreaterThan(0);
  const fetched = new Set(lazy.map((c) => c.file));
  expect(legacy.filter((c) => fetched.has(c.file)).map((c) => c.file)).toEqual([]);
  // Everything the first load counts, chromium does fetch.
  expect(loads.kitchen!.filter((c) => !fetched.has(c.file)).map((c) => c.file)).toEqual([]);
  // V8's compile hint (lib/build/compile-hints.mjs), as the server sends the scripts: on the first
  // line of every first-load chunk, and not on the charts, which load later.
  const firstLine = async (file: string) =>
    (await (await page.request.get(`/_next/${file}`)).text()).split("\n", 1)[0];
  for (const chunk of Object.values(loads).flat())
    expect(await firstLine(chunk.file), chunk.file).toBe(COMPILE_HINT);
  for (const chunk of chartChunks) expect(await firstLine(chunk.file), chunk.file).not.toBe(COMPILE_HINT);

  const report = {
    distDir: process.env.NEXT_DIST_DIR ?? ".next",
    measuredAt: new Date().toISOString(),
    firstLoad: results,
    kitchenBeyondInfo: { chunks: own.length, rawKB: kb(total(own, "raw")), gzipKB: kb(total(own, "gzip")) },
    kitchenChartsLazy: {
      chunks: chartChunks.length,
      rawKB: kb(total(chartChunks, "raw")),
      gzipKB: kb(total(chartChunks, "gzip")),
    },
    kitchenNoModuleNotFetched: {
      chunks: legacy.length,
      rawKB: kb(total(legacy, "raw")),
      gzipKB: kb(total(legacy, "gzip")),
    },
  };
  const dir = join(__dirname, ".screenshots");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "first-load-js.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
});
