import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as invite } from "@/app/api/admin/invitations/route";
import { GET as getOutbox } from "@/app/api/admin/outbox/route";
import { POST as resendInvitation } from "@/app/api/admin/people/[id]/invitation/route";
import { PATCH as patchPerson } from "@/app/api/admin/people/[id]/route";
import { POST as acceptInvitation } from "@/app/api/invitations/accept/route";
import { POST as confirmReset } from "@/app/api/password-reset/confirm/route";
import { sessionStore } from "@/lib/auth/auth-options";
import { linkFlows, MAX_RESETS_PER_HOUR } from "@/lib/auth/link-flows";
import { setServerSessionReaderForTests } from "@/lib/auth/session";
import { getDatabase } from "@/lib/db/server";
import { resetEnvForTests } from "@/lib/env";
import { sendMail } from "@/lib/mail/mailer";
import type { InvitationResponse } from "@/lib/people/admin-contract";
import { forgetProcessSingleton } from "@/lib/process-singleton";

import { setAppEnv } from "../support/app-env";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * The invitation and reset links end to end below the browser: the app's own flows, mailer,
 * people store and database (from its environment: the demo first run), mail read from a real
 * SMTP server, the admin routes that invite and the routes the link pages post to.
 */
const ORIGIN = "https://pulse.kitchen.test";
const VARS = [
  "DATA_DIR",
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "ACCOUNTS_FILE",
  "ADMIN_EMAIL",
  "LOG_LEVEL",
];
const PASSWORD = "correct horse battery";

let sink: SmtpSink;
let dataDir: string;
let restoreEnv: (() => void) | undefined;

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
  forgetProcessSingleton("session-store");
}, 120_000);

afterAll(async () => {
  setServerSessionReaderForTests(null);
  await (await getDatabase()).close();
  forgetProcessSingleton("database");
  forgetProcessSingleton("mailer");
  forgetProcessSingleton("session-store");
  restoreEnv?.();
  await sink?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const post = (handler: unknown, url: string, body?: unknown, params: Record<string, string> = {}) =>
  (handler as Handler)(
    new Request(`${ORIGIN}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { params: Promise.resolve(params) },
  );

const tokenIn = (text: string, route: string) =>
  new RegExp(`^${ORIGIN}/${route}/([A-Za-z0-9_-]{43})$`, "m").exec(text)?.[1];

async function person(email: string) {
  const db = await getDatabase();
  const [row] = await db.query<{
    id: number;
    name: string | null;
    password_hash: string | null;
    role: string;
    active: boolean;
  }>("SELECT id, name, password_hash, role, active FROM people WHERE email = $1", [email]);
  return row;
}

async function auditActions(subjectId: number): Promise<string[]> {
  const db = await getDatabase();
  const rows = await db.query<{ action: string }>(
    "SELECT action FROM audit_log WHERE subject_kind = 'person' AND subject_id = $1 ORDER BY id",
    [String(subjectId)],
  );
  return rows.map((r) => r.action);
}

function signIn(email: string | null): void {
  setServerSessionReaderForTests(async () =>
    email ? { user: { email, name: null }, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  );
}

const errorOf = async (r: Response) => [
  r.status,
  ((await r.json()) as { error: { code: string; message: string } }).error,
];

describe("POST /api/admin/invitations", () => {
  it("refuses bad input with a 400 naming it, an admin's owner invitation with a 403, and saves nothing", async () => {
    signIn("admin@kitchen.test");
    const bad = await post(invite, "/api/admin/invitations", { email: "not an address", role: "chef" });
    const [status, error] = await errorOf(bad);
    expect(status).toBe(400);
    expect(JSON.stringify(error)).toMatch(/e-mail address/);
    expect(JSON.stringify(error)).toMatch(/must be one of owner, admin/);
    const extra = await post(invite, "/api/admin/invitations", {
      email: "x@kitchen.test",
      role: "viewer",
      password: "x",
    });
    expect(extra.status).toBe(400);
    const unknownArea = await post(invite, "/api/admin/invitations", {
      email: "x@kitchen.test",
      role: "manager",
      areas: [999],
    });
    expect(unknownArea.status).toBe(400);
    expect(await person("x@kitchen.test")).toBeUndefined();
    const taken = await post(invite, "/api/admin/invitations", { email: "Ben@kitchen.test", role: "viewer" });
    expect((await errorOf(taken))[0]).toBe(400);

    // An admin (made so by the owner) may invite anyone but an owner.
    const made = await post(invite, "/api/admin/invitations", { email: "adam@kitchen.test", role: "admin" });
    expect(made.status).toBe(201);
    const adam = (await made.json()) as InvitationResponse;
    const accepted = await post(acceptInvitation, "/api/invitations/accept", {
      token: tokenIn((await sink.waitFor("adam@kitchen.test")).text, "invite"),
      name: "Adam",
      password: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    signIn("adam@kitchen.test");
    const owner = await post(invite, "/api/admin/invitations", { email: "own@kitchen.test", role: "owner" });
    expect((await errorOf(owner))[0]).toBe(403);
    expect(await person("own@kitchen.test")).toBeUndefined();
    expect(adam.person.role).toBe("admin");
    signIn("ben@kitchen.test");
    expect(
      (await post(invite, "/api/admin/invitations", { email: "v@kitchen.test", role: "viewer" })).status,
    ).toBe(403);
  });
});

describe("an invitation link", () => {
  it("arrives by SMTP; the invited person, pending until then, chooses a password once; a second use says it was used", async () => {
    signIn("admin@kitchen.test");
    const answer = await post(invite, "/api/admin/invitations", {
      email: " Mia@Kitchen.test ",
      role: "manager",
      areas: [],
    });
    expect(answer.status).toBe(201);
    const invited = (await answer.json()) as InvitationResponse;
    expect(invited.person).toMatchObject({
      email: "mia@kitchen.test",
      status: "invited",
      hasPassword: false,
    });
    expect(invited.delivery.status).toBe("sent");
    const mail = await sink.waitFor("mia@kitchen.test");
    expect(mail.text).toMatch(/has invited you to Kitchen Pulse as manager/);
    const token = tokenIn(mail.text, "invite");
    expect(token, mail.text).toBeDefined();
    // Invited is not signed-in-able: no role until accepted.
    expect(await person("mia@kitchen.test")).toMatchObject({ active: false, password_hash: null });

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
    expect(await person("mia@kitchen.test")).toMatchObject({ active: false, password_hash: null });

    const ok = await post(acceptInvitation, "/api/invitations/accept", {
      token,
      name: " Mia Park ",
      password: PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ email: "mia@kitchen.test" });
    const mia = await person("mia@kitchen.test");
    expect(mia).toMatchObject({ name: "Mia Park", role: "manager", active: true });
    expect(await bcrypt.compare(PASSWORD, mia!.password_hash!)).toBe(true);
    expect(await auditActions(mia!.id)).toEqual(["person.invite", "person.accept_invitation"]);

    const again = await post(acceptInvitation, "/api/invitations/accept", {
      token,
      name: "Eve",
      password: PASSWORD,
    });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("link_used");
    expect(await person("mia@kitchen.test")).toMatchObject({ name: "Mia Park" });
    // Accepted: nothing to resend.
    const resend = await post(resendInvitation, `/api/admin/people/${mia!.id}/invitation`, undefined, {
      id: String(mia!.id),
    });
    expect(await errorOf(resend)).toEqual([400, expect.objectContaining({ code: "not_invited" })]);

    const unknown = await post(acceptInvitation, "/api/invitations/accept", {
      token: "A".repeat(43),
      name: "Eve",
      password: PASSWORD,
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("link_unknown");
  });

  it("resent, only the newest link works; withdrawn (deactivated), no link does", async () => {
    signIn("admin@kitchen.test");
    const first = (await (
      await post(invite, "/api/admin/invitations", { email: "lou@kitchen.test", role: "viewer" })
    ).json()) as InvitationResponse;
    const id = String(first.person.id);
    const oldToken = tokenIn((await sink.waitFor("lou@kitchen.test")).text, "invite");
    const before = sink.messages().length;
    const resent = await post(resendInvitation, `/api/admin/people/${id}/invitation`, undefined, { id });
    expect(resent.status).toBe(200);
    await expect.poll(() => sink.messages().length).toBe(before + 1);
    const newToken = tokenIn(sink.messages().at(-1)!.text, "invite");
    expect(newToken).not.toBe(oldToken);
    const stale = await post(acceptInvitation, "/api/invitations/accept", {
      token: oldToken,
      name: "Lou",
      password: PASSWORD,
    });
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("link_expired");

    expect(
      (
        await patchPerson(
          new Request(`${ORIGIN}/api/admin/people/${id}`, {
            method: "PATCH",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ active: false }),
          }),
          { params: Promise.resolve({ id }) },
        )
      ).status,
    ).toBe(200);
    const withdrawn = await post(acceptInvitation, "/api/invitations/accept", {
      token: newToken,
      name: "Lou",
      password: PASSWORD,
    });
    expect(await errorOf(withdrawn)).toEqual([
      400,
      expect.objectContaining({ code: "invitation_withdrawn" }),
    ]);
    expect(await person("lou@kitchen.test")).toMatchObject({ active: false, password_hash: null });
    expect(await auditActions(first.person.id)).toEqual([
      "person.invite",
      "person.invitation_resend",
      "person.deactivate",
    ]);
    const missing = await post(resendInvitation, "/api/admin/people/99999/invitation", undefined, {
      id: "99999",
    });
    expect(missing.status).toBe(404);
  });
});

describe("a password reset", () => {
  it("mails a known active address only, a few times an hour; its link sets the password once and ends every session", async () => {
    const flows = await linkFlows();
    const ben = await person("ben@kitchen.test");
    const sessions = await sessionStore();
    await sessions.start("ben@kitchen.test");
    expect(await sessions.listLive("ben@kitchen.test")).toHaveLength(1);

    const before = sink.messages().length;
    await flows.requestPasswordReset("stranger@kitchen.test");
    await flows.requestPasswordReset("not an address");
    // Invited, not accepted: no reset (the invitation is the way in).
    await flows.requestPasswordReset("lou@kitchen.test");
    expect(sink.messages()).toHaveLength(before);

    for (let i = 0; i < MAX_RESETS_PER_HOUR + 1; i++) await flows.requestPasswordReset(" Ben@Kitchen.test ");
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
      await bcrypt.compare("a brand new secret", (await person("ben@kitchen.test"))!.password_hash!),
    ).toBe(true);
    expect(await sessions.listLive("ben@kitchen.test")).toEqual([]);
    expect((await auditActions(ben!.id)).at(-1)).toBe("person.password_reset");
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
