import "server-only";

import type { AttemptOutcome, RetryHold } from "@/lib/platform/client";
import { processSingleton } from "@/lib/process-singleton";

/**
 * The account-wide outage hold as this process sees it, in memory (issue 30: at most 30 calls in
 * a 3-minute outage). The Platform client tells it every attempt's outcome and asks it before
 * every retry (RetryHold); the kitchen's location health (lib/kitchen/service/location-health.ts)
 * keeps the hold's shared row, its probe and its back-off, and stops its fetches in flight when the
 * hold begins; the restaurant directory serves its last good identities while it is held.
 *
 * Why attempts and not failed fetches: a fetch fails only after its retries (about 8 s of them),
 * and by then every fetch in flight has sent five attempts into the outage. The hold begins when
 * attempts for OUTAGE_LOCATIONS different locations have failed for a service-wide reason (5xx,
 * network, timeout, a cut body) within OUTAGE_WINDOW_MS with no attempt answered 2xx since (sent
 * after them): at a group's scale a single location's 5xx is common, several at once with nothing
 * answering in between is the service. It ends when an attempt sent after it began is answered
 * 2xx (an answer to an attempt sent before the outage proves nothing), or when the kitchen's probe
 * succeeds (`release`).
 *
 * A location holds on its own, for retries only, once LOCATION_STREAK of its attempts in a row
 * have failed service-wide: the backfill fetches several dates of a location at once, and without
 * it each of them would retry four times into an outage before a third location had even been
 * asked. Its requests then fail at once and the kitchen's per-location back-off takes over.
 */

const OUTAGE_LOCATIONS = 3;
const OUTAGE_WINDOW_MS = 60_000;
const LOCATION_STREAK = 2;
const SINGLETON_KEY = "platform-outage-hold";

export interface OutageHold extends RetryHold {
  /** Begins the hold now (the kitchen found it in its shared row, or counted failed fetches). */
  trip(): void;
  /** Ends the hold: the Platform answered. */
  release(): void;
  /** Called each time the hold begins; returns the unsubscribe. */
  onTrip(listener: () => void): () => void;
}

export function createOutageHold(now: () => number = Date.now): OutageHold {
  /** Location ("" for calls without one) -> when its last service-wide failure ended. */
  const failing = new Map<string, number>();
  /** Location -> its service-wide failures in a row, and when the last ended. */
  const streaks = new Map<string, { count: number; at: number }>();
  let heldSince: number | null = null;
  const listeners = new Set<() => void>();

  function trip(): void {
    if (heldSince !== null) return;
    heldSince = now();
    for (const listener of listeners) listener();
  }

  function observe(attempt: AttemptOutcome): void {
    const at = now();
    if (attempt.outcome === "ok") {
      const sentAt = at - attempt.elapsedMs;
      // Only what failed before this attempt left is contradicted by its answer.
      for (const [location, failedAt] of failing) if (failedAt <= sentAt) failing.delete(location);
      const streak = streaks.get(attempt.location ?? "");
      if (streak && streak.at <= sentAt) streaks.delete(attempt.location ?? "");
      if (heldSince !== null && sentAt >= heldSince) heldSince = null;
      return;
    }
    if (attempt.outcome !== "service-failure") return;
    failing.set(attempt.location ?? "", at);
    const streak = streaks.get(attempt.location ?? "");
    const count = streak && streak.at >= at - OUTAGE_WINDOW_MS ? streak.count + 1 : 1;
    streaks.set(attempt.location ?? "", { count, at });
    for (const [location, failedAt] of failing)
      if (failedAt < at - OUTAGE_WINDOW_MS) failing.delete(location);
    if (failing.size >= OUTAGE_LOCATIONS) trip();
  }

  return {
    observe,
    held(location) {
      if (heldSince !== null) return true;
      if (location === undefined) return false;
      const streak = streaks.get(location ?? "");
      return streak !== undefined && streak.count >= LOCATION_STREAK && streak.at >= now() - OUTAGE_WINDOW_MS;
    },
    trip,
    release: () => {
      heldSince = null;
      failing.clear();
      streaks.clear();
    },
    onTrip(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The process's hold, shared by the Platform client, the kitchen service and the restaurant directory. */
export function getOutageHold(): OutageHold {
  return processSingleton(SINGLETON_KEY, () => createOutageHold());
}
