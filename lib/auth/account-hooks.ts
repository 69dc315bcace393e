import "server-only";

import type { Queryable } from "@/lib/db/database";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { processSingleton } from "@/lib/process-singleton";

/**
 * Where the e-mail links meet the people store: the three things an invitation or a reset link
 * does to an account. Every call gets the transaction in which the link is marked used, so the
 * account's change and the link's use commit together or not at all (and an audit line written
 * with the same `tx` joins them).
 *
 * The defaults below stand until the people store (issue 33, its `people` table) is wired here:
 * the accounts file cannot be written by the app, so no invitation can be accepted and no address
 * is known for a reset. Wiring means replacing the three defaults, nothing else.
 */
export interface AccountHooks {
  /** Creates (or activates) the invited person with the password they chose. */
  acceptInvitation(
    input: { email: string; name: string; passwordHash: string; payload: Record<string, unknown> },
    tx: Queryable,
  ): Promise<void>;
  /** The active account a reset link may be sent to; null for an unknown or deactivated address. */
  findAccountForReset(email: string): Promise<{ email: string; name: string | null } | null>;
  /** Sets the new password (and, the people store's choice, ends the account's other sessions). */
  resetPassword(input: { email: string; passwordHash: string }, tx: Queryable): Promise<void>;
}

const notWired = (what: string) =>
  new InvalidInputError(
    "accounts_not_writable",
    `This deployment's accounts come from a file, so ${what} cannot be done here. Ask your admin.`,
  );

const DEFAULT_HOOKS: AccountHooks = {
  acceptInvitation: async () => {
    throw notWired("an invitation");
  },
  findAccountForReset: async () => null,
  resetPassword: async () => {
    throw notWired("a password reset");
  },
};

// One registry per process, shared by every bundle (Next builds pages and routes separately).
const registry = () => processSingleton("account-hooks", () => ({ hooks: DEFAULT_HOOKS }));

export function accountHooks(): AccountHooks {
  return registry().hooks;
}

/**
 * Tests only: hooks over a real database in place of the defaults (a small people table of the
 * test's own), so the whole link flow runs; `null` restores the defaults.
 */
export function setAccountHooksForTests(hooks: AccountHooks | null): void {
  registry().hooks = hooks ?? DEFAULT_HOOKS;
}
