/**
 * Next calls register() once per server process before it handles requests. Only the Node.js
 * runtime runs the kitchen backfill (it needs the database); NEXT_RUNTIME is the variable Next
 * documents for telling them apart, the one process.env read outside lib/env.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startKitchenBackfill } = await import("./lib/kitchen/service/backfill-server");
    startKitchenBackfill(5_000);
  }
}
