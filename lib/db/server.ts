import "server-only";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import type { Database } from "./database";
import { migrate } from "./migrations";
import { openPgliteDatabase } from "./pglite-database";
import { openPostgresDatabase } from "./postgres-database";

const CACHE_KEY = Symbol.for("kitchen-pulse.database");
type DatabaseCache = { [CACHE_KEY]?: Promise<Database> };

/**
 * The process-wide database, migrated. PostgreSQL when DATABASE_URL is set, else PGlite persisted
 * under DATA_DIR/kitchen. Kept on globalThis because Next's dev server re-evaluates modules on
 * edits, and a second PGlite on the same directory would corrupt it.
 */
export function getDatabase(): Promise<Database> {
  const cache = globalThis as DatabaseCache;
  cache[CACHE_KEY] ??= openDatabase().catch((error: unknown) => {
    delete cache[CACHE_KEY];
    throw error;
  });
  return cache[CACHE_KEY];
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
