/**
 * npm run bench:chain [-- --locations=50 --days=190 --export-s=60 --scale=0.05 --per-location=1 --cap-min=30]
 *
 * Issue 30's backfill benchmark: the production server (`node server.mjs` on the existing build,
 * backfill on, an empty PGlite store) against the fake real service in a process of its own
 * (test/support/fake-platform), `locations` locations whose exports answer `export-s` seconds
 * after the request (times `scale`: at 0.05 a 60 s export answers in 3 s; the app's own intervals
 * are scaled alike). Prints, from the fake's counts and the app's history route:
 *   - the time until every closed date of the window is stored (from the server's start);
 *   - the floor: per location, `days` exports of d = export-s × scale seconds each, at most
 *     `per-location` in flight, and at most r = min(perSecond, per15Minutes / 900) started a second;
 *     the locations are independent, so the floor is  d + max((days - 1) × d / per-location, days / r)
 *     (the last export's own wait, plus the starts the slower of the two bounds allows);
 *   - their ratio (target <= 1.5), export calls per closed date (target 1, plus 1 for each date
 *     read again to settle), and the peak RSS of the app's process group from /proc (target <= 1 GB).
 * Stops at `cap-min` minutes whatever the progress, and then reports how far it got.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import {
  startAppProcess,
  startFakeProcess,
  type AppProcess,
  type FakeProcess,
} from "../test/support/fake-platform/processes";
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
}

function parseOptions(argv: string[]): Options {
  const options: Options = { locations: 50, days: 190, exportS: 60, scale: 0.05, perLocation: 1, capMin: 30 };
  const names: Record<string, keyof Options> = {
    "--locations": "locations",
    "--days": "days",
    "--export-s": "exportS",
    "--scale": "scale",
    "--per-location": "perLocation",
    "--cap-min": "capMin",
  };
  for (const arg of argv) {
    const [flag = "", value = ""] = arg.split("=", 2);
    const key = names[flag];
    const n = Number(value);
    if (!key)
      throw new Error(
        `unknown flag ${arg} (known: ${Object.keys(names)
          .map((k) => `${k}=N`)
          .join(" ")})`,
      );
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
  return d + Math.max(((o.days - 1) * d) / o.perLocation, o.days / r);
}

interface History {
  ready: number;
  pending: number;
  failed: number;
  total: number;
}

async function run(o: Options, track: (fake?: FakeProcess, app?: AppProcess) => void): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const fake = await startFakeProcess(
    { locations: o.locations, timeScale: o.scale, exportDelayMs: [o.exportS * 1000, o.exportS * 1000] },
    path.join(RESULTS, "chain-fake.log"),
  );
  track(fake);
  const app = await startAppProcess(
    fake.plan,
    {
      KITCHEN_BACKFILL_DAYS: String(o.days),
      KITCHEN_BACKFILL_SHARE: "1",
      PLATFORM_MAX_RPS: String(fake.plan.perSecond),
      PLATFORM_MAX_PER_15_MIN: String(fake.plan.per15Minutes),
      KITCHEN_BACKFILL_PER_LOCATION: String(o.perLocation),
      KITCHEN_RETRY_BASE_S: String(Math.max(1, Math.round(30 * o.scale))),
      KITCHEN_BACKFILL_MIN_SLEEP_S: String(Math.max(1, Math.round(30 * o.scale))),
      KITCHEN_BACKFILL_MAX_SLEEP_S: String(Math.max(1, Math.round(900 * o.scale))),
      KITCHEN_OPEN_REFRESH_S: String(Math.max(1, Math.round(900 * o.scale))),
    },
    path.join(RESULTS, "chain-server.log"),
  );
  track(fake, app);
  const memory = sampleProcessGroup(app.pid);
  const admin = await signIn(app.origin, "admin@kitchen.test");
  const giveUpAt = app.startedAt + o.capMin * 60_000;
  let done: number | null = null;
  let rows: History[] = [];
  for (;;) {
    rows = await Promise.all(
      fake.plan.locations.map(
        async (l) =>
          (await (await admin.request(`/api/restaurants/${l.guid}/kitchen/history`)).json()) as History,
      ),
    );
    if (rows.every((h) => h.total > 0 && h.ready === h.total)) {
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
  const floor = floorSeconds(o, fake.plan.perSecond, fake.plan.per15Minutes);
  const projected = done ?? (ready > 0 ? (elapsed * total) / ready : Number.POSITIVE_INFINITY);
  const report = {
    options: o,
    storedDates: ready,
    closedDates: total,
    secondsUntilAllStored: done,
    secondsRun: Math.round(elapsed),
    projectedSecondsIfCapped: done === null ? Math.round(projected) : null,
    floorSeconds: Math.round(floor),
    ratio: Number((projected / floor).toFixed(2)),
    exportCalls: exports.length,
    callsPerClosedDate: Number((exports.length / Math.max(1, perDate.size)).toFixed(3)),
    datesReadMoreThanTwice: [...perDate.values()].filter((n) => n > 2).length,
    rateLimited: calls.filter((c) => c.status === 429).length,
    peakRssMiB: Math.round(rss.peakMiB),
  };
  writeFileSync(path.join(RESULTS, "chain-latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  const unscaled = (s: number) => `${(s / o.scale / 3600).toFixed(1)} h unscaled`;
  console.log(
    [
      `bench:chain: ${o.locations} locations × ${o.days} days, exports after ${o.exportS} s × scale ${o.scale} = ${(o.exportS * o.scale).toFixed(2)} s, ${o.perLocation} per location in flight`,
      done === null
        ? `  not complete after ${report.secondsRun} s (cap ${o.capMin} min): ${ready} of ${total} closed dates stored; at that pace all would take ${report.projectedSecondsIfCapped} s (${unscaled(projected)})`
        : `  every closed date stored after ${done.toFixed(0)} s (${unscaled(done)})`,
      `  floor: d + max((days - 1) × d / per-location, days / min(${fake.plan.perSecond}, ${fake.plan.per15Minutes}/900)) = ${floor.toFixed(0)} s (${unscaled(floor)})`,
      `  ratio ${report.ratio} (target <= 1.5) ${report.ratio <= 1.5 ? "met" : "MISSED"}`,
      `  export calls per closed date asked: ${report.callsPerClosedDate} (${exports.length} calls, ${perDate.size} dates; target 1 + 1 settle; ${report.datesReadMoreThanTwice} dates read more than twice; ${report.rateLimited} answers 429)`,
      `  peak RSS of the app's process group: ${report.peakRssMiB} MiB (target <= 1024) ${report.peakRssMiB <= 1024 ? "met" : "MISSED"}`,
      `  written to ${path.relative(process.cwd(), path.join(RESULTS, "chain-latest.json"))}`,
    ].join("\n"),
  );
}

let fakeProcess: FakeProcess | undefined;
let appProcess: AppProcess | undefined;
const killAll = () => {
  appProcess?.killNow();
  fakeProcess?.killNow();
};
process.once("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

run(parseOptions(process.argv.slice(2)), (fake, app) => {
  fakeProcess = fake;
  appProcess = app;
})
  .then(async () => {
    await appProcess?.stop();
    await fakeProcess?.stop();
  })
  .catch((error: unknown) => {
    console.error(`bench:chain failed: ${(error as Error).message}`);
    process.exitCode = 1;
  });
