"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";

import { errorMessage } from "@/components/ui/states";
import {
  ALERT_KINDS,
  DEFAULT_QUIET_MINUTES,
  type AlertKind,
  type AlertRule,
} from "@/lib/alerts/alert-contract";
import { KITCHEN_LEVELS } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { alertRulesQuery, createAlertRule, updateAlertRule, type AlertRuleBody } from "@/lib/queries/alerts";

import styles from "./alerts.module.css";

const KIND_LABELS: Record<AlertKind, string> = {
  late_share: "Share of items late (percent)",
  p90_over_target: "p90 over the target (minutes)",
};

/** The form's "watches" value: "level:1" or "station:<guid>". */
const watchValue = (rule: Pick<AlertRule, "stationGuid" | "level">) =>
  rule.level !== null ? `level:${rule.level}` : `station:${rule.stationGuid}`;

/**
 * A rule's form: a new rule, or the one being edited (`rule`). Every field is a labelled native
 * control, so the keyboard alone fills and sends it; the API judges the values (alert-contract.ts)
 * and its message is shown as it is, tied to the form (role="alert").
 */
export function AlertRuleForm({
  guid,
  rule,
  stations,
  onDone,
}: {
  guid: string;
  rule?: AlertRule;
  stations: readonly { guid: string; name: string }[];
  onDone?: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AlertKind>(rule?.kind ?? "late_share");
  const [saved, setSaved] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: (body: AlertRuleBody) =>
      rule ? updateAlertRule(guid, rule.id, body) : createAlertRule(guid, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: alertRulesQuery(guid).queryKey });
      setSaved(rule ? "Rule saved." : "Rule created.");
      if (!rule) {
        formRef.current?.reset();
        setKind("late_share");
      }
      onDone?.();
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(null);
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const watches = text("watches");
    const emails = text("emailTo");
    save.mutate({
      kind,
      stationGuid: watches.startsWith("station:") ? watches.slice("station:".length) : null,
      level: watches.startsWith("level:") ? (Number(watches.slice("level:".length)) as 0 | 1 | 2) : null,
      // An empty or unreadable number goes to the API as NaN's JSON (null), which it refuses in words.
      threshold: text("threshold") === "" ? Number.NaN : Number(text("threshold")),
      quietMinutes: Number(text("quietMinutes")),
      emailTo: emails === "" ? [] : emails.split(/[\s,;]+/).filter(Boolean),
      webhookUrl: text("webhookUrl") || null,
      enabled: form.get("enabled") === "on",
    });
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      aria-label={rule ? "Edit alert rule" : "New alert rule"}
      data-testid={rule ? "alert-rule-edit" : "alert-rule-new"}
      noValidate
    >
      <label htmlFor={field("watches")}>Watches</label>
      <select id={field("watches")} name="watches" defaultValue={rule ? watchValue(rule) : "level:0"}>
        <optgroup label="A whole level">
          {KITCHEN_LEVELS.map((l) => (
            <option key={l} value={`level:${l}`}>
              Level {l} · {LEVEL_LABELS[l]}
            </option>
          ))}
        </optgroup>
        {stations.length > 0 ? (
          <optgroup label="One prep station">
            {stations.map((s) => (
              <option key={s.guid} value={`station:${s.guid}`}>
                {s.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>

      <label htmlFor={field("kind")}>Alert when</label>
      <select
        id={field("kind")}
        name="kind"
        value={kind}
        onChange={(e) => setKind(e.target.value as AlertKind)}
      >
        {ALERT_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABELS[k]}
          </option>
        ))}
      </select>

      <label htmlFor={field("threshold")}>
        {kind === "late_share"
          ? "More than this percent late"
          : "More than this many minutes over the target"}
      </label>
      <input
        id={field("threshold")}
        name="threshold"
        type="number"
        inputMode="decimal"
        step="any"
        defaultValue={rule?.threshold ?? ""}
      />

      <label htmlFor={field("quietMinutes")}>Quiet period after an alert (minutes)</label>
      <input
        id={field("quietMinutes")}
        name="quietMinutes"
        type="number"
        inputMode="numeric"
        defaultValue={rule?.quietMinutes ?? DEFAULT_QUIET_MINUTES}
      />

      <label htmlFor={field("emailTo")}>E-mail to (optional, separated by commas)</label>
      <input id={field("emailTo")} name="emailTo" type="text" defaultValue={rule?.emailTo.join(", ") ?? ""} />

      <label htmlFor={field("webhookUrl")}>Webhook URL (optional; Slack-compatible JSON)</label>
      <input id={field("webhookUrl")} name="webhookUrl" type="url" defaultValue={rule?.webhookUrl ?? ""} />

      <span className={styles.check}>
        <input id={field("enabled")} name="enabled" type="checkbox" defaultChecked={rule?.enabled ?? true} />
        <label htmlFor={field("enabled")}>Enabled</label>
      </span>

      <span className={styles.actions}>
        <button type="submit" className="button" disabled={save.isPending}>
          {rule ? "Save rule" : "Create rule"}
        </button>
        {onDone && rule ? (
          <button type="button" className="button" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </span>
      <p className={styles.error} role="alert" data-testid="alert-rule-error">
        {save.isError ? errorMessage(save.error) : ""}
      </p>
      <p className={styles.saved} role="status">
        {saved ?? ""}
      </p>
    </form>
  );
}
