import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * The integration project's PostgreSQL: TEST_DATABASE_URL when set (CI may bring its own), else a
 * throwaway PostgreSQL 15 started here on 127.0.0.1 and a free port, stopped in teardown. Store
 * tests run against it and against PGlite. No PostgreSQL binaries means a loud failure, never a
 * silent skip.
 */
declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const PG_BIN = "/usr/lib/postgresql/15/bin";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Test harness configuration, not app configuration: lib/env.ts does not know this variable.
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return async () => {};
  }
  const server = await startThrowawayPostgres();
  project.provide("postgresUrl", server.url);
  return server.stop;
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
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args]] : [path.join(PG_BIN, tool), args];
    const result = spawnSync(cmd, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
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
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
