import Link from "next/link";

import { routingSentence } from "@/lib/stations/routing-sentences";
import type { StationRouting, StationsReport } from "@/lib/stations/station-routing";
import { EXPO_ROUTING_WORDS } from "@/lib/stations/station-words";
import { kitchenPageHref } from "@/lib/url-state/kitchen-view";

import styles from "./stations.module.css";

/**
 * The routing picture: one lane per expediter routing, each station a card saying where its
 * tickets print and whom it monitors, then the printers with the stations that feed them.
 * Plain headings and lists, so it reads the same to a screen reader; the sentences below it say
 * it once more in prose.
 */
const LANES = [
  { key: "sendToExpo", routing: "SEND_TO_EXPO", hint: "Tickets go to the station and to the expediter." },
  {
    key: "expoOnly",
    routing: "EXPO_ONLY",
    hint: "Tickets go only to the expediter; the station never sees them.",
  },
  { key: "skipExpo", routing: "SKIP_EXPO", hint: "Tickets go to the station and never reach the expediter." },
] as const;

export function kitchenHref(restaurantGuid: string, stationGuid: string): string {
  return kitchenPageHref(restaurantGuid, { station: stationGuid });
}

/**
 * Where a station's kitchen times are. An expediter-only station's tickets never show at the
 * station, so its items have no station (level 0) record: they are timed at the expediter, and the
 * link says so and opens level 1 instead of a station filter that can never match.
 */
function KitchenLink({ station, restaurantGuid }: { station: StationRouting; restaurantGuid: string }) {
  if (station.effectiveExpoRouting === "EXPO_ONLY") {
    return (
      <p className={styles.muted}>
        Its items are timed at the expediter, not here.{" "}
        <Link href={kitchenPageHref(restaurantGuid, { level: 1 })} className={styles.kitchenLink}>
          Expediter kitchen times<span className="visually-hidden"> (for {station.name}&apos;s items)</span>
        </Link>
      </p>
    );
  }
  return (
    <Link href={kitchenHref(restaurantGuid, station.guid)} className={styles.kitchenLink}>
      Kitchen times<span className="visually-hidden"> for {station.name}</span>
    </Link>
  );
}

function PrintLine({ station }: { station: StationRouting }) {
  if (station.effectiveExpoRouting === "EXPO_ONLY") {
    return (
      <p className={styles.muted}>
        Does not print at the station{station.printer?.name ? ` (${station.printer.name} unused)` : ""}.
      </p>
    );
  }
  if (!station.printer) return <p className={styles.problem}>No printer assigned.</p>;
  if (!station.printer.name)
    return <p className={styles.problem}>Printer not found ({station.printer.guid}).</p>;
  const mode = station.printingMode;
  return (
    <p>
      Prints at {station.printer.name}:{" "}
      <span className={mode === "OFFLINE_ONLY" ? styles.offline : undefined}>
        {mode === "OFFLINE_ONLY" ? (
          "only when its display is offline"
        ) : mode === "ON" ? (
          "every ticket"
        ) : mode ? (
          // A mode the contract does not name: shown as sent, since nobody here knows what it does.
          <>
            printing mode <span className="mono">{mode}</span>
          </>
        ) : (
          "printing mode not set"
        )}
      </span>
    </p>
  );
}

function StationCard({ station, restaurantGuid }: { station: StationRouting; restaurantGuid: string }) {
  const warned = station.warningKinds.length > 0;
  return (
    <li id={`station-${station.guid}`} className={`${styles.stationCard} ${warned ? styles.warnedCard : ""}`}>
      <h4 className={styles.stationName}>
        {station.name}
        {warned ? (
          <span className={styles.badge}>
            <span aria-hidden="true">⚠ </span>
            {station.warningKinds.length === 1 ? "1 warning" : `${station.warningKinds.length} warnings`}
          </span>
        ) : null}
      </h4>
      <PrintLine station={station} />
      {station.connected.length ? (
        <p>
          Monitors:{" "}
          {station.connected.map((c, i) => (
            <span key={`${c.guid}-${i}`}>
              {i > 0 ? ", " : ""}
              {c.name === null ? (
                <span className={styles.problem}>missing station</span>
              ) : c.guid === station.guid ? (
                <span className={styles.problem}>itself</span>
              ) : (
                c.name
              )}
            </span>
          ))}
        </p>
      ) : null}
      {station.monitoredBy.length ? (
        <p className={styles.muted}>Monitored by: {station.monitoredBy.map((s) => s.name).join(", ")}</p>
      ) : null}
      <KitchenLink station={station} restaurantGuid={restaurantGuid} />
    </li>
  );
}

/** One lane of the routing picture: a heading with its count, what it means, its stations' cards. */
function Lane({
  id,
  title,
  hint,
  stations,
  restaurantGuid,
}: {
  id: string;
  title: string;
  hint?: string;
  stations: StationRouting[];
  restaurantGuid: string;
}) {
  return (
    <section className={styles.lane} aria-labelledby={`lane-${id}`}>
      <h3 id={`lane-${id}`} className={styles.laneTitle}>
        {title} <span className={styles.count}>({stations.length})</span>
      </h3>
      {hint ? <p className={styles.laneHint}>{hint}</p> : null}
      {stations.length ? (
        <ul className={styles.cards}>
          {stations.map((s) => (
            <StationCard key={s.guid} station={s} restaurantGuid={restaurantGuid} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No stations.</p>
      )}
    </section>
  );
}

export function RoutingLanes({ report, restaurantGuid }: { report: StationsReport; restaurantGuid: string }) {
  const byGuid = new Map(report.stations.map((s) => [s.guid, s]));
  const lanes = LANES.map((lane) => ({
    ...lane,
    stations: report.expediter[lane.key].map((r) => byGuid.get(r.guid)!).filter(Boolean),
  }));
  const unknown = report.expediter.unknown.map((r) => byGuid.get(r.guid)!).filter(Boolean);
  const expediters = report.expediter.expediters.map((r) => byGuid.get(r.guid)!).filter(Boolean);
  const expoCount = report.expediter.sendToExpo.length + report.expediter.expoOnly.length;
  const prepCount = report.stations.length - expediters.length;

  return (
    <section className="card" aria-labelledby="routing-heading">
      <h2 id="routing-heading">Routing</h2>
      <p className={styles.muted}>
        The expediter receives tickets from {expoCount} of {prepCount} prep stations. Dashed: prints only when
        the station&apos;s kitchen display is offline.
      </p>
      <div className={styles.lanes}>
        {expediters.length ? (
          <Lane
            id="expediters"
            title="Expediters"
            hint="Screens at the pass that monitor other stations; their times are the expediter levels."
            stations={expediters}
            restaurantGuid={restaurantGuid}
          />
        ) : null}
        {lanes.map((lane) => (
          <Lane
            key={lane.key}
            id={lane.key}
            title={EXPO_ROUTING_WORDS[lane.routing].label}
            hint={lane.hint}
            stations={lane.stations}
            restaurantGuid={restaurantGuid}
          />
        ))}
        {unknown.length ? (
          <Lane
            id="unknown"
            title="Expediter routing not set"
            stations={unknown}
            restaurantGuid={restaurantGuid}
          />
        ) : null}
      </div>

      <h3 className={styles.printersTitle}>Printers</h3>
      <ul className={styles.printers}>
        {report.printers.map((p) => (
          <li key={p.guid} className={`${styles.printer} ${p.name === null ? styles.warnedCard : ""}`}>
            <p className={styles.stationName}>
              {p.name ?? <span className={styles.problem}>Printer not found ({p.guid})</span>}
            </p>
            {p.always.length === 0 && p.offlineOnly.length === 0 && p.otherModes.length === 0 ? (
              <p className={styles.muted}>No station prints here.</p>
            ) : null}
            {p.always.length ? <p>Every ticket from: {p.always.map((s) => s.name).join(", ")}</p> : null}
            {p.offlineOnly.length ? (
              <p>
                <span className={styles.offline}>When the display is offline</span> from:{" "}
                {p.offlineOnly.map((s) => s.name).join(", ")}
              </p>
            ) : null}
            {p.otherModes.map((s) => (
              <p key={s.guid}>
                Printing mode <span className="mono">{s.printingMode}</span> from: {s.name}
              </p>
            ))}
          </li>
        ))}
      </ul>

      <details className={styles.sentences}>
        <summary>Read the routing as sentences</summary>
        <ul>
          {report.stations.map((s) => (
            <li key={s.guid}>{routingSentence(s)}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
