import bcrypt from "bcryptjs";

/**
 * bcrypt, for a password chosen under `newPasswordSchema` (lib/people/admin-contract.ts); as the sign-in checks (lib/auth/auth-options.ts); 12 rounds
 * is ~250 ms here, once per change.
 */
export function hashNewPassword(password: string, cost = 12): Promise<string> {
  return bcrypt.hash(password, cost);
}
