import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";

import styles from "./restaurant-list.module.css";

export type RestaurantStatus =
  "active" | "archived" | "not-entitled" | "checking" | "not-accessible" | "unreachable" | "reading";

type StatusFacts = Pick<PermittedRestaurant, "archived" | "kitchenEntitled" | "availability">;

/**
 * A restaurant the Platform refuses or cannot answer for outranks the rest: what is shown of it is
 * its last known state. Archived outranks the kitchen tier: an archived restaurant has no current
 * kitchen either way.
 */
export function restaurantStatus(r: StatusFacts): RestaurantStatus {
  if (r.availability)
    return r.availability.state === "not_accessible" ? "not-accessible" : r.availability.state;
  if (r.archived) return "archived";
  if (r.kitchenEntitled === false) return "not-entitled";
  if (r.kitchenEntitled === undefined) return "checking";
  return "active";
}

export const STATUS_LABELS: Record<RestaurantStatus, string> = {
  active: "Active",
  archived: "Archived",
  "not-entitled": "Active · no kitchen data",
  checking: "Active",
  "not-accessible": "Not accessible",
  unreachable: "Unreachable",
  reading: "Reading details…",
};

/** The reason and the age of what is shown, in words, for the list and the CSV. */
export function availabilityText(r: Pick<PermittedRestaurant, "availability">): string | null {
  const a = r.availability;
  if (!a) return null;
  if (a.state === "reading") return a.reason;
  const asOf = a.identityAsOf
    ? `Details as last read on ${formatInstant(a.identityAsOf)}.`
    : "No details were ever read; the restaurant is named by its GUID.";
  return `${a.reason} ${asOf}`;
}

/** In UTC, said so: the server's first HTML and the browser must write the same words. */
function formatInstant(iso: string): string {
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

export function RestaurantStatusBadge({ restaurant }: { restaurant: StatusFacts }) {
  const status = restaurantStatus(restaurant);
  const unavailable = status === "not-accessible" || status === "unreachable";
  return (
    <span className={styles.badges} data-status={status}>
      {status === "reading" ? (
        <span className={`${styles.badge} ${styles.badgeMuted}`}>{STATUS_LABELS.reading}</span>
      ) : null}
      {unavailable ? (
        <span className={`${styles.badge} ${styles.badgeWarning}`}>{STATUS_LABELS[status]}</span>
      ) : null}
      {unavailable || status === "reading" ? null : (
        <span
          className={`${styles.badge} ${restaurant.archived ? styles.badgeArchived : styles.badgeActive}`}
        >
          {restaurant.archived ? "Archived" : "Active"}
        </span>
      )}
      {status === "not-entitled" ? (
        <span
          className={`${styles.badge} ${styles.badgeWarning}`}
          title="The Platform sends kitchen data for the professional tier and above only"
        >
          Not entitled to kitchen data
        </span>
      ) : null}
      {status === "checking" ? (
        <span className={`${styles.badge} ${styles.badgeMuted}`}>Checking kitchen data…</span>
      ) : null}
      {unavailable ? <span className={styles.availability}>{availabilityText(restaurant)}</span> : null}
    </span>
  );
}
