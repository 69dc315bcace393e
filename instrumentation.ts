/**
 * Next calls register() once per server process before it handles requests. Only the Node.js
 * runtime runs the kitchen backfill and the raw-record pruning (they need the database);
 * NEXT_RUNTIME is the variable Next documents for telling them apart, the one process.env read
 * outside lib/env.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startKitchenBackfill } = await import("./lib/kitchen/service/backfill-server");
    startKitchenBackfill(5_000);
    const { startRawRecordPruning } = await import("./lib/kitchen/service/retention-server");
    startRawRecordPruning(60_000);
  }
}
