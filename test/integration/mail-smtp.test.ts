import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createLinkFlows } from "@/lib/auth/link-flows";
import { createOneTimeLinks } from "@/lib/auth/one-time-links";
import { createMailer } from "@/lib/mail/mailer";
import { createOutboxStore } from "@/lib/mail/outbox-store";
import { invitationMail } from "@/lib/mail/templates";

import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { openTestDatabase, type TestDatabase } from "./kitchen-harness";

/**
 * The mailer against a real SMTP server in this process (test/support/smtp-sink.ts): what arrives
 * is read back and parsed, headers and both parts, and the outbox row says how delivery went.
 */
const FROM = "Kitchen Pulse <mail@kitchen.test>";
const ORIGIN = "https://pulse.kitchen.test";
const CREDENTIALS = { user: "relay-user", pass: "p@ss:word/1" };
const TTL = { invitation: 7 * 24 * 3_600_000, password_reset: 3_600_000 };

let sink: SmtpSink;
let t: TestDatabase;

beforeAll(async () => {
  [sink, t] = await Promise.all([startSmtpSink({ credentials: CREDENTIALS }), openTestDatabase("pglite")]);
});

afterAll(async () => {
  await sink?.stop();
  await t?.drop();
});

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("mail over SMTP", () => {
  it("delivers an invitation with both parts and its link, authenticated, and records it as sent", async () => {
    const outbox = createOutboxStore(t.db);
    const mailer = createMailer({ outbox, smtpUrl: sink.url, from: FROM });
    const flows = createLinkFlows({
      links: createOneTimeLinks(t.db, { ttlMs: TTL }),
      mailer,
      hooks: () => {
        throw new Error("not used here");
      },
      origin: ORIGIN,
    });
    try {
      const sent = await flows.sendInvitation({
        email: "New.Manager@Kitchen.test",
        payload: { role: "manager", areas: ["north"] },
        inviterName: "Avery <Admin>",
        access: "manager of the North area",
      });
      expect(sent.delivery.status).toBe("sent");

      const mail = await sink.waitFor("new.manager@kitchen.test");
      expect(mail.user).toBe(CREDENTIALS.user);
      expect(mail.from).toBe('"Kitchen Pulse" <mail@kitchen.test>');
      expect(mail.to).toBe("new.manager@kitchen.test");
      expect(mail.subject).toBe("Your invitation to Kitchen Pulse");
      expect((mail.headers.get("content-type") as { value: string }).value).toBe("multipart/alternative");
      const link = /^(https:\/\/pulse\.kitchen\.test\/invite\/[A-Za-z0-9_-]{43})$/m.exec(mail.text)?.[1];
      expect(link, mail.text).toBeDefined();
      expect(mail.text).toContain(
        "Avery <Admin> has invited you to Kitchen Pulse as manager of the North area.",
      );
      // The HTML part carries the same link, and the inviter's name escaped, not as markup.
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain("Avery &lt;Admin&gt; has invited you");
      expect(mail.html).not.toContain("<Admin>");

      // The link in the mail is a live one, and says whom it is for and with what.
      const grant = await flows.describeInvitation(link!.split("/").pop()!);
      expect(grant).toMatchObject({
        email: "new.manager@kitchen.test",
        payload: { role: "manager", areas: ["north"] },
      });

      const [row] = await outbox.list(1);
      expect(row).toMatchObject({ id: sent.delivery.id, status: "sent", error: null, kind: "invitation" });
      expect(row!.messageId).toBe(mail.messageId);
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      mailer.close();
    }
  });

  it("records a refused login as failed, with the server's words, and keeps the message", async () => {
    const outbox = createOutboxStore(t.db);
    const url = new URL(sink.url);
    url.password = "wrong";
    const mailer = createMailer({ outbox, smtpUrl: url.toString(), from: FROM });
    try {
      const before = sink.messages().length;
      const delivery = await mailer.send(
        invitationMail({ to: "refused@kitchen.test", link: `${ORIGIN}/invite/x`, expiresAt: new Date() }),
      );
      expect(delivery.status).toBe("failed");
      expect(delivery.error).toMatch(/535|Invalid/);
      expect(sink.messages()).toHaveLength(before);
      const [row] = await outbox.list(1);
      expect(row).toMatchObject({ id: delivery.id, status: "failed", to: "refused@kitchen.test" });
      expect(row!.error).toBe(delivery.error);
      expect(row!.text).toContain(`${ORIGIN}/invite/x`);
    } finally {
      mailer.close();
    }
  });

  it("records an unreachable server as failed", async () => {
    const outbox = createOutboxStore(t.db);
    const mailer = createMailer({ outbox, smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: FROM });
    try {
      const delivery = await mailer.send(
        invitationMail({ to: "nobody@kitchen.test", link: `${ORIGIN}/invite/y`, expiresAt: new Date() }),
      );
      expect(delivery).toMatchObject({ status: "failed" });
      expect(delivery.error).toMatch(/ECONNREFUSED/);
      expect((await outbox.list(1))[0]).toMatchObject({ id: delivery.id, status: "failed" });
    } finally {
      mailer.close();
    }
  });
});

describe("mail without SMTP_URL", () => {
  it("keeps every message in the outbox, newest first, and sends nothing", async () => {
    const outbox = createOutboxStore(t.db);
    const mailer = createMailer({ outbox, from: FROM });
    expect(mailer.mode).toBe("outbox");
    const before = sink.messages().length;
    const first = await mailer.send({
      to: "a@kitchen.test",
      subject: "First",
      text: "one",
      html: "<p>one</p>",
      kind: "digest",
    });
    const second = await mailer.send({
      to: "b@kitchen.test",
      subject: "Second",
      text: "two",
      html: "<p>two</p>",
      kind: "digest",
    });
    expect([first.status, second.status]).toEqual(["stored", "stored"]);
    const [newest, older] = await outbox.list(2);
    expect(newest).toMatchObject({
      id: second.id,
      subject: "Second",
      text: "two",
      html: "<p>two</p>",
      status: "stored",
    });
    expect(older).toMatchObject({ id: first.id, to: "a@kitchen.test", kind: "digest" });
    expect(sink.messages()).toHaveLength(before);
  });

  it("refuses a recipient that is no address and a subject with a line break, writing nothing", async () => {
    const outbox = createOutboxStore(t.db);
    const mailer = createMailer({ outbox, from: FROM });
    const count = async () => (await outbox.list(1_000)).length;
    const before = await count();
    const base = { to: "a@kitchen.test", subject: "Hello", text: "t", html: "h", kind: "digest" };
    await expect(mailer.send({ ...base, to: "not an address" })).rejects.toThrow(
      /recipient must be an e-mail/,
    );
    await expect(mailer.send({ ...base, subject: "Hi\r\nBcc: x@evil.test" })).rejects.toThrow(/one line/);
    expect(await count()).toBe(before);
  });
});
