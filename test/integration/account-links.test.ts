import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as getOutbox } from "@/app/api/admin/outbox/route";
import { POST as acceptInvitation } from "@/app/api/invitations/accept/route";
import { POST as confirmReset } from "@/app/api/password-reset/confirm/route";
import { setAccountHooksForTests, type AccountHooks } from "@/lib/auth/account-hooks";
import { linkFlows, MAX_RESETS_PER_HOUR } from "@/lib/auth/link-flows";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/server";
import { resetEnvForTests } from "@/lib/env";
import { sendMail } from "@/lib/mail/mailer";
import { forgetProcessSingleton } from "@/lib/process-singleton";

import { setAppEnv } from "../support/app-env";
import { signIn } from "../support/session";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * The invitation and reset links end to end below the browser: the app's own flows, mailer and
 * database (from its environment), mail read from a real SMTP server, the routes the link pages
 * post to, and account hooks over a small people table of this test's own in the same database
 * (the people store is another part of issue 33: what matters here is that its change and the
 * link's use commit together).
 */
const ORIGIN = "https://pulse.kitchen.test";
const VARS = ["DATA_DIR", "DATABASE_URL", "SMTP_URL", "MAIL_FROM", "ACCOUNTS_FILE", "LOG_LEVEL"];
const PASSWORD = "correct horse battery";

let sink: SmtpSink;
let dataDir: string;
let restoreEnv: (() => void) | undefined;

const testHooks: AccountHooks = {
  async acceptInvitation(input, tx) {
    await tx.query("INSERT INTO test_people (email, name, password_hash, role) VALUES ($1, $2, $3, $4)", [
      input.email,
      input.name,
      input.passwordHash,
      String(input.payload.role),
    ]);
  },
  async findAccountForReset(email) {
    const db = await getDatabase();
    const [row] = await db.query<{ email: string; name: string }>(
      "SELECT email, name FROM test_people WHERE email = $1",
      [email],
    );
    return row ?? null;
  },
  async resetPassword(input, tx) {
    await tx.query("UPDATE test_people SET password_hash = $2 WHERE email = $1", [
      input.email,
      input.passwordHash,
    ]);
  },
};

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = mkdtempSync(path.join(tmpdir(), "kp-account-links-"));
  restoreEnv = setAppEnv(VARS, {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    APP_ORIGIN: ORIGIN,
    LOG_LEVEL: "silent",
  });
  forgetProcessSingleton("database");
  forgetProcessSingleton("mailer");
  await (
    await getDatabase()
  ).exec(
    "CREATE TABLE test_people (email text PRIMARY KEY, name text NOT NULL, password_hash text NOT NULL, role text NOT NULL)",
  );
  setAccountHooksForTests(testHooks);
}, 120_000);

afterAll(async () => {
  setAccountHooksForTests(null);
  setServerSessionReaderForTests(null);
  await (await getDatabase()).close();
  forgetProcessSingleton("database");
  forgetProcessSingleton("mailer");
  restoreEnv?.();
  await sink?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (handler: typeof acceptInvitation, url: string, body: unknown) =>
  handler(
    new Request(`${ORIGIN}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

const tokenIn = (text: string, route: string) =>
  new RegExp(`^${ORIGIN}/${route}/([A-Za-z0-9_-]{43})$`, "m").exec(text)?.[1];

async function person(email: string) {
  const db = await getDatabase();
  const [row] = await db.query<{ name: string; password_hash: string; role: string }>(
    "SELECT name, password_hash, role FROM test_people WHERE email = $1",
    [email],
  );
  return row;
}

describe("an invitation link", () => {
  it("arrives by SMTP; the invited person chooses a password once; a second use says it was used", async () => {
    const flows = await linkFlows();
    await flows.sendInvitation({
      email: "mia@kitchen.test",
      payload: { role: "manager" },
      inviterName: "Avery",
    });
    const mail = await sink.waitFor("mia@kitchen.test");
    const token = tokenIn(mail.text, "invite");
    expect(token, mail.text).toBeDefined();

    // Bad input: refused with the rule named, and the link is still good.
    const short = await post(acceptInvitation, "/api/invitations/accept", {
      token,
      name: "Mia",
      password: "short",
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toMatch(
      /at least 10 characters/,
    );
    expect(await person("mia@kitchen.test")).toBeUndefined();

    const ok = await post(acceptInvitation, "/api/invitations/accept", {
      token,
      name: " Mia Park ",
      password: PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ email: "mia@kitchen.test" });
    const mia = await person("mia@kitchen.test");
    expect(mia).toMatchObject({ name: "Mia Park", role: "manager" });
    expect(await bcrypt.compare(PASSWORD, mia!.password_hash)).toBe(true);

    const again = await post(acceptInvitation, "/api/invitations/accept", {
      token,
      name: "Eve",
      password: PASSWORD,
    });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("link_used");
    expect(await person("mia@kitchen.test")).toMatchObject({ name: "Mia Park" });

    const unknown = await post(acceptInvitation, "/api/invitations/accept", {
      token: "A".repeat(43),
      name: "Eve",
      password: PASSWORD,
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("link_unknown");
  });
});

describe("a password reset", () => {
  it("mails a known address only, at most a few times an hour, and its link sets the password once", async () => {
    const flows = await linkFlows();
    await flows.sendInvitation({ email: "noah@kitchen.test", payload: { role: "viewer" } });
    const invitation = tokenIn((await sink.waitFor("noah@kitchen.test")).text, "invite");
    expect(
      (
        await post(acceptInvitation, "/api/invitations/accept", {
          token: invitation,
          name: "Noah",
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);

    const before = sink.messages().length;
    await flows.requestPasswordReset("stranger@kitchen.test");
    await flows.requestPasswordReset("not an address");
    expect(sink.messages()).toHaveLength(before);

    for (let i = 0; i < MAX_RESETS_PER_HOUR + 1; i++) await flows.requestPasswordReset(" Noah@Kitchen.test ");
    const resets = sink.messages().slice(before);
    expect(resets.map((m) => m.subject)).toEqual(
      Array.from({ length: MAX_RESETS_PER_HOUR }, () => "Reset your Kitchen Pulse password"),
    );
    // Only the newest mail's link works; an earlier one has ended.
    const tokens = resets.map((m) => tokenIn(m.text, "reset-password"));
    const stale = await post(confirmReset, "/api/password-reset/confirm", {
      token: tokens[0],
      password: "a brand new secret",
    });
    expect(stale.status).toBe(410);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("link_expired");

    const ok = await post(confirmReset, "/api/password-reset/confirm", {
      token: tokens.at(-1),
      password: "a brand new secret",
    });
    expect(ok.status).toBe(200);
    expect(
      await bcrypt.compare("a brand new secret", (await person("noah@kitchen.test"))!.password_hash),
    ).toBe(true);
    const twice = await post(confirmReset, "/api/password-reset/confirm", {
      token: tokens.at(-1),
      password: "another secret!",
    });
    expect(twice.status).toBe(410);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe("link_used");
  });
});

describe("GET /api/admin/outbox", () => {
  it("lists every recorded message newest first to the admin, 403 to others, 401 signed out", async () => {
    signIn("admin@kitchen.test");
    const answer = await getOutbox(new Request(`${ORIGIN}/api/admin/outbox`), {
      params: Promise.resolve({}),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      mode: string;
      messages: { id: number; to: string; status: string }[];
    };
    expect(body.mode).toBe("smtp");
    expect(body.messages.length).toBe(sink.messages().length);
    expect(body.messages.every((m) => m.status === "sent")).toBe(true);
    const ids = body.messages.map((m) => m.id);
    expect(ids).toEqual(ids.toSorted((a, b) => b - a));

    signIn("ana@kitchen.test");
    expect(
      (await getOutbox(new Request(`${ORIGIN}/api/admin/outbox`), { params: Promise.resolve({}) })).status,
    ).toBe(403);
    signIn(null);
    expect(
      (await getOutbox(new Request(`${ORIGIN}/api/admin/outbox`), { params: Promise.resolve({}) })).status,
    ).toBe(401);
  });

  it("without SMTP_URL, keeps what sendMail is given in the outbox and says so", async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    forgetProcessSingleton("mailer");
    const before = sink.messages().length;
    const delivery = await sendMail({
      to: "ana@kitchen.test",
      subject: "Kept, not sent",
      text: `Open ${ORIGIN}/x`,
      html: "<p>Open</p>",
      kind: "digest",
    });
    expect(delivery.status).toBe("stored");
    signIn("admin@kitchen.test");
    const answer = await getOutbox(new Request(`${ORIGIN}/api/admin/outbox`), {
      params: Promise.resolve({}),
    });
    const body = (await answer.json()) as {
      mode: string;
      messages: { id: number; subject: string; status: string }[];
    };
    expect(body.mode).toBe("outbox");
    expect(body.messages[0]).toMatchObject({ id: delivery.id, subject: "Kept, not sent", status: "stored" });
    expect(sink.messages()).toHaveLength(before);
  });
});
