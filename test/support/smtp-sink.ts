import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in this process (the smtp-server package) on 127.0.0.1 and a free port, that
 * keeps every message it accepts, parsed (mailparser). Point SMTP_URL (or a mailer) at `url`.
 * Plain SMTP without STARTTLS, as a local relay would be; with `credentials` it requires AUTH
 * (PLAIN or LOGIN) and refuses anything else with 535, as a real relay does.
 */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header, names lower-cased, values as mailparser reads them. */
  headers: Map<string, unknown>;
  /** The user the client authenticated as, if any. */
  user: string | null;
}

export interface SmtpSink {
  /** smtp://[user:pass@]127.0.0.1:<port> */
  url: string;
  port: number;
  /** Everything received so far, in order of arrival. */
  messages(): ReceivedMail[];
  /**
   * The next message to `to` not already handed out by waitFor: one already here, or the next to
   * arrive within `timeoutMs` (else it rejects, naming what did arrive).
   */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

const addressText = (value: AddressObject | AddressObject[] | undefined) =>
  value === undefined ? "" : Array.isArray(value) ? value.map((v) => v.text).join(", ") : value.text;

export async function startSmtpSink(
  options: { credentials?: { user: string; pass: string } } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const { credentials } = options;

  const server = new SMTPServer({
    disabledCommands: credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addressText(parsed.from),
            to: addressText(parsed.to),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            headers: new Map(parsed.headers),
            user: typeof session.user === "string" ? session.user : null,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = credentials
    ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@`
    : "";

  function take(to: string): ReceivedMail | undefined {
    const found = received.find((m) => !handedOut.has(m) && m.envelopeTo.includes(to.toLowerCase()));
    if (found) handedOut.add(found);
    return found;
  }

  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    messages: () => [...received],
    waitFor(to, timeoutMs = 10_000) {
      const now = take(to);
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const found = take(to);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = received.map((m) => m.envelopeTo.join(",")).join("; ") || "nothing";
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
