import type { ReactNode } from "react";

import { Notice } from "@/components/ui/states";
import { requireRestaurant } from "@/lib/access/page-access";

/**
 * Every page of one restaurant. The access check runs here, before anything streams, so a
 * foreign or unknown GUID is a real 404 response; pages below call requireRestaurant(guid)
 * again for the restaurant itself (React's cache makes that free).
 */
export default async function RestaurantLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ guid: string }>;
}) {
  const { guid } = await params;
  const restaurant = await requireRestaurant(guid);
  const availability = restaurant.availability;
  return (
    <>
      {availability ? (
        <div style={{ marginBottom: "var(--space-4)" }}>
          <Notice
            title={`${restaurant.name} is ${availability.state === "not_accessible" ? "not accessible" : "unreachable"} on the Platform`}
          >
            {availability.reason}{" "}
            {availability.identityAsOf
              ? "Its name and hours shown here are the last ones read; stored kitchen figures still show, and what must be read live may fail."
              : "Its details were never read, so it is named by its GUID; stored kitchen figures still show, and what must be read live may fail."}
          </Notice>
        </div>
      ) : null}
      {restaurant.archived ? (
        <div style={{ marginBottom: "var(--space-4)" }}>
          <Notice title={`${restaurant.name} is archived`}>
            The Platform no longer serves this restaurant as active. What is shown here is its last known
            state.
          </Notice>
        </div>
      ) : null}
      {children}
    </>
  );
}
