"use client";

import { useQuery } from "@tanstack/react-query";

import { Notice } from "@/components/ui/states";
import type { AlertEvent } from "@/lib/alerts/alert-contract";
import { formatClockTime } from "@/lib/kitchen/present/format";
import { restaurantAlertsQuery } from "@/lib/queries/live";

import styles from "./now-strip.module.css";

/**
 * The live alerts in the app (issue 35): a banner while a rule of the restaurant is firing, and
 * the last day's alerts (fired and back to normal) folded below it. The rules are set through
 * /api/restaurants/{guid}/alert-rules; the same alerts go out by e-mail and webhook.
 */
export function AlertBanner({ guid, timeZone }: { guid: string; timeZone: string }) {
  const alerts = useQuery(restaurantAlertsQuery(guid));
  const data = alerts.data;
  if (!data || data.alerts.length === 0) return null;
  return (
    <div data-testid="alert-banner">
      {data.active.length > 0 ? (
        <Notice
          title={data.active.length === 1 ? "Running late now" : `${data.active.length} alerts running`}
        >
          <ul className={styles.alerts}>
            {data.active.map((a) => (
              <AlertLine key={a.id} alert={a} timeZone={timeZone} />
            ))}
          </ul>
        </Notice>
      ) : null}
      <details className={styles.history}>
        <summary>Alerts in the last 24 hours ({data.alerts.length})</summary>
        <ul className={styles.alerts}>
          {data.alerts.map((a) => (
            <AlertLine key={a.id} alert={a} timeZone={timeZone} />
          ))}
        </ul>
      </details>
    </div>
  );
}

function AlertLine({ alert, timeZone }: { alert: AlertEvent; timeZone: string }) {
  return (
    <li>
      <time dateTime={alert.at} suppressHydrationWarning>
        {formatClockTime(new Date(alert.at), timeZone)}
      </time>{" "}
      {alert.kind === "fired" ? "⚠ " : "✓ "}
      {alert.message}
    </li>
  );
}
