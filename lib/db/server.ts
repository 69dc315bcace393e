import "server-only";

import { mkdir } from "node:fs/promises";
import path from "node:path";

import { env } from "@/lib/env";
import { processSingletonPromise } from "@/lib/process-singleton";

import type { Database } from "./database";
import { migrate } from "./migrations";
import { openPgliteDatabase } from "./pglite-database";
import { openPostgresDatabase } from "./postgres-database";

/**
 * The process-wide database, migrated. PostgreSQL when DATABASE_URL is set, else PGlite persisted
 * under DATA_DIR/kitchen. One per process: a second PGlite on the same directory would corrupt it.
 */
export function getDatabase(): Promise<Database> {
  return processSingletonPromise("database", openDatabase);
}

export async function openDatabase(): Promise<Database> {
  const e = env();
  let db: Database;
  if (e.DATABASE_URL) {
    db = openPostgresDatabase(e.DATABASE_URL);
  } else {
    // PGlite creates its own folder but not the parents: a fresh DATA_DIR may not exist yet.
    const dir = path.resolve(e.DATA_DIR, "kitchen");
    await mkdir(path.dirname(dir), { recursive: true });
    db = await openPgliteDatabase(dir);
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
