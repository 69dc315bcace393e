import bcrypt from "bcryptjs";
import { z } from "zod";

/** Long enough to resist guessing offline; bcrypt reads only the first 72 bytes, so more is refused, not cut. */
const MIN_CHARS = 10;
const MAX_BYTES = 72;

export const newPasswordSchema = z
  .string({ error: "choose a password" })
  .min(MIN_CHARS, `the password must have at least ${MIN_CHARS} characters`)
  .refine(
    (value) => Buffer.byteLength(value, "utf8") <= MAX_BYTES,
    `the password must be at most ${MAX_BYTES} bytes (bcrypt ignores the rest)`,
  );

/** bcrypt, as the sign-in checks (lib/auth/auth-options.ts); 12 rounds is ~250 ms here, once per change. */
export function hashNewPassword(password: string, cost = 12): Promise<string> {
  return bcrypt.hash(password, cost);
}
