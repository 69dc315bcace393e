import { formatBusinessDate } from "@/lib/business-date/format";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import type { MailMessage } from "@/lib/mail/outbox-store";
import { escapeHtml } from "@/lib/mail/templates";

import type { Digest, DigestLevel, DigestRestaurant } from "./digest";

/**
 * The digest as a mail: a text part and an HTML part saying the same lines, each line followed by
 * (text) or wrapped in (HTML) its link into the app.
 */

const STATUS_WORDS: Record<Exclude<DigestRestaurant["status"], "ready">, string> = {
  not_closed: "the day has not closed there yet",
  not_ready: "its figures are still being read; open the app for them",
};

/** What the digest covers, in words: "Wed, Mar 19, 2025" or "the week of Mon, Mar 10 to Sun, Mar 16, 2025". */
export function periodWords(digest: Pick<Digest, "kind" | "period">): string {
  return digest.kind === "daily"
    ? formatBusinessDate(digest.period.to)
    : `the week ${formatBusinessDate(digest.period.from)} to ${formatBusinessDate(digest.period.to)}`;
}

/** One level's line: the figures, then the usual and the target. */
export function levelLine(l: DigestLevel): string {
  const now =
    `${l.label}: ${formatCount(l.records)} records, p50 ${formatDuration(l.p50)}, p90 ${formatDuration(l.p90)}, ` +
    `${formatShare(l.lateShare)} late (${formatCount(l.late)})`;
  const usual = l.usual
    ? `usually p50 ${formatDuration(l.usual.p50)}, p90 ${formatDuration(l.usual.p90)}, ${formatShare(l.usual.lateShare)} late (median of ${l.usual.periods})`
    : "no usual yet";
  return `${now}; ${usual}; target ${formatDuration(l.targetSeconds)}.`;
}

export function digestSubject(digest: Digest): string {
  return digest.kind === "daily"
    ? `Kitchen Pulse digest for ${formatBusinessDate(digest.period.to)}`
    : `Kitchen Pulse weekly digest, ${formatBusinessDate(digest.period.from)} to ${formatBusinessDate(digest.period.to)}`;
}

export function digestMail(digest: Digest, to: string): MailMessage {
  const intro = `How the kitchens did on ${periodWords(digest)}, against the same ${
    digest.kind === "daily" ? "weekday" : "week"
  } of the previous 8 weeks (the median) and the targets.`;
  const text: string[] = [intro, ""];
  const html: string[] = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">',
    `<p>${escapeHtml(intro)}</p>`,
  ];
  const a = (href: string, words: string) => `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;
  if (digest.exceptions.length > 0) {
    text.push("The largest changes:");
    html.push("<h3>The largest changes</h3><ul>");
    for (const e of digest.exceptions) {
      text.push(`- ${e.sentence}`, `  ${e.link}`);
      html.push(`<li>${a(e.link, e.sentence)}</li>`);
    }
    text.push("");
    html.push("</ul>");
  }
  for (const r of digest.restaurants) {
    text.push(`${r.name}`, `  ${r.link}`);
    html.push(`<h3>${a(r.link, r.name)}</h3>`);
    if (r.status !== "ready") {
      text.push(`- ${STATUS_WORDS[r.status]}.`);
      html.push(`<p>${escapeHtml(STATUS_WORDS[r.status])}.</p>`);
    } else if (r.levels.length === 0) {
      text.push("- No records.");
      html.push("<p>No records.</p>");
    } else {
      html.push("<ul>");
      for (const l of r.levels) {
        text.push(`- ${levelLine(l)}`, `  ${l.link}`);
        html.push(`<li>${a(l.link, levelLine(l))}</li>`);
      }
      html.push("</ul>");
    }
    text.push("");
  }
  const footer = "You receive this because of your digest setting on your account page in Kitchen Pulse.";
  text.push(footer, "", "— Kitchen Pulse");
  html.push(`<p style="color:#6b7280">${escapeHtml(footer)}</p>`, "</body></html>");
  return { to, kind: "digest", subject: digestSubject(digest), text: text.join("\n"), html: html.join("\n") };
}
