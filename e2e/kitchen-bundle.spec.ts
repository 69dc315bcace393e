import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { chunkOf, firstLoadChunks, kb, totalBytes as total, type Chunk } from "../test/support/first-load-js";
import { restaurantNamed, signIn } from "./fixtures/auth";

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

async function firstLoad(page: Page, path: string): Promise<Chunk[]> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return firstLoadChunks(distDir, html);
}

test("recharts stays out of every first load, and the Kitchen page fetches it for its charts", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "admin@kitchen.test");

  const routes = {
    kitchen: `/restaurants/${harbor.guid}/kitchen`,
    info: `/restaurants/${harbor.guid}/info`,
    overview: "/",
  };
  const results: Record<string, { chunks: number; rawKB: number; gzipKB: number }> = {};
  const loads: Record<string, Chunk[]> = {};
  for (const [name, path] of Object.entries(routes)) {
    const chunks = await firstLoad(page, path);
    expect(chunks.length, name).toBeGreaterThan(0);
    expect(chunks.filter((c) => c.recharts).map((c) => c.file), `${name} first load`).toEqual([]);
    loads[name] = chunks;
    results[name] = { chunks: chunks.length, rawKB: kb(total(chunks, "raw")), gzipKB: kb(total(chunks, "gzip")) };
  }

  // The Kitchen page's own share: what it loads beyond the Info page (same shell and layouts).
  const shared = new Set(loads.info!.map((c) => c.file));
  const own = loads.kitchen!.filter((c) => !shared.has(c.file));

  // Once the figures are on screen the charts load recharts, as a separate request.
  const lazy: Chunk[] = [];
  page.on("response", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js")) lazy.push(chunkOf(distDir, url.pathname));
  });
  await page.goto(routes.kitchen);
  await expect(page.getByTestId("station-chart").locator(".recharts-bar-rectangle").first()).toBeVisible({ timeout: 180_000 });
  const first = new Set(loads.kitchen!.map((c) => c.file));
  const chartChunks = lazy.filter((c) => !first.has(c.file) && c.recharts);
  expect(chartChunks.length).toBeGreaterThan(0);

  const report = {
    distDir: process.env.NEXT_DIST_DIR ?? ".next",
    measuredAt: new Date().toISOString(),
    firstLoad: results,
    kitchenBeyondInfo: { chunks: own.length, rawKB: kb(total(own, "raw")), gzipKB: kb(total(own, "gzip")) },
    kitchenChartsLazy: { chunks: chartChunks.length, rawKB: kb(total(chartChunks, "raw")), gzipKB: kb(total(chartChunks, "gzip")) },
  };
  const dir = join(__dirname, ".screenshots");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "first-load-js.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
});
