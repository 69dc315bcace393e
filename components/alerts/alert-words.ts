import type { AlertRule } from "@/lib/alerts/alert-contract";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";

/** What a rule watches, in words: "Grill" or "Level 1 · Expediter"; a station no longer known by its GUID. */
export function watchedWords(
  rule: Pick<AlertRule, "stationGuid" | "level">,
  stationName: (guid: string) => string | undefined,
) {
  if (rule.level !== null) return `Level ${rule.level} · ${LEVEL_LABELS[rule.level]}`;
  return stationName(rule.stationGuid!) ?? `Station ${rule.stationGuid}`;
}

/** "More than 25 % late over the last 30 minutes" or "p90 over the target by more than 4 min". */
export function conditionWords(rule: Pick<AlertRule, "kind" | "threshold">): string {
  return rule.kind === "late_share"
    ? `More than ${rule.threshold} % of items late over the last 30 minutes`
    : `p90 over the target by more than ${rule.threshold} min over the last 30 minutes`;
}

/** "E-mail (2), webhook" or "In the app only". */
export function channelWords(rule: Pick<AlertRule, "emailTo" | "webhookUrl">): string {
  const parts = [
    ...(rule.emailTo.length ? [`e-mail to ${rule.emailTo.join(", ")}`] : []),
    ...(rule.webhookUrl ? ["webhook"] : []),
  ];
  return parts.length ? `In the app, ${parts.join(", ")}` : "In the app only";
}

/** "Alerts are judged after each read of today's data (every 3 minutes), so one can be up to 3 minutes behind the kitchen." */
export function alertDelayWords(refreshSeconds: number): string {
  const every =
    refreshSeconds % 60 === 0
      ? refreshSeconds === 60
        ? "every minute"
        : `every ${refreshSeconds / 60} minutes`
      : `every ${refreshSeconds} seconds`;
  const behind = refreshSeconds % 60 === 0 ? `${refreshSeconds / 60} min` : `${refreshSeconds} s`;
  return `Alerts are judged after each read of today's data from the Platform (${every}), during the restaurant's services only, so an alert can come up to ${behind} after the kitchen started running late.`;
}
