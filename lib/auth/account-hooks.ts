import "server-only";

import type { Queryable } from "@/lib/db/database";
import { acceptInvitationOf, resetPasswordOf } from "@/lib/people/people-admin";
import { findActivePerson } from "@/lib/people/people-store";

import { getPeopleDatabase } from "./first-run";
import { revokeSessionsOf } from "./session-store";

/**
 * Where the e-mail links meet the people store: the three things an invitation or a reset link
 * does to an account. Every call gets the transaction in which the link is marked used, so the
 * account's change, its audit entry and the link's use commit together or not at all.
 */
export interface AccountHooks {
  /** Activates the invited person with the name and password they chose. */
  acceptInvitation(
    input: { email: string; name: string; passwordHash: string; payload: Record<string, unknown> },
    tx: Queryable,
  ): Promise<void>;
  /** The active account a reset link may be sent to; null for an unknown, invited or deactivated address. */
  findAccountForReset(email: string): Promise<{ email: string; name: string | null } | null>;
  /** Sets the new password and ends every session of the account. */
  resetPassword(input: { email: string; passwordHash: string }, tx: Queryable): Promise<void>;
}

const PEOPLE_HOOKS: AccountHooks = {
  // The person row (made by the invitation) holds the role and scope; the link's payload only
  // tells the landing page what was offered.
  acceptInvitation: async ({ email, name, passwordHash }, tx) => {
    await acceptInvitationOf(tx, { email, name, passwordHash });
  },
  findAccountForReset: async (email) => {
    const person = await findActivePerson(await getPeopleDatabase(), email);
    return person ? { email: person.email, name: person.name } : null;
  },
  resetPassword: (input, tx) => resetPasswordOf(tx, input, revokeSessionsOf),
};

export function accountHooks(): AccountHooks {
  return PEOPLE_HOOKS;
}
