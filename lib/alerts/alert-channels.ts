import "server-only";

import { logger } from "@/lib/log/logger";
import type { MailMessage } from "@/lib/mail/outbox-store";

import type { AlertEvent, AlertRule } from "./alert-contract";

/**
 * Where a fired alert or a "back to normal" goes besides the app (which lists the stored events):
 * e-mail to the rule's addresses, through the mailer invitations use (SMTP_URL, else the outbox),
 * and a POST of JSON to the rule's webhook, whose `text` field is Slack's (an incoming webhook
 * shows it as is). A channel's failure is logged and never stops the other or the evaluation.
 */
const log = logger("alerts");

/** A webhook that takes longer is given up: the evaluation must not hang on a slow receiver. */
const WEBHOOK_TIMEOUT_MS = 5_000;

export interface AlertDelivery {
  rule: AlertRule;
  event: Omit<AlertEvent, "id">;
  restaurantName: string;
  /** A link to the restaurant's Kitchen page, when the app's origin is known. */
  link: string | null;
}

export interface AlertChannels {
  sendMail: (message: MailMessage) => Promise<unknown>;
  fetch?: typeof fetch;
}

export async function deliverAlert(channels: AlertChannels, d: AlertDelivery): Promise<void> {
  await Promise.all([
    ...d.rule.emailTo.map((to) =>
      channels
        .sendMail(alertMail(to, d))
        .catch((error: unknown) => log.warn({ err: error, rule: d.rule.id }, "alert e-mail failed")),
    ),
    d.rule.webhookUrl ? postWebhook(channels.fetch ?? fetch, d.rule.webhookUrl, d) : Promise.resolve(),
  ]);
}

async function postWebhook(f: typeof fetch, url: string, d: AlertDelivery): Promise<void> {
  const text = d.link ? `${d.event.message} <${d.link}|Open the Kitchen page>` : d.event.message;
  try {
    const res = await f(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        text,
        alert: { ...d.event, ruleId: d.rule.id, restaurantName: d.restaurantName, link: d.link },
      }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      redirect: "error",
    });
    if (!res.ok) log.warn({ rule: d.rule.id, status: res.status }, "alert webhook answered with an error");
    await res.body?.cancel();
  } catch (error) {
    log.warn({ err: error, rule: d.rule.id }, "alert webhook failed");
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function alertMail(to: string, d: AlertDelivery): MailMessage {
  const subject =
    d.event.kind === "fired" ? `Kitchen alert: ${d.restaurantName}` : `Back to normal: ${d.restaurantName}`;
  const lines = [d.event.message, d.link ? `Open the Kitchen page: ${d.link}` : null].filter(
    (x) => x !== null,
  );
  return {
    to,
    kind: "alert",
    subject,
    text: `${lines.join("\n\n")}\n\n— Kitchen Pulse\n`,
    html: [
      "<!doctype html><html><body>",
      `<p>${escapeHtml(d.event.message)}</p>`,
      d.link ? `<p><a href="${escapeHtml(d.link)}">Open the Kitchen page</a></p>` : "",
      '<p style="margin:0;color:#6b7280">— Kitchen Pulse</p>',
      "</body></html>",
    ].join("\n"),
  };
}
