import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

import { migrate } from "@/lib/db/migrations";
import { pgliteDatabase } from "@/lib/db/pglite-database";

import { startThrowawayPostgres } from "../support/throwaway-postgres";

/**
 * The integration project's PostgreSQL: TEST_DATABASE_URL when set (CI may bring its own), else a
 * throwaway PostgreSQL 15 started here on 127.0.0.1 and a free port, stopped in teardown. Store
 * tests run against it and against PGlite. No PostgreSQL binaries means a loud failure, never a
 * silent skip.
 *
 * It also migrates one in-memory PGlite and dumps its data directory to a file: a test's PGlite
 * loads that dump instead of running initdb and the migrations itself (about 1.6 s against 4 to
 * 5 s here, paid by every PGlite test).
 */
declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A tar of a migrated PGlite data directory (`dumpDataDir`), for `PGlite.create({ loadDataDir })`. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Test harness configuration, not app configuration: lib/env.ts does not know this variable.
  const given = process.env.TEST_DATABASE_URL;
  // Side by side: initdb and the server run in processes of their own while PGlite works here.
  const [template, server] = await Promise.all([
    migratedPgliteTemplate(),
    given ? { url: given, stop: async () => {} } : startThrowawayPostgres(),
  ]);
  project.provide("pgliteTemplate", template.file);
  project.provide("postgresUrl", server.url);
  return async () => {
    template.remove();
    await server.stop();
  };
}

async function migratedPgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kp-pglite-template-"));
  const pg = await PGlite.create();
  try {
    await migrate(pgliteDatabase(pg));
    const dump = await pg.dumpDataDir("none");
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await pg.close();
  }
}
