import { Fragment } from "react";

import styles from "./outbox-list.module.css";

/** One recorded message as the outbox page shows it (lib/mail/outbox-store.ts OutboxEntry, serialisable). */
export interface OutboxItem {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  status: "stored" | "sending" | "sent" | "failed";
  error: string | null;
}

const STATUS_WORDS: Record<OutboxItem["status"], string> = {
  stored: "kept here (no SMTP)",
  sending: "handed to SMTP, no answer",
  sent: "sent",
  failed: "not sent",
};

// Our own links (invitations, resets) are http(s); anything else in a text stays text.
const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** The text part with its addresses as links, so an admin can follow an invitation from here. */
function LinkedText({ text }: { text: string }) {
  return (
    <pre className={styles.text}>
      {text.split(URL_IN_TEXT).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function OutboxList({ items, mode }: { items: OutboxItem[]; mode: "smtp" | "outbox" }) {
  if (items.length === 0)
    return (
      <p className={styles.empty}>
        No messages yet. Invitations and password resets appear here
        {mode === "outbox" ? ", since no SMTP_URL is set" : " with how their delivery went"}.
      </p>
    );
  return (
    <ol className={styles.list}>
      {items.map((m) => (
        <li key={m.id} className={styles.item}>
          <h2 className={styles.subject}>{m.subject}</h2>
          <p className={styles.meta}>
            To <span className="mono">{m.to}</span> · {when.format(new Date(m.createdAt))} UTC · {m.kind} ·{" "}
            <span className={m.status === "failed" ? styles.failed : undefined}>
              {STATUS_WORDS[m.status]}
            </span>
            {m.error ? <> ({m.error})</> : null}
          </p>
          <LinkedText text={m.text} />
        </li>
      ))}
    </ol>
  );
}
