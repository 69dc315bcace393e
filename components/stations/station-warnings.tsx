import type { RoutingWarning, StationRouting } from "@/lib/stations/station-routing";
import { WARNING_KIND_LABELS } from "@/lib/stations/station-words";

import styles from "./stations.module.css";

/** The configuration problems that change where tickets go, each linked to its station's card. */
export function StationWarnings({
  warnings,
  stations,
}: {
  warnings: readonly RoutingWarning[];
  stations: readonly StationRouting[];
}) {
  if (warnings.length === 0) {
    return (
      <p className={styles.allClear} role="status">
        <span aria-hidden="true">✓ </span>No configuration warnings: every printer and connected station
        exists, and no expediter settings contradict each other.
      </p>
    );
  }
  const names = new Map(stations.map((s) => [s.guid, s.name]));
  return (
    <section className={styles.warnings} aria-labelledby="station-warnings-heading">
      <h2 id="station-warnings-heading">
        <span aria-hidden="true">⚠ </span>
        {warnings.length === 1 ? "1 configuration warning" : `${warnings.length} configuration warnings`}
      </h2>
      <ul>
        {warnings.map((w, i) => (
          <li key={`${w.kind}-${i}`}>
            <strong>{WARNING_KIND_LABELS[w.kind]}.</strong> {w.message}{" "}
            {w.stationGuids
              .filter((g) => names.has(g))
              .slice(0, 1)
              .map((g) => (
                <a key={g} href={`#station-${g}`}>
                  Show {names.get(g)}
                </a>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
