import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

import { migrate } from "@/lib/db/migrations";
import { pgliteDatabase } from "@/lib/db/pglite-database";

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

const PG_BIN = "/usr/lib/postgresql/15/bin";
const execFileAsync = promisify(execFile);

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

async function startThrowawayPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  for (const tool of ["initdb", "pg_ctl"]) {
    if (!existsSync(path.join(PG_BIN, tool))) {
      throw new Error(
        `PostgreSQL 15 is needed for the store tests but ${path.join(PG_BIN, tool)} is missing. ` +
          "Install it with: apt-get install -y postgresql-15 (or point TEST_DATABASE_URL at a server).",
      );
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "kp-pg-"));
  // initdb refuses to run as root, so as root the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = async (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args]]
      : [path.join(PG_BIN, tool), args];
    try {
      await execFileAsync(cmd, argv, { encoding: "utf8" });
    } catch (error) {
      const { code, stderr, stdout } = error as { code?: number; stderr?: string; stdout?: string };
      throw new Error(`${tool} failed (${code}): ${stderr || stdout}`);
    }
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  await run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  await run("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
