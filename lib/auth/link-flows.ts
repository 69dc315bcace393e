import "server-only";

import { z } from "zod";

import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { getMailer, type MailDelivery, type Mailer } from "@/lib/mail/mailer";
import { invitationMail, passwordResetMail } from "@/lib/mail/templates";
import { newPasswordSchema } from "@/lib/people/admin-contract";

import { accountHooks, type AccountHooks } from "./account-hooks";
import { normalizeEmail } from "./accounts-file";
import { hashNewPassword } from "./new-password";
import { createOneTimeLinks, type LinkGrant, type OneTimeLinks } from "./one-time-links";

/** Reset mails per address in any hour: enough for a lost mail or two, too few to flood an inbox. */
export const MAX_RESETS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export interface LinkFlowDeps {
  links: OneTimeLinks;
  mailer: Pick<Mailer, "send">;
  hooks: () => AccountHooks;
  /** The public origin the links in mails start with; only sending needs it. */
  origin?: string;
  /** bcrypt rounds of a chosen password (tests use few). */
  bcryptCost?: number;
  now?: () => number;
}

export const invitationAcceptSchema = z.object({
  token: z.string(),
  name: z.string().trim().min(1, "say what name to show").max(100, "the name is too long (100 at most)"),
  password: newPasswordSchema,
});

export const passwordResetSchema = z.object({
  token: z.string(),
  password: newPasswordSchema,
});

/**
 * What the invitation and password-reset links do, from the mail to the account's change. Pages and
 * routes call these; the account itself is changed through the hooks (lib/auth/account-hooks.ts).
 */
export function createLinkFlows(deps: LinkFlowDeps) {
  const now = deps.now ?? Date.now;
  const log = logger("account-links");
  const linkTo = (path: string) => {
    if (!deps.origin) throw new Error("no origin to build a link in a mail with (APP_ORIGIN)");
    return `${deps.origin.replace(/\/+$/, "")}${path}`;
  };

  return {
    /**
     * Issues an invitation link for `email` (earlier unused ones end) and mails it. `payload` is
     * the people store's (role and scope), handed back to acceptInvitation when the link is used.
     */
    async sendInvitation(input: {
      email: string;
      payload: Record<string, unknown>;
      inviterName?: string | null;
      access?: string | null;
    }): Promise<{ delivery: MailDelivery; expiresAt: Date }> {
      const email = normalizeEmail(input.email);
      const { token, expiresAt } = await deps.links.issue({
        purpose: "invitation",
        email,
        payload: input.payload,
      });
      const delivery = await deps.mailer.send(
        invitationMail({ ...input, to: email, link: linkTo(`/invite/${token}`), expiresAt }),
      );
      return { delivery, expiresAt };
    },

    /** The invitation behind a link, for its landing page; throws OneTimeLinkError. */
    describeInvitation: (token: string): Promise<LinkGrant> => deps.links.peek(token, "invitation"),

    /** Uses the link and creates the account with the chosen password, in one transaction. */
    async acceptInvitationLink(input: z.input<typeof invitationAcceptSchema>): Promise<{ email: string }> {
      const { token, name, password } = invitationAcceptSchema.parse(input);
      // Hashed before the transaction: bcrypt's quarter second must not hold the link's row lock.
      const passwordHash = await hashNewPassword(password, deps.bcryptCost);
      return deps.links.redeem(token, "invitation", async (grant, tx) => {
        await deps
          .hooks()
          .acceptInvitation({ email: grant.email, name, passwordHash, payload: grant.payload }, tx);
        return { email: grant.email };
      });
    },

    /**
     * Mails a reset link if the address belongs to an active account and has not had
     * MAX_RESETS_PER_HOUR already. Says nothing either way: the caller answers every address alike.
     */
    async requestPasswordReset(rawEmail: string): Promise<void> {
      const parsed = z.email().safeParse(normalizeEmail(rawEmail));
      if (!parsed.success) return;
      const account = await deps.hooks().findAccountForReset(parsed.data);
      if (!account) return;
      const recent = await deps.links.issuedSince(account.email, "password_reset", now() - HOUR_MS);
      if (recent >= MAX_RESETS_PER_HOUR) {
        log.warn({ recent }, "password reset not mailed: too many for one address this hour");
        return;
      }
      const { token, expiresAt } = await deps.links.issue({
        purpose: "password_reset",
        email: account.email,
      });
      await deps.mailer.send(
        passwordResetMail({ to: account.email, link: linkTo(`/reset-password/${token}`), expiresAt }),
      );
    },

    /** The reset behind a link, for its landing page; throws OneTimeLinkError. */
    describePasswordReset: (token: string): Promise<LinkGrant> => deps.links.peek(token, "password_reset"),

    /** Uses the link and sets the new password, in one transaction. */
    async resetPasswordWithLink(input: z.input<typeof passwordResetSchema>): Promise<{ email: string }> {
      const { token, password } = passwordResetSchema.parse(input);
      const passwordHash = await hashNewPassword(password, deps.bcryptCost);
      return deps.links.redeem(token, "password_reset", async (grant, tx) => {
        await deps.hooks().resetPassword({ email: grant.email, passwordHash }, tx);
        return { email: grant.email };
      });
    },
  };
}

export type LinkFlows = ReturnType<typeof createLinkFlows>;

/**
 * The process's flows. Links in mails start with APP_ORIGIN (or NEXTAUTH_URL) when set; only
 * without either is the request's own origin used, as next-auth does. Set APP_ORIGIN in
 * production: a reset link built from a forged Host header would send its token elsewhere.
 */
export async function linkFlows(requestOrigin?: string): Promise<LinkFlows> {
  const e = env();
  const db = await getDatabase();
  return createLinkFlows({
    links: createOneTimeLinks(db, {
      ttlMs: { invitation: e.INVITATION_TTL_H * HOUR_MS, password_reset: e.PASSWORD_RESET_TTL_MIN * 60_000 },
    }),
    mailer: await getMailer(),
    hooks: accountHooks,
    origin: e.APP_ORIGIN ?? e.NEXTAUTH_URL ?? requestOrigin,
  });
}
