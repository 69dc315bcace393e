import "server-only";

import type { Queryable } from "@/lib/db/database";

/** How a message's delivery went: see migration 18 for each state's meaning. */
export type DeliveryStatus = "stored" | "sending" | "sent" | "failed";

/** What a sender hands the mailer: both parts, always (clients that show no HTML read the text). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for ("invitation", "password_reset", later "digest"): the outbox's filter. */
  kind: string;
}

export interface OutboxEntry extends MailMessage {
  id: number;
  createdAt: Date;
  status: DeliveryStatus;
  error: string | null;
  messageId: string | null;
  sentAt: Date | null;
}

interface OutboxRow {
  id: number | string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
  status: DeliveryStatus;
  error: string | null;
  message_id: string | null;
  sent_at: Date | string | null;
}

/** An error text kept whole enough to act on, short enough for a table cell. */
const MAX_ERROR_CHARS = 1_000;

/**
 * The table every message is written to before anything else happens to it (migration 18), so a
 * message is never lost: without SMTP it stays here to be read at /admin/outbox; with SMTP it is
 * marked sent or failed (with the error) once the server has answered.
 */
export function createOutboxStore(db: Queryable, now: () => number = Date.now) {
  return {
    async record(message: MailMessage, status: "stored" | "sending"): Promise<number> {
      const [row] = await db.query<{ id: number | string }>(
        `INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, created_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [message.kind, message.to, message.subject, message.text, message.html, new Date(now()), status],
      );
      return Number(row!.id);
    },

    async markSent(id: number, messageId: string | null): Promise<void> {
      await db.query("UPDATE mail_outbox SET status = 'sent', message_id = $2, sent_at = $3 WHERE id = $1", [
        id,
        messageId,
        new Date(now()),
      ]);
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db.query("UPDATE mail_outbox SET status = 'failed', error = $2 WHERE id = $1", [
        id,
        error.slice(0, MAX_ERROR_CHARS),
      ]);
    },

    /** The newest messages first (ties by id, so two in one millisecond keep their order). */
    async list(limit = 200): Promise<OutboxEntry[]> {
      const rows = await db.query<OutboxRow>(
        "SELECT * FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT $1",
        [limit],
      );
      return rows.map(toEntry);
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: Number(row.id),
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: new Date(row.created_at),
    status: row.status,
    error: row.error,
    messageId: row.message_id,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
  };
}
