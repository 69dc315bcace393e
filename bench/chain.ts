/**
 * npm run bench:chain [-- --locations=50 --days=190 --export-s=60 --scale=0.05 --per-location=2
 *                        --cap-min=30 --db=pglite|postgres --max-in-flight=N]
 *
 * Issue 30's backfill benchmark: the production server (`node server.mjs` on the existing build,
 * backfill on, an empty store: PGlite, or with --db=postgres a throwaway PostgreSQL 15) against the
 * fake real service in a process of its own (test/support/fake-platform), `locations` locations
 * whose exports answer `export-s` seconds after the request (times `scale`: at 0.05 a 60 s export
 * answers in 3 s; the app's own intervals are scaled alike). Prints, from the fake's counts and the
 * app's history route:
 *   - the time until every closed date of the window is stored (from the server's start);
 *   - the floor that per-location concurrency and the service's per-location limits allow: each
 *     location is independent, `days` exports of d = export-s × scale seconds, at most
 *     `per-location` in flight (the app's KITCHEN_BACKFILL_PER_LOCATION, passed to it) and at most
 *     r = min(perSecond, per15Minutes / 900) started a second, so
 *       floor = max(ceil(days / per-location) × d, (days - 1) / r + d).
 *     The app's own cap on exports in flight across locations is not in it: that is ours, not the
 *     service's, and must not bind (the bench prints what it would allow when it does);
 *   - their ratio (target <= 1.5), export calls per closed date (target 1, plus 1 for each date
 *     read again to settle), the peak of exports in flight seen at the fake, and the peak RSS of the
 *     app's process group from /proc (target <= 1 GB; PostgreSQL's own processes are not in it);
 *   - the load average before and after: the machine may be shared, the ratio is what to compare.
 * Stops at `cap-min` minutes whatever the progress, and then reports how far it got.
 * `--max-in-flight` sets KITCHEN_BACKFILL_MAX_IN_FLIGHT (unset: the app's default).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";

import type { Call } from "../test/support/fake-platform/call-log";
import {
  startAppProcess,
  startFakeProcess,
  type AppProcess,
  type FakeProcess,
} from "../test/support/fake-platform/processes";
import { startThrowawayPostgres } from "../test/support/throwaway-postgres";
import { sampleProcessGroup } from "./load/server";
import { signIn } from "./load/users";

const RESULTS = path.resolve(__dirname, ".results");

interface Options {
  locations: number;
  days: number;
  exportS: number;
  scale: number;
  perLocation: number;
  capMin: number;
  db: "pglite" | "postgres";
  maxInFlight: number | null;
}

const NUMERIC = {
  "--locations": "locations",
  "--days": "days",
  "--export-s": "exportS",
  "--scale": "scale",
  "--per-location": "perLocation",
  "--cap-min": "capMin",
  "--max-in-flight": "maxInFlight",
} as const;

function parseOptions(argv: string[]): Options {
  const options: Options = {
    locations: 50,
    days: 190,
    exportS: 60,
    scale: 0.05,
    perLocation: 2,
    capMin: 30,
    db: "pglite",
    maxInFlight: null,
  };
  const known = [...Object.keys(NUMERIC).map((k) => `${k}=N`), "--db=pglite|postgres"].join(" ");
  for (const arg of argv) {
    const [flag = "", value = ""] = arg.split("=", 2);
    if (flag === "--db") {
      if (value !== "pglite" && value !== "postgres")
        throw new Error(`--db must be pglite or postgres, got "${value}"`);
      options.db = value;
      continue;
    }
    const key = NUMERIC[flag as keyof typeof NUMERIC];
    if (!key) throw new Error(`unknown flag ${arg} (known: ${known})`);
    const n = Number(value);
    if (!(n > 0) || (key === "scale" && n > 1))
      throw new Error(
        `${flag} must be a positive number${key === "scale" ? " at most 1" : ""}, got "${value}"`,
      );
    options[key] = n;
  }
  return options;
}

/** The floor, in seconds, that per-location concurrency and the service's per-location limits allow. */
function floorSeconds(o: Options, perSecond: number, per15Minutes: number): number {
  const d = o.exportS * o.scale;
  const r = Math.min(perSecond, per15Minutes / 900);
  return Math.max(Math.ceil(o.days / o.perLocation) * d, (o.days - 1) / r + d);
}

/** The most export calls that arrived at the fake within any `d` seconds: about the exports in flight there. */
function peakInFlight(exports: readonly Call[], d: number): number {
  const times = exports.map((c) => c.t).sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= d * 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

interface History {
  ready: number;
  pending: number;
  failed: number;
  total: number;
}

interface Running {
  fake?: FakeProcess;
  app?: AppProcess;
  postgres?: { url: string; stop: () => Promise<void> };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

async function run(o: Options, running: Running): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const loadBefore = load();
  const fake = await startFakeProcess(
    { locations: o.locations, timeScale: o.scale, exportDelayMs: [o.exportS * 1000, o.exportS * 1000] },
    path.join(RESULTS, "chain-fake.log"),
  );
  running.fake = fake;
  if (o.db === "postgres") running.postgres = await startThrowawayPostgres();
  const app = await startAppProcess(
    fake.plan,
    {
      ...(running.postgres ? { DATABASE_URL: running.postgres.url } : {}),
      ...(o.maxInFlight ? { KITCHEN_BACKFILL_MAX_IN_FLIGHT: String(o.maxInFlight) } : {}),
      KITCHEN_BACKFILL_DAYS: String(o.days),
      KITCHEN_BACKFILL_SHARE: "1",
      PLATFORM_MAX_RPS: String(fake.plan.perSecond),
      PLATFORM_MAX_PER_15_MIN: String(fake.plan.per15Minutes),
      KITCHEN_BACKFILL_PER_LOCATION: String(o.perLocation),
      KITCHEN_FAILED_RETRY_S: String(Math.max(1, Math.round(30 * o.scale))),
      KITCHEN_BACKFILL_MIN_SLEEP_S: String(Math.max(1, Math.round(30 * o.scale))),
      KITCHEN_BACKFILL_MAX_SLEEP_S: String(Math.max(1, Math.round(900 * o.scale))),
      KITCHEN_OPEN_REFRESH_S: String(Math.max(1, Math.round(900 * o.scale))),
    },
    path.join(RESULTS, "chain-server.log"),
  );
  running.app = app;
  const memory = sampleProcessGroup(app.pid);
  const admin = await signIn(app.origin, "admin@kitchen.test");
  const giveUpAt = app.startedAt + o.capMin * 60_000;
  let done: number | null = null;
  let rows: History[] = [];
  // A poll that fails or times out (the app stalled) is counted and the run goes on to its cap.
  let failedPolls = 0;
  for (;;) {
    try {
      rows = await Promise.all(
        fake.plan.locations.map(
          async (l) =>
            (await (await admin.request(`/api/restaurants/${l.guid}/kitchen/history`)).json()) as History,
        ),
      );
    } catch (error) {
      failedPolls += 1;
      console.warn(`bench:chain: a progress poll failed: ${(error as Error).message}`);
    }
    if (rows.length > 0 && rows.every((h) => h.total > 0 && h.ready === h.total)) {
      done = (Date.now() - app.startedAt) / 1000;
      break;
    }
    if (Date.now() > giveUpAt) break;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  const elapsed = (Date.now() - app.startedAt) / 1000;
  const rss = memory.stop();
  const calls = await fake.calls(0);
  const exports = calls.filter((c) => c.endpoint === "export");
  const perDate = new Map<string, number>();
  for (const c of exports)
    perDate.set(`${c.location}|${c.date}`, (perDate.get(`${c.location}|${c.date}`) ?? 0) + 1);
  const ready = rows.reduce((s, h) => s + h.ready, 0);
  const total = o.locations * o.days;
  const d = o.exportS * o.scale;
  const floor = floorSeconds(o, fake.plan.perSecond, fake.plan.per15Minutes);
  const projected = done ?? (ready > 0 ? (elapsed * total) / ready : Number.POSITIVE_INFINITY);
  const needed = o.locations * o.perLocation;
  const report = {
    date: new Date().toISOString(),
    options: o,
    storedDates: ready,
    closedDates: total,
    secondsUntilAllStored: done,
    secondsRun: Math.round(elapsed),
    projectedSecondsIfCapped: done === null ? Math.round(projected) : null,
    floorSeconds: Math.round(floor),
    ratio: Number((projected / floor).toFixed(2)),
    exportsInFlightTheFloorNeeds: needed,
    peakExportsInFlightAtTheFake: peakInFlight(exports, d),
    bestWithMaxInFlight: o.maxInFlight ? Math.round(Math.ceil(total / o.maxInFlight) * d) : null,
    exportCalls: exports.length,
    otherCalls: calls.length - exports.length,
    callsPerClosedDate: Number((exports.length / Math.max(1, perDate.size)).toFixed(3)),
    datesReadMoreThanTwice: [...perDate.values()].filter((n) => n > 2).length,
    rateLimited: calls.filter((c) => c.status === 429).length,
    failedPolls,
    peakRssMiB: Math.round(rss.peakMiB),
    appCpuSeconds: Math.round(rss.cpuSeconds),
    appCpuCores: Number(rss.cpuCores.toFixed(2)),
    loadBefore,
    loadAfter: load(),
  };
  writeFileSync(path.join(RESULTS, "chain-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  const unscaled = (s: number) => `${(s / o.scale / 3600).toFixed(1)} h unscaled`;
  console.log(
    [
      `bench:chain: ${o.locations} locations × ${o.days} days on ${o.db}, exports after ${o.exportS} s × scale ${o.scale} = ${d.toFixed(2)} s, ${o.perLocation} per location in flight, KITCHEN_BACKFILL_MAX_IN_FLIGHT ${o.maxInFlight ?? "the app's default"}`,
      done === null
        ? `  not complete after ${report.secondsRun} s (cap ${o.capMin} min): ${ready} of ${total} closed dates stored; at that pace all would take ${report.projectedSecondsIfCapped} s (${unscaled(projected)})`
        : `  every closed date stored after ${done.toFixed(0)} s from the server's start (${unscaled(done)})`,
      `  floor: max(ceil(days / per-location) × d, (days - 1) / min(${fake.plan.perSecond}, ${fake.plan.per15Minutes}/900) + d) = ${floor.toFixed(0)} s (${unscaled(floor)}), with ${needed} exports in flight`,
      `  ratio ${report.ratio} (target <= 1.5) ${report.ratio <= 1.5 ? "met" : "MISSED"}`,
      `  exports in flight at the fake: at most ${report.peakExportsInFlightAtTheFake} (the floor needs ${needed})` +
        (report.bestWithMaxInFlight === null
          ? ""
          : `; ${o.maxInFlight} in flight allow at best ${report.bestWithMaxInFlight} s`),
      `  export calls per closed date asked: ${report.callsPerClosedDate} (${exports.length} calls, ${perDate.size} dates; target 1 + 1 settle; ${report.datesReadMoreThanTwice} dates read more than twice; ${report.rateLimited} answers 429; ${report.otherCalls} other calls)`,
      ...(failedPolls > 0
        ? [`  ${failedPolls} progress polls of the app failed or timed out (120 s): the app stalled`]
        : []),
      `  peak RSS of the app's process group: ${report.peakRssMiB} MiB (target <= 1024) ${report.peakRssMiB <= 1024 ? "met" : "MISSED"}`,
      `  the app's CPU: ${report.appCpuSeconds} s, ${report.appCpuCores} cores on average${ready > 0 ? ` (${Math.round((report.appCpuSeconds / ready) * 1000)} ms a stored date)` : ""}`,
      `  load average (1, 5, 15 min) before ${loadBefore}, after ${report.loadAfter} on ${availableParallelism()} cores`,
      `  written to ${path.relative(process.cwd(), path.join(RESULTS, "chain-latest.json"))}`,
    ].join("\n"),
  );
}

const running: Running = {};
async function stopAll(): Promise<void> {
  await running.app?.stop();
  await running.fake?.stop();
  await running.postgres?.stop();
}
process.once("exit", () => {
  running.app?.killNow();
  running.fake?.killNow();
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));

run(parseOptions(process.argv.slice(2)), running)
  .catch((error: unknown) => {
    console.error(`bench:chain failed: ${(error as Error).message}`);
    process.exitCode = 1;
  })
  .finally(stopAll);
