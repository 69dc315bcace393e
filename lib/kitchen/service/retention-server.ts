import "server-only";

import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { pruneExpiredRawRecords } from "@/lib/kitchen/storage/retention";
import { processSingleton } from "@/lib/process-singleton";

const DAY_MS = 86_400_000;

/**
 * Prunes raw records past KITCHEN_RAW_RETENTION_DAYS (storage/retention.ts) `delayMs` after the
 * server starts, then once a day: a date leaves the retention once a day, so a daily pass keeps
 * the store within a day of it. Started once by instrumentation.ts; 0 days starts nothing.
 */
export function startRawRecordPruning(delayMs: number): void {
  const days = env().KITCHEN_RAW_RETENTION_DAYS;
  if (days === 0) return;
  processSingleton("kitchen-raw-pruning-started", () => {
    const run = async () => {
      try {
        const { before, deleted } = await pruneExpiredRawRecords(await getDatabase(), Date.now(), days);
        if (deleted > 0)
          console.info(
            `[kitchen] raw records of dates before ${before} pruned: ${deleted} chunk(s) (KITCHEN_RAW_RETENTION_DAYS=${days})`,
          );
      } catch (error) {
        console.warn(
          `[kitchen] raw-record pruning failed, tried again in a day: ${(error as Error).message}`,
        );
      }
    };
    const first = setTimeout(() => {
      void run();
      setInterval(() => void run(), DAY_MS).unref();
    }, delayMs);
    first.unref();
    return true;
  });
}
