"use client";

import type { DiscoveryReportLocation, LocationState } from "@/lib/restaurants/discovery-contract";

import styles from "./discovered-restaurants.module.css";

const STATE_WORDS: Record<LocationState, string> = {
  "added-accessible": "Added",
  "accessible-not-added": "Reachable, not added",
  "added-not-accessible": "Added, no longer reachable",
  unknown: "Added, not yet checked",
};

function sinceWords(location: DiscoveryReportLocation): string {
  if (!location.since) return location.state === "added-not-accessible" ? "never listed" : "";
  const date = new Date(location.since).toLocaleDateString(undefined, { dateStyle: "medium" });
  return location.state === "added-not-accessible" ? `since ${date}` : `seen since ${date}`;
}

/**
 * The locations discovery found, each with its state (GET /api/admin/discovery's `locations`): a
 * reachable location not yet added has an Add button, which calls `onAdd(guid)`; the page owns
 * what adding does. `adding` names a location whose addition is under way (its button waits).
 */
export function DiscoveredRestaurants({
  locations,
  onAdd,
  adding,
}: {
  locations: readonly DiscoveryReportLocation[];
  onAdd: (guid: string) => void;
  adding?: string | null;
}) {
  if (locations.length === 0) return <p>No location found yet: discovery has not listed any.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Location</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className={styles.hidden}>Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {locations.map((location) => (
            <tr key={location.guid} data-state={location.state}>
              <td>
                {location.name ?? <span className={styles.muted}>Unnamed</span>}
                <div className={styles.guid}>{location.guid}</div>
              </td>
              <td>{location.locationName ?? ""}</td>
              <td className={location.state === "added-not-accessible" ? styles.warning : undefined}>
                {STATE_WORDS[location.state]}
                <div className={styles.muted}>{sinceWords(location)}</div>
              </td>
              <td>
                {location.state === "accessible-not-added" ? (
                  <button
                    type="button"
                    className="button"
                    disabled={adding === location.guid}
                    aria-label={`Add ${location.name ?? location.guid}`}
                    onClick={() => onAdd(location.guid)}
                  >
                    {adding === location.guid ? "Adding…" : "Add"}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
