import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A throwaway PostgreSQL 15 on 127.0.0.1 and a free port, its cluster in a temporary directory
 * removed by `stop`: the integration project's server (test/integration/global-setup.ts) and
 * `npm run bench:chain -- --db=postgres`. No PostgreSQL binaries means a loud failure.
 */

const PG_BIN = "/usr/lib/postgresql/15/bin";
const execFileAsync = promisify(execFile);

export async function startThrowawayPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  for (const tool of ["initdb", "pg_ctl"]) {
    if (!existsSync(path.join(PG_BIN, tool))) {
      throw new Error(
        `PostgreSQL 15 is needed but ${path.join(PG_BIN, tool)} is missing. ` +
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
