import "server-only";

import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

import { env } from "@/lib/env";

import { parseAccountsFile, type AccountDirectory } from "./accounts-file";
import demoAccounts from "./demo-accounts.json";

let cached: { key: string; directory: AccountDirectory } | undefined;

/**
 * The account directory from ACCOUNTS_FILE (a path, relative to the working directory), or the
 * shipped demo accounts when unset. The file is re-read when its modification time changes, so
 * an operator can revoke an account without a restart; sessions of a removed account stop
 * working at their next request because every check looks the e-mail up here.
 */
export function accountDirectory(): AccountDirectory {
  const file = env().ACCOUNTS_FILE;
  if (!file) {
    if (cached?.key !== "demo") {
      cached = {
        key: "demo",
        directory: parseAccountsFile(JSON.stringify(demoAccounts), "lib/auth/demo-accounts.json"),
      };
    }
    return cached.directory;
  }
  const path = resolve(/* turbopackIgnore: true */ process.cwd(), file);
  let mtime: number;
  try {
    mtime = statSync(path).mtimeMs;
  } catch {
    throw new Error(`ACCOUNTS_FILE ${path} cannot be read: no such file`);
  }
  const key = `${path}@${mtime}`;
  if (cached?.key !== key) {
    cached = { key, directory: parseAccountsFile(readFileSync(path, "utf8"), path) };
  }
  return cached.directory;
}

/**
 * True when neither ACCOUNTS_FILE nor ADMIN_EMAIL is set: the shipped demo accounts (known
 * password) were the first run's people.
 */
export function usingDemoAccounts(): boolean {
  return !env().ACCOUNTS_FILE && !env().ADMIN_EMAIL;
}
