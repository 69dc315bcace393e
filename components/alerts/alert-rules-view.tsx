"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { TableCard } from "@/components/ui/card/table-card";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage, ErrorState, LoadingState } from "@/components/ui/states";
import type { AlertRule } from "@/lib/alerts/alert-contract";
import { formatClockTime } from "@/lib/kitchen/present/format";
import { alertRulesQuery, deleteAlertRule } from "@/lib/queries/alerts";
import { restaurantAlertsQuery } from "@/lib/queries/live";
import { stationsQuery } from "@/lib/queries/stations";

import { AlertRuleForm } from "./alert-rule-form";
import { alertDelayWords, channelWords, conditionWords, watchedWords } from "./alert-words";
import styles from "./alerts.module.css";

/**
 * The restaurant's live late alerts (issue 35): how far behind live they can be, the alerts of the
 * last day (those still firing first), and the rules (GET/POST/PUT/DELETE …/alert-rules), which
 * managers and above create, edit and delete here and the others read.
 */
export function AlertRulesView({
  guid,
  restaurantName,
  timeZone,
  refreshSeconds,
}: {
  guid: string;
  restaurantName: string;
  timeZone: string;
  refreshSeconds: number;
}) {
  const rules = useQuery(alertRulesQuery(guid));
  const mayEdit = rules.data?.mayEdit === true;
  // The station names for the form and the list; a rule's station no longer configured shows its GUID.
  const stations = useQuery({ ...stationsQuery(guid), enabled: rules.isSuccess }).data?.stations ?? [];
  const stationName = (g: string) => stations.find((s) => s.guid === g)?.name;
  return (
    <div className={styles.grid}>
      <PageHeader eyebrow={restaurantName} title="Alerts" />
      <p className={styles.delay} data-testid="alert-delay">
        {alertDelayWords(refreshSeconds)}
      </p>
      <FiredAlerts guid={guid} timeZone={timeZone} />
      <TableCard
        title="Rules"
        testId="alert-rules"
        description={
          mayEdit
            ? "Each rule watches one level or one prep station over the last 30 minutes of today."
            : "Each rule watches one level or one prep station over the last 30 minutes of today. A manager or above sets them; you can read them."
        }
      >
        {rules.isError ? (
          <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />
        ) : !rules.data ? (
          <LoadingState />
        ) : rules.data.rules.length === 0 ? (
          <p className={styles.muted}>No alert rule yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Alert rules">
            {rules.data.rules.map((r) => (
              <RuleLine
                key={r.id}
                guid={guid}
                rule={r}
                mayEdit={mayEdit}
                stationName={stationName}
                stations={stations}
              />
            ))}
          </ul>
        )}
        {mayEdit ? (
          <>
            <h3>New rule</h3>
            <AlertRuleForm guid={guid} stations={stations} />
          </>
        ) : null}
      </TableCard>
    </div>
  );
}

function RuleLine({
  guid,
  rule,
  mayEdit,
  stationName,
  stations,
}: {
  guid: string;
  rule: AlertRule;
  mayEdit: boolean;
  stationName: (guid: string) => string | undefined;
  stations: readonly { guid: string; name: string }[];
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteAlertRule(guid, rule.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertRulesQuery(guid).queryKey }),
  });
  const watched = watchedWords(rule, stationName);
  return (
    <li className={styles.rule} data-testid="alert-rule">
      <strong>{watched}</strong>
      <span>{conditionWords(rule)}</span>
      <span className={styles.muted}>
        quiet {rule.quietMinutes} min · {channelWords(rule)}
        {rule.enabled ? "" : " · disabled"}
      </span>
      {mayEdit ? (
        <span>
          <button
            type="button"
            className="button"
            aria-expanded={editing}
            onClick={() => setEditing((e) => !e)}
          >
            Edit<span className="visually-hidden"> the rule on {watched}</span>
          </button>{" "}
          <button
            type="button"
            className="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Delete<span className="visually-hidden"> the rule on {watched}</span>
          </button>
        </span>
      ) : null}
      {remove.isError ? (
        <span className={styles.error} role="alert">
          {errorMessage(remove.error)}
        </span>
      ) : null}
      {editing ? (
        <AlertRuleForm guid={guid} rule={rule} stations={stations} onDone={() => setEditing(false)} />
      ) : null}
    </li>
  );
}

/** The alerts fired and cleared in the last 24 hours, as the Kitchen page's banner lists them. */
function FiredAlerts({ guid, timeZone }: { guid: string; timeZone: string }) {
  const alerts = useQuery(restaurantAlertsQuery(guid));
  const data = alerts.data;
  return (
    <TableCard title="Alerts in the last 24 hours" testId="fired-alerts">
      {alerts.isError ? (
        <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : data.alerts.length === 0 ? (
        <p className={styles.muted}>No alert in the last 24 hours.</p>
      ) : (
        <ul className={styles.list} aria-label="Alerts in the last 24 hours">
          {data.alerts.map((a) => (
            <li key={a.id} className={styles.rule}>
              <time dateTime={a.at} suppressHydrationWarning>
                {formatClockTime(new Date(a.at), timeZone)}
              </time>
              <strong>{a.kind === "fired" ? "Running late" : "Back to normal"}</strong>
              <span>{a.message}</span>
              {data.active.some((x) => x.id === a.id) ? (
                <span className={styles.muted}>still firing</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </TableCard>
  );
}
