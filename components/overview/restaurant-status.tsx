import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";
import styles from "./restaurant-list.module.css";

export type RestaurantStatus = "active" | "archived" | "not-entitled" | "checking";

/** Archived outranks the kitchen tier: an archived restaurant has no current kitchen either way. */
export function restaurantStatus(r: Pick<PermittedRestaurant, "archived" | "kitchenEntitled">): RestaurantStatus {
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
};

export function RestaurantStatusBadge({ restaurant }: { restaurant: Pick<PermittedRestaurant, "archived" | "kitchenEntitled"> }) {
  const status = restaurantStatus(restaurant);
  return (
    <span className={styles.badges} data-status={status}>
      <span className={`${styles.badge} ${restaurant.archived ? styles.badgeArchived : styles.badgeActive}`}>
        {restaurant.archived ? "Archived" : "Active"}
      </span>
      {status === "not-entitled" ? (
        <span className={`${styles.badge} ${styles.badgeWarning}`} title="The Platform sends kitchen data for the professional tier and above only">
          Not entitled to kitchen data
        </span>
      ) : null}
      {status === "checking" ? <span className={`${styles.badge} ${styles.badgeMuted}`}>Checking kitchen data…</span> : null}
    </span>
  );
}
