/**
 * One app instance's history backfill in a process of its own, for the tests that kill it with
 * SIGKILL or run two at once on one PostgreSQL (test/integration/kitchen-backfill-processes.test.ts).
 * It is the real service and the real client over HTTP; only the process around it is bare.
 *
 *   BACKFILL_PROCESS='{"databaseUrl":…,"platformUrl":…,"now":…,"days":…,"restaurants":[…]}' \
 *     node --conditions=react-server --import tsx test/support/backfill-process.ts
 *
 * Prints "started" when the first pass begins and "done" when it has ended.
 */
import { migrate } from "@/lib/db/migrations";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import {
  createKitchenService,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "@/lib/kitchen/service/kitchen-service";
import { createPlatformClient } from "@/lib/platform";

interface BackfillProcessInput {
  databaseUrl: string;
  platformUrl: string;
  clientId: string;
  clientSecret: string;
  now: number;
  days: number;
  restaurants: KitchenRestaurant[];
  config: KitchenServiceConfig;
}

// A CommonJS module to tsx (the package is not "type": "module"), so no top-level await.
async function main(): Promise<void> {
  const input = JSON.parse(process.env.BACKFILL_PROCESS ?? "") as BackfillProcessInput;
  const db = openPostgresDatabase(input.databaseUrl);
  await migrate(db);
  const client = createPlatformClient({
    baseUrl: input.platformUrl,
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    now: () => input.now,
    maxRetries: 0,
  });
  const service = createKitchenService({ db, client, config: input.config, now: () => input.now });
  const backfill = service.backfill({
    restaurants: async () => input.restaurants,
    days: input.days,
    concurrency: 2,
    maxStartsPerSecond: 50,
  });
  console.log("started");
  await backfill.runOnce();
  await db.close();
  console.log("done");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
