import "server-only";

import bcrypt from "bcryptjs";

/** bcrypt at cost 12 (about a quarter second in bcryptjs): what sign-in compares against. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 12);
}
