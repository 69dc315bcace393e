import "server-only";

import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { env } from "@/lib/env";

let secret: string | undefined;

/**
 * The key that signs and encrypts session cookies: AUTH_SECRET, else NEXTAUTH_SECRET. With
 * neither (a zero-config `npm start`), a random key is generated on first start and kept in
 * DATA_DIR/auth-secret (mode 0600), so restarts keep people signed in; deleting the file signs
 * everyone out. Several processes starting at once agree on one key: the file is created
 * exclusively and a loser of the race reads the winner's key.
 */
export function authSecret(): string {
  if (secret) return secret;
  const e = env();
  const configured = e.AUTH_SECRET ?? e.NEXTAUTH_SECRET;
  if (configured) return (secret = configured);

  const dir = resolve(/* turbopackIgnore: true */ process.cwd(), e.DATA_DIR);
  const file = join(dir, "auth-secret");
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const stored = readFileSync(file, "utf8").trim();
  if (stored.length < 32) throw new Error(`${file} holds no usable secret; delete it to generate a new one`);
  try {
    chmodSync(file, 0o600);
  } catch {
    // A read-only mount keeps whatever mode the operator chose.
  }
  return (secret = stored);
}
