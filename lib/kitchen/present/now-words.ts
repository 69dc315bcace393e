import type { KitchenNow } from "@/lib/kitchen/contract/kitchen-now";

/**
 * The "Now" strip's sentences (issue 34): how far behind live its figures can be, said plainly,
 * and what a day with no ticket yet means (the restaurant has not opened, not an empty range).
 */

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.round(seconds / 60));
  return `${m} min`;
};

/** "Data up to 3 min old: today is read from the Platform again every 3 minutes." */
export function nowDelayWords(now: Pick<KitchenNow, "refreshSeconds" | "dataAsOf" | "at">): string {
  if (now.dataAsOf === null) return "Today's data has not been read from the Platform yet.";
  const every =
    now.refreshSeconds % 60 === 0 && now.refreshSeconds >= 120
      ? `every ${now.refreshSeconds / 60} minutes`
      : now.refreshSeconds === 60
        ? "every minute"
        : `every ${now.refreshSeconds} seconds`;
  // What the refresh allows, or more if the last read is older than that (a failing fetch).
  const age = Math.max(now.refreshSeconds, (Date.parse(now.at) - Date.parse(now.dataAsOf)) / 1000);
  return `Data up to ${minutes(age)} old: today is read from the Platform again ${every}.`;
}

/** Null once the day has a ticket; before it, why the strip is empty. */
export function beforeFirstTicketWords(
  now: Pick<KitchenNow, "firstTicketAt" | "opensAt" | "inService" | "status">,
): string | null {
  if (now.firstTicketAt !== null) return null;
  if (now.status === "pending") return "Reading today's tickets from the Platform…";
  if (now.inService !== null) return `${now.inService} has started, no tickets yet.`;
  if (now.opensAt !== null) return `Opens at ${now.opensAt}, no tickets yet.`;
  return "No tickets today.";
}
