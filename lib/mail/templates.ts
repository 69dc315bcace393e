import type { MailMessage } from "./outbox-store";

/**
 * The messages the app sends, each with a text and an HTML part saying the same thing. The link is
 * on a line of its own in the text part (mail clients make it clickable, and it survives being
 * copied), and both a button and the bare address in the HTML (for clients that strip buttons).
 */
interface LinkMail {
  to: string;
  kind: string;
  subject: string;
  paragraphs: string[];
  link: string;
  action: string;
  /** Said after the link: how long it works, what to do if it was not asked for. */
  after: string[];
}

function renderLinkMail(mail: LinkMail): MailMessage {
  const text = [
    ...mail.paragraphs,
    "",
    `${mail.action}:`,
    mail.link,
    "",
    ...mail.after,
    "",
    "— Kitchen Pulse",
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const href = escapeHtml(mail.link);
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">',
    ...mail.paragraphs.map(p),
    `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:10px 16px;` +
      `background:#0f5c8c;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(mail.action)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px">Or open this address: <a href="${href}">${href}</a></p>`,
    ...mail.after.map(p),
    '<p style="margin:0;color:#6b7280">— Kitchen Pulse</p>',
    "</body></html>",
  ].join("\n");
  return { to: mail.to, kind: mail.kind, subject: mail.subject, text, html };
}

/** "3 Dec 2026, 23:01 UTC": the recipient's zone is unknown, so the zone is said. */
function untilWords(at: Date): string {
  const words = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(at);
  return `${words} UTC`;
}

export function invitationMail(input: {
  to: string;
  link: string;
  expiresAt: Date;
  /** Who invited, as the people store names them; absent: "You have been invited". */
  inviterName?: string | null;
  /** What the person will be able to do, in words ("manager of the North area"). */
  access?: string | null;
}): MailMessage {
  const who = input.inviterName ? `${input.inviterName} has invited you` : "You have been invited";
  const what = input.access ? ` as ${input.access}` : "";
  return renderLinkMail({
    to: input.to,
    kind: "invitation",
    subject: "Your invitation to Kitchen Pulse",
    paragraphs: [`${who} to Kitchen Pulse${what}.`, "Choose a password to start."],
    link: input.link,
    action: "Accept the invitation",
    after: [
      `The link works once, until ${untilWords(input.expiresAt)}. If it has expired, ask whoever invited you to send a new one.`,
    ],
  });
}

export function passwordResetMail(input: { to: string; link: string; expiresAt: Date }): MailMessage {
  return renderLinkMail({
    to: input.to,
    kind: "password_reset",
    subject: "Reset your Kitchen Pulse password",
    paragraphs: ["Someone (we hope you) asked to reset the password of your Kitchen Pulse account."],
    link: input.link,
    action: "Choose a new password",
    after: [
      `The link works once, until ${untilWords(input.expiresAt)}.`,
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
  });
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
