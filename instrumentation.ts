/**
 * Next calls register() once per server process before it handles requests. Only the Node.js
 * runtime opens the database and runs the kitchen backfill, the raw-record pruning and restaurant discovery;
 * NEXT_RUNTIME is the variable Next documents for telling them apart, the one process.env read
 * outside lib/env.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Every signed-in request checks its session in the database, so open (and migrate) it before
    // serving: a fresh PGlite's initdb took 14 s on a busy 2-core machine, and the first sign-in
    // would wait for it. A failure is left to the first request, which tries again.
    const { getDatabase } = await import("./lib/db/server");
    await getDatabase().catch((error: unknown) => {
      console.error(`[db] not opened at start: ${error instanceof Error ? error.message : String(error)}`);
    });
    const { startKitchenBackfill } = await import("./lib/kitchen/service/backfill-server");
    startKitchenBackfill(5_000);
    const { startRawRecordPruning } = await import("./lib/kitchen/service/retention-server");
    startRawRecordPruning(60_000);
    const { startRestaurantDiscovery } = await import("./lib/restaurants/discovery-server");
    startRestaurantDiscovery(10_000);
    const { startConfigWatch } = await import("./lib/annotations/config-watch-server");
    startConfigWatch(120_000);
    const { startLiveAlerts } = await import("./lib/alerts/alerts-server");
    startLiveAlerts(15_000);
    const { startDigestSender } = await import("./lib/digests/digest-server");
    startDigestSender(30_000);
  }
}
