import "server-only";

import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";

import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";
import { logger } from "@/lib/log/logger";
import { processSingletonPromise } from "@/lib/process-singleton";

import { createOutboxStore, type MailMessage, type OutboxStore } from "./outbox-store";

/** What became of one message; `id` is its row in the outbox, where it is recorded in every case. */
export interface MailDelivery {
  id: number;
  status: "sent" | "failed" | "stored";
  /** The SMTP server's or the network's complaint, when `failed`. */
  error?: string;
}

export interface Mailer {
  /** "smtp" with SMTP_URL, else "outbox": the message stays in the database for /admin/outbox. */
  readonly mode: "smtp" | "outbox";
  /**
   * Records the message, then (with SMTP) hands it to the server. A refusal or a network failure
   * is not thrown: it is recorded and returned as `failed`, since the message itself is kept and
   * the caller decides what to tell its user. Bad input (an address that is none) throws
   * InvalidInputError before anything is written.
   */
  send(message: MailMessage): Promise<MailDelivery>;
  close(): void;
}

export interface MailerOptions {
  outbox: OutboxStore;
  /** smtp://user:pass@host:port or smtps://…; undefined keeps every message in the outbox. */
  smtpUrl?: string;
  from: string;
}

const messageSchema = z.object({
  to: z.email({ error: "the recipient must be an e-mail address" }),
  // A line break in a header would start another header: refused, never folded.
  subject: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\r\n]*$/, "the subject must be one line"),
  text: z.string().min(1),
  html: z.string().min(1),
  kind: z.string().regex(/^[a-z][a-z_]{0,39}$/, "the kind must be a lower-case word"),
});

// A mail server that accepts the connection and then says nothing must not hold an invitation's
// request for minutes (nodemailer's defaults are 2 minutes to connect and 10 of socket silence).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(options: MailerOptions): Mailer {
  const log = logger("mail");
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : undefined;
  return {
    mode: transport ? "smtp" : "outbox",
    async send(input) {
      const parsed = messageSchema.safeParse(input);
      if (!parsed.success) {
        throw new InvalidInputError("invalid_mail", parsed.error.issues.map((i) => i.message).join("; "));
      }
      const message = parsed.data;
      if (!transport) {
        const id = await options.outbox.record(message, "stored");
        log.info({ id, kind: message.kind, status: "stored" }, "mail kept in the outbox");
        return { id, status: "stored" };
      }
      // Written before the attempt: a process killed mid-send leaves the message as "sending".
      const id = await options.outbox.record(message, "sending");
      try {
        const info = await transport.sendMail({ from: options.from, ...pick(message) });
        await options.outbox.markSent(id, typeof info.messageId === "string" ? info.messageId : null);
        log.info({ id, kind: message.kind, status: "sent" }, "mail sent");
        return { id, status: "sent" };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await options.outbox.markFailed(id, reason);
        log.warn({ id, kind: message.kind, status: "failed", reason }, "mail not sent");
        return { id, status: "failed", error: reason };
      }
    },
    close: () => transport?.close(),
  };
}

const pick = ({ to, subject, text, html }: MailMessage) => ({ to, subject, text, html });

/** The process's mailer, from SMTP_URL and MAIL_FROM, recording into the app's database. */
export function getMailer(): Promise<Mailer> {
  return processSingletonPromise("mailer", async () => {
    const e = env();
    return createMailer({
      outbox: createOutboxStore(await getDatabase()),
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
    });
  });
}

/** Sends (or keeps in the outbox) one message with the process's mailer. */
export async function sendMail(message: MailMessage): Promise<MailDelivery> {
  return (await getMailer()).send(message);
}

/** The recorded messages, newest first, and whether this process sends them over SMTP. */
export async function readOutbox(limit?: number) {
  const mailer = await getMailer();
  return { mode: mailer.mode, messages: await createOutboxStore(await getDatabase()).list(limit) };
}
