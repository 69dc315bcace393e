/**
 * bench:scale's Overview case (`npm run bench:scale -- --only=overview --restaurants=500
 * [--db=DIR] [--runs=3]`): the Overview's kitchen table for "Last 30 days" (both periods, 60
 * dates a restaurant) over every restaurant of the scaled world, through `kitchenOverview`, the
 * function GET /api/kitchen/overview answers with. The dates are stored first through the real
 * path (the Platform client reading the in-process sandbox, the ingest, the kitchen store) into
 * PGlite on disk; with `--db=DIR` the store is kept there and reused by the next run (storing 500 ×
 * 60 dates takes most of an hour on a busy two-core machine), so two versions of the code can be
 * timed over the same store one after the other. The service has the app's default caches.
 *   1. after a restart: a new service (every cache empty), the store as it is;
 *   2. warm, the answer cache off: the merge of every restaurant again (what a changed store costs);
 *   3. warm, answers kept (the app's default): a repeated Overview.
 * Each: this process's CPU for one Overview (a quiet machine's wall), the wall, the answer's bytes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";

import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import { migrate } from "@/lib/db/migrations";
import { openPgliteDatabase } from "@/lib/db/pglite-database";
import { presetRange, previousPeriod } from "@/lib/kitchen/contract/date-range";
import type { KitchenOverview } from "@/lib/kitchen/contract/responses";
import { createKitchenService, type KitchenServiceConfig } from "@/lib/kitchen/service/kitchen-service";
import { kitchenOverview, type OverviewRestaurant } from "@/lib/kitchen/service/overview";
import type { PlatformClient } from "@/lib/platform/types";
import type { World } from "@/lib/sandbox/world";

interface OverviewCaseRun {
  label: string;
  cpuMs: number[];
  wallMs: number[];
  bytes: number;
  ready: number;
}

const CONFIG: KitchenServiceConfig = {
  closeGraceMinutes: 120,
  openRefreshSeconds: 180,
  notEntitledRetryHours: 24,
  maxRangeDays: 366,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One Overview: this process's CPU and wall, and the answer. */
async function timedOverview(run: () => Promise<KitchenOverview>) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const answer = await run();
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { answer, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export async function overviewCase(opts: {
  world: World;
  client: Pick<PlatformClient, "kitchen">;
  nowMs: number;
  runs: number;
  dbDir: string | undefined;
}): Promise<string[]> {
  const { world, client, nowMs, runs } = opts;
  const restaurants: OverviewRestaurant[] = world.restaurants.map((r) => ({
    guid: r.guid,
    name: r.name,
    timeZone: r.timeZone,
    closeoutHour: r.closeoutHour,
    locationName: r.name,
    archived: false,
  }));
  const dir = opts.dbDir ?? mkdtempSync(path.join(tmpdir(), "kp-overview-"));
  const reused = opts.dbDir !== undefined && existsSync(path.join(dir, "PG_VERSION"));
  mkdirSync(dir, { recursive: true });
  const db = await openPgliteDatabase(dir);
  try {
    await migrate(db);
    const service = (config: Partial<KitchenServiceConfig> = {}) =>
      createKitchenService({ db, client, config: { ...CONFIG, ...config }, now: () => nowMs });
    const storing = service({ cacheBytes: 0 });
    const start = performance.now();
    let done = 0;
    for (const r of restaurants) {
      const today = currentBusinessDateOrNull(r, nowMs)!;
      const period = presetRange("30d", today);
      const coverage = await storing.prepare(r, { from: previousPeriod(period).from, to: period.to });
      if (coverage.failed.length + coverage.pending.length > 0)
        throw new Error(`${r.name}: ${JSON.stringify(coverage)}`);
      if (++done % 50 === 0)
        console.log(
          `  ${done} of ${restaurants.length} restaurants stored or found (${((performance.now() - start) / 1000).toFixed(0)} s)`,
        );
    }
    const storedS = (performance.now() - start) / 1000;

    const results: OverviewCaseRun[] = [];
    const record = (label: string) => {
      const run: OverviewCaseRun = { label, cpuMs: [], wallMs: [], bytes: 0, ready: 0 };
      results.push(run);
      return (t: Awaited<ReturnType<typeof timedOverview>>) => {
        run.cpuMs.push(t.cpuMs);
        run.wallMs.push(t.wallMs);
        run.bytes = JSON.stringify(t.answer).length;
        run.ready = t.answer.rows.filter((row) => row.status === "ready").length;
        console.log(`  ${label}: ${t.cpuMs.toFixed(0)} ms CPU, ${t.wallMs.toFixed(0)} ms wall`);
      };
    };
    const overview = (s: ReturnType<typeof service>) => () => kitchenOverview(s, restaurants, "30d", nowMs);

    const cold = record("after a restart (new service, the store as it is)");
    for (let i = 0; i < runs; i++) cold(await timedOverview(overview(service())));
    const merged = record("warm, the answer cache off (every restaurant merged again)");
    const noAnswers = service({ answerCacheBytes: 0 });
    await overview(noAnswers)();
    for (let i = 0; i < runs; i++) merged(await timedOverview(overview(noAnswers)));
    const kept = record("warm, answers kept (the default)");
    const withAnswers = service();
    await overview(withAnswers)();
    for (let i = 0; i < runs; i++) kept(await timedOverview(overview(withAnswers)));

    return [
      `Overview, Last 30 days (both periods, 60 dates a restaurant), ${restaurants.length} restaurants, kitchenOverview in process over PGlite on disk ` +
        `(${new Date().toISOString()}; ${cpus().length} CPUs, load ${loadavg()
          .map((x) => x.toFixed(1))
          .join(
            " ",
          )}; store ${reused ? "reused" : "new"}, stored or checked in ${storedS.toFixed(0)} s); median of ${runs}:`,
      ...results.map(
        (r) =>
          `  ${r.label}: CPU ${median(r.cpuMs).toFixed(0)} ms (${r.cpuMs.map((x) => x.toFixed(0)).join(", ")}), ` +
          `wall ${median(r.wallMs).toFixed(0)} ms (${r.wallMs.map((x) => x.toFixed(0)).join(", ")}); ` +
          `${(r.bytes / 1024).toFixed(0)} KB of JSON, ${r.ready} of ${restaurants.length} rows ready; ` +
          `at 500 restaurants (× ${(500 / restaurants.length).toFixed(1)}) ${((median(r.cpuMs) * 500) / restaurants.length).toFixed(0)} ms CPU, target ≤ 1,000 ms: ` +
          `${(median(r.cpuMs) * 500) / restaurants.length <= 1000 ? "met" : "MISSED"}`,
      ),
    ];
  } finally {
    await db.close();
    if (opts.dbDir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}
