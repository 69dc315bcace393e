import type { KitchenNowWindow, WindowFigures } from "@/lib/kitchen/contract/kitchen-now";

import { MIN_ALERT_ITEMS, type AlertRule } from "./alert-contract";

/**
 * What a rule makes of the last 30 minutes, and what it does about it: pure, so the rule is tested
 * without a clock, a database or a channel.
 */

export interface Measure {
  /** What the rule watches, in words ("Grill", "Prep stations"). */
  subject: string;
  /** Percent late (late_share) or seconds of p90 over the target (p90_over_target); null: nothing to judge. */
  value: number | null;
  items: number;
  breached: boolean;
}

const LEVEL_WORDS = { 0: "Prep stations", 1: "Expediters", 2: "Second expediters" } as const;

/** The rule's figures in the window: its station's rows (at every level it has), or its level's. */
export function measure(rule: AlertRule, window: KitchenNowWindow): Measure {
  let figures: (WindowFigures & { targetSeconds: number }) | null = null;
  let subject: string;
  if (rule.stationGuid !== null) {
    const rows = window.stations.filter((s) => s.stationGuid === rule.stationGuid);
    subject = rows[0]?.stationName ?? "The station";
    // One station at one level in practice; at two, its busiest level speaks for it.
    const row = [...rows].sort((a, b) => b.items - a.items)[0];
    if (row) figures = row;
  } else {
    const level = rule.level!;
    subject = LEVEL_WORDS[level];
    figures = window.levels.find((l) => l.level === level) ?? null;
  }
  if (!figures || figures.items === 0) return { subject, value: null, items: 0, breached: false };
  if (rule.kind === "late_share") {
    const value = (figures.lateItems / figures.items) * 100;
    return {
      subject,
      value,
      items: figures.items,
      breached: figures.items >= MIN_ALERT_ITEMS && value > rule.threshold,
    };
  }
  const value = figures.p90Seconds === null ? null : figures.p90Seconds - figures.targetSeconds;
  return { subject, value, items: figures.items, breached: value !== null && value > rule.threshold * 60 };
}

/**
 * Fire when the rule is breached during a service and its quiet period since the last firing is
 * over (a reminder when it is still firing then); "back to normal" when a firing rule is no longer
 * breached, or its service has ended. Outside services nothing fires.
 */
export function decide(input: {
  breached: boolean;
  inService: boolean;
  lastKind: "fired" | "cleared" | null;
  lastFiredAt: number | null;
  now: number;
  quietMinutes: number;
}): "fire" | "clear" | null {
  const { breached, inService, lastKind, lastFiredAt, now, quietMinutes } = input;
  if (!breached || !inService) return lastKind === "fired" ? "clear" : null;
  return lastFiredAt === null || now - lastFiredAt >= quietMinutes * 60_000 ? "fire" : null;
}

const minutes = (seconds: number) => `${Math.round((seconds / 60) * 10) / 10} min`;

/** The message, Slack's `text` and the e-mail's subject line: restaurant, subject, figure, rule. */
export function alertMessage(
  restaurantName: string,
  rule: AlertRule,
  m: Measure,
  action: "fire" | "clear",
  { stillFiring, serviceEnded }: { stillFiring: boolean; serviceEnded: boolean },
): string {
  const figure =
    m.value === null
      ? "no items in the last 30 minutes"
      : rule.kind === "late_share"
        ? `${Math.round(m.value)}% of ${m.items} items late over the last 30 minutes`
        : `p90 ${m.value >= 0 ? minutes(m.value) + " over" : minutes(-m.value) + " under"} the target over the last 30 minutes`;
  const ruleWords =
    rule.kind === "late_share"
      ? `alert when more than ${rule.threshold}% late`
      : `alert when p90 is over the target by more than ${rule.threshold} min`;
  // Closed because the service ended while still late: "back to normal" would not be true.
  if (action === "clear")
    return serviceEnded && m.breached
      ? `${restaurantName}: ${m.subject}: the service has ended (${figure}); alerts resume at the next service.`
      : `${restaurantName}: ${m.subject} back to normal: ${figure}.`;
  return `${restaurantName}: ${m.subject} ${stillFiring ? "still running late" : "running late"}: ${figure} (${ruleWords}).`;
}
