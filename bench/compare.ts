/**
 * npm run bench:compare [-- --no-build --dist-dir=.next --runs=5 --keep-data=DIR]
 *
 * Issue 34's "changes arrive within twice the time of the figures": the Kitchen page asks the
 * figures of its period and, with "Compare" on, the figures of the period before, both from the
 * production server. This times both requests side by side on the busiest sandbox restaurant
 * (Harbor Street Kitchen) for the 30- and 90-day presets, once both periods are stored: the first
 * ask after a restart (no answer in memory) and warm (medians of `--runs`), each pair asked at the
 * same time as the page does. The ratio previous ÷ main is the figure of record.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { currentBusinessDate } from "@/lib/business-date/closeout";
import { presetRange, previousPeriod, type DateRange } from "@/lib/kitchen/contract/date-range";

import { measureRequest, untilQuiet, untilReady, type Session } from "./http/measure";
import { buildApp, freePort, startApp, stopServerOnExit, wholeNumberOption } from "./load/server";
import { signIn, type Restaurant } from "./load/users";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const runs = wholeNumberOption("runs", option("runs") ?? "5", 1);
const distDir = option("dist-dir") ?? ".next-bench-compare";
const keepData = option("keep-data");

let guid = "";
const figuresPath = (r: DateRange) =>
  `/api/restaurants/${guid}/kitchen/summary?from=${r.from}&to=${r.to}&section=figures`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function pair(session: Session, pgid: number, main: DateRange, previous: DateRange) {
  const [a, b] = await Promise.all([
    measureRequest(session, pgid, figuresPath(main)),
    measureRequest(session, pgid, figuresPath(previous)),
  ]);
  if (a.status !== 200 || b.status !== 200) throw new Error(`answered ${a.status} and ${b.status}`);
  return { main: a.wallMs, previous: b.wallMs };
}

async function main() {
  if (!args.includes("--no-build"))
    await buildApp(distDir, path.join(tmpdir(), "kp-bench-compare-build.log"));
  const dataDir = keepData ?? mkdtempSync(path.join(tmpdir(), "kp-bench-compare-"));
  const env = { KITCHEN_BACKFILL_DAYS: "0", SANDBOX_EXPORT_LATENCY: "false", SANDBOX_RATE_LIMIT: "false" };
  const start = async () =>
    startApp({
      distDir,
      port: await freePort(),
      logFile: path.join(tmpdir(), "kp-bench-compare-server.log"),
      env,
      dataDir,
    });
  let server = await start();
  stopServerOnExit(() => server);
  let session = await signIn(server.origin, "admin@kitchen.test");
  const listed = await session.request("/api/restaurants");
  const { restaurants } = (await listed.json()) as { restaurants: Restaurant[] };
  const harbor = restaurants.find((r) => r.name === "Harbor Street Kitchen");
  if (!harbor) throw new Error("Harbor Street Kitchen is not among the admin's restaurants");
  guid = harbor.guid;
  const today = currentBusinessDate(harbor);
  const cases = (["30d", "90d"] as const).map((preset) => {
    const range = presetRange(preset, today);
    return { preset, range, previous: previousPeriod(range) };
  });
  for (const c of cases)
    for (const r of [c.range, c.previous])
      await untilReady(session, figuresPath(r), Date.now() + 20 * 60_000);

  const rows: string[] = [];
  for (const c of cases) {
    await server.stop();
    server = await start();
    session = await signIn(server.origin, "admin@kitchen.test");
    await untilQuiet(server.pid);
    const first = await pair(session, server.pid, c.range, c.previous);
    const warm = [];
    for (let i = 0; i < runs; i++) warm.push(await pair(session, server.pid, c.range, c.previous));
    const wm = median(warm.map((w) => w.main));
    const wp = median(warm.map((w) => w.previous));
    rows.push(
      `| ${c.preset} | ${first.main.toFixed(0)} | ${first.previous.toFixed(0)} | ${(first.previous / first.main).toFixed(2)} | ${wm.toFixed(0)} | ${wp.toFixed(0)} | ${(wp / wm).toFixed(2)} |`,
    );
  }
  await server.stop();
  console.log(
    "\n| range | first main ms | first previous ms | ratio | warm main ms | warm previous ms | ratio |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
