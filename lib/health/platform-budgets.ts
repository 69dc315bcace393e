import "server-only";

import { ACCOUNT_LOCATION } from "@/lib/platform/shared-budget";
import type { PlatformClient } from "@/lib/platform/types";

import type { HealthViewer } from "./health";

/** A location at or past this share of its window's count is "near its limit". */
const NEAR_LIMIT = 0.9;

/**
 * The Platform request budgets: the current 15-minute window's counts per location (every
 * instance's with PostgreSQL, this process's without), this process's waiters, the account cap and
 * the logins. Anonymous viewers get sums; signed-in viewers also get their restaurants' rows.
 */
export async function platformBudgetsSection(client: Pick<PlatformClient, "budgets">, viewer: HealthViewer) {
  const report = await client.budgets();
  const { usage } = report;
  const waiters = new Map(report.waiting.map((w) => [w.location, w.waiters]));
  const locations = usage.locations.filter((l) => l.location !== ACCOUNT_LOCATION);
  const waitingLocations = report.waiting.filter((w) => w.location !== ACCOUNT_LOCATION);
  const section = {
    shared: report.shared,
    window: { ms: usage.windowMs, startedAt: new Date(usage.windowStart).toISOString() },
    perLocation: usage.limits,
    locations: {
      active: locations.length,
      used: locations.reduce((sum, l) => sum + l.used, 0),
      busiest: locations.reduce((most, l) => Math.max(most, l.used), 0),
      nearLimit: locations.filter((l) => l.used >= NEAR_LIMIT * usage.limits.maxPerWindow).length,
      waiting: waitingLocations.length,
      waiters: waitingLocations.reduce((sum, w) => sum + w.waiters, 0),
    },
    // Requests without a restaurant (logins, partner-level listings) have a budget of their own.
    accountLevel: {
      used: usage.locations.find((l) => l.location === ACCOUNT_LOCATION)?.used ?? 0,
      waiters: waiters.get(ACCOUNT_LOCATION) ?? 0,
    },
    accountCap: usage.account ?? null,
    lateSlots: report.lateSlots,
    logins: {
      count: report.logins.count,
      tokenHeld: report.logins.tokenHeld,
      backingOff: report.logins.backoff !== undefined,
    },
  };
  if (viewer.kind === "anonymous") return section;
  const mine = new Set(
    [...locations.map((l) => l.location), ...waitingLocations.map((w) => w.location)].filter((guid) =>
      viewer.guids.has(guid),
    ),
  );
  const used = new Map(locations.map((l) => [l.location, l.used]));
  return {
    ...section,
    logins: { ...section.logins, backoff: report.logins.backoff ?? null },
    byLocation: [...mine]
      .sort()
      .map((guid) => ({ guid, used: used.get(guid) ?? 0, waiters: waiters.get(guid) ?? 0 })),
  };
}
