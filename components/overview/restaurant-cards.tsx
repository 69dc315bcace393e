import { RESTAURANT_SECTIONS, restaurantPath } from "@/components/shell/sections";
import { IntentLink } from "@/components/ui/intent-link";
import { formatBusinessDate } from "@/lib/business-date/format";
import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";

import type { RestaurantColumn } from "./restaurant-list";
import styles from "./restaurant-list.module.css";
import { RestaurantStatusBadge } from "./restaurant-status";

/** The Overview on a phone: one card per restaurant, the same facts and extra columns as the table. */
export function RestaurantCards({
  restaurants,
  businessDate,
  extraColumns,
}: {
  restaurants: readonly PermittedRestaurant[];
  businessDate: (r: PermittedRestaurant) => string | null;
  extraColumns: RestaurantColumn[];
}) {
  return (
    <ul className={styles.cards} aria-label="Your restaurants">
      {restaurants.map((r) => {
        const date = businessDate(r);
        return (
          <li key={r.guid} className={`card ${styles.cardItem}`}>
            <div className={styles.cardHead}>
              <IntentLink href={restaurantPath(r.guid, "info")} className={styles.name}>
                {r.name}
              </IntentLink>
              <RestaurantStatusBadge restaurant={r} />
            </div>
            <dl className={styles.cardFacts}>
              <div>
                <dt>Location</dt>
                <dd>{r.locationName || "—"}</dd>
              </div>
              <div>
                <dt>Time zone</dt>
                <dd>{r.availability?.identityAsOf === null ? "—" : r.timeZone}</dd>
              </div>
              <div>
                <dt>Business date today</dt>
                <dd>{date ? formatBusinessDate(date) : "—"}</dd>
              </div>
              {extraColumns.map((c) => (
                <div key={c.key}>
                  <dt>{c.header}</dt>
                  <dd>{c.cell ? c.cell(r) : String(c.value(r) ?? "—")}</dd>
                </div>
              ))}
            </dl>
            <RestaurantPageLinks restaurant={r} />
          </li>
        );
      })}
    </ul>
  );
}

/** A restaurant's pages (Kitchen, Stations, ...) as links, in a card and in the table's last column. */
export function RestaurantPageLinks({
  restaurant,
}: {
  restaurant: Pick<PermittedRestaurant, "guid" | "name">;
}) {
  return (
    <ul className={styles.pageLinks} aria-label={`${restaurant.name} pages`}>
      {RESTAURANT_SECTIONS.map((s) => (
        <li key={s.slug}>
          <IntentLink href={restaurantPath(restaurant.guid, s.slug)}>{s.label}</IntentLink>
        </li>
      ))}
    </ul>
  );
}
