"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { restaurantPath } from "@/components/shell/sections";
import { IntentLink } from "@/components/ui/intent-link";
import { EmptyState, ErrorState, LoadingBlocks } from "@/components/ui/states";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { currentBusinessDateOrNull } from "@/lib/business-date/closeout";
import { formatBusinessDate } from "@/lib/business-date/format";
import { restaurantsQuery } from "@/lib/queries/restaurants";
import type { PermittedRestaurant } from "@/lib/restaurants/permitted-restaurant";

import { RestaurantCards, RestaurantPageLinks } from "./restaurant-cards";
import styles from "./restaurant-list.module.css";
import {
  availabilityText,
  restaurantStatus,
  RestaurantStatusBadge,
  STATUS_LABELS,
} from "./restaurant-status";

export type RestaurantColumn = DataColumn<PermittedRestaurant>;

/** False for a restaurant whose details were never read: its zone and closeout are stand-ins. */
const identityKnown = (r: PermittedRestaurant) => r.availability?.identityAsOf !== null;
const todayIfKnown = (r: PermittedRestaurant, at: number) =>
  identityKnown(r) ? currentBusinessDateOrNull(r, at) : null;

/**
 * Every permitted restaurant with identity, today's business date in its own zone and status.
 * Other features add columns (kitchen figures) through `extraColumns`, placed before the links;
 * they receive the same PermittedRestaurant rows.
 */
export function RestaurantList({ extraColumns = [] }: { extraColumns?: RestaurantColumn[] }) {
  const query = useQuery(restaurantsQuery());
  const now = useMemo(() => new Date(), []);
  const columns = useMemo<RestaurantColumn[]>(() => {
    return [
      {
        key: "name",
        header: "Restaurant",
        value: (r) => r.name,
        cell: (r) => (
          <IntentLink href={restaurantPath(r.guid, "info")} className={styles.name}>
            {r.name}
          </IntentLink>
        ),
      },
      { key: "location", header: "Location", value: (r) => r.locationName || null },
      { key: "timeZone", header: "Time zone", value: (r) => (identityKnown(r) ? r.timeZone : null) },
      {
        key: "businessDate",
        header: "Business date today",
        csvUnit: "date",
        value: (r) => todayIfKnown(r, now.getTime()),
        cell: (r) => {
          const date = todayIfKnown(r, now.getTime());
          return date ? (
            <time
              dateTime={`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`}
              data-business-date={date}
            >
              {formatBusinessDate(date)}
            </time>
          ) : (
            "—"
          );
        },
      },
      {
        key: "status",
        header: "Status",
        value: (r) => [STATUS_LABELS[restaurantStatus(r)], availabilityText(r)].filter(Boolean).join(": "),
        cell: (r) => <RestaurantStatusBadge restaurant={r} />,
      },
      ...extraColumns,
      {
        key: "pages",
        header: "Pages",
        sortable: false,
        csv: false,
        value: () => null,
        cell: (r) => <RestaurantPageLinks restaurant={r} />,
      },
    ];
  }, [extraColumns, now]);

  if (query.isPending) {
    return <LoadingBlocks label="Loading restaurants…" heights={[40, 40, 40]} className={styles.skeleton} />;
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Your restaurants could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const restaurants = query.data.restaurants;
  if (restaurants.length === 0) {
    return (
      <EmptyState title="No restaurants yet">
        <p>
          Your account is not assigned to any restaurant. Ask the person who manages Kitchen Pulse accounts to
          add you.
        </p>
      </EmptyState>
    );
  }
  // Both render; CSS shows the table on wide screens and the cards on phones.
  return (
    <>
      <div className={styles.tableView}>
        <DataTable
          caption="Your restaurants"
          columns={columns}
          rows={restaurants}
          rowKey={(r) => r.guid}
          csvFileName="restaurants"
          emptyMessage="No restaurants."
        />
      </div>
      <div className={styles.cardView}>
        <RestaurantCards
          restaurants={restaurants}
          businessDate={(r) => todayIfKnown(r, now.getTime())}
          extraColumns={extraColumns}
        />
      </div>
    </>
  );
}
