"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { LEVEL_LABELS } from "@/lib/kitchen/ui/labels";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatDuration } from "@/lib/kitchen/ui/format";
import { kitchenKeys, kitchenTargetsQuery, putKitchenTargets } from "@/lib/queries/kitchen";
import { errorMessage } from "@/components/ui/states";
import styles from "./kitchen-view.module.css";

/**
 * The ticket-time target per level, in minutes (PUT .../kitchen/targets `tickets`), apart from
 * the item targets: a ticket waits for its slowest item. Saving refetches the figures, since the
 * share within target depends on it; "Reset" puts a level back on its default.
 */
export function TicketTargetsEditor({ guid, levels }: { guid: string; levels: readonly KitchenLevel[] }) {
  const queryClient = useQueryClient();
  const targets = useQuery(kitchenTargetsQuery(guid));
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const errorId = useId();
  const mutation = useMutation({
    mutationFn: (tickets: { level: KitchenLevel; seconds: number | null }[]) => putKitchenTargets(guid, { tickets }),
    onSuccess: async (next) => {
      queryClient.setQueryData(kitchenKeys.targets(guid), next);
      const shown = next.tickets.filter((t) => levels.includes(t.level));
      setSaved(`Ticket targets saved: ${shown.map((t) => `level ${t.level} ${formatDuration(t.seconds)}${t.isDefault ? " (default)" : ""}`).join(", ")}.`);
      await queryClient.invalidateQueries({ queryKey: kitchenKeys.all(guid) });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const data = new FormData(event.currentTarget);
    const input: { level: KitchenLevel; seconds: number }[] = [];
    for (const level of levels) {
      const minutes = Number(String(data.get(`ticket-level-${level}`) ?? "").replace(",", "."));
      if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440) {
        setFormError(`Level ${level}: enter minutes between 0.1 and 1440.`);
        return;
      }
      input.push({ level, seconds: Math.round(minutes * 60) });
    }
    setFormError(null);
    mutation.mutate(input);
  }

  const list = targets.data?.tickets;
  const error = formError ?? (mutation.isError ? errorMessage(mutation.error) : null);
  const formKey = list ? list.map((t) => `${t.seconds}${t.isDefault ? "d" : ""}`).join(",") : "loading";
  return (
    <form onSubmit={submit} className={styles.targetsForm} noValidate key={formKey} aria-label="Ticket targets" data-testid="ticket-targets">
      {!list ? (
        <p>Loading ticket targets…</p>
      ) : (
        levels.map((level) => {
          const t = list.find((x) => x.level === level);
          return (
            <div key={level} className={styles.inlineField}>
              <label className={styles.inlineField}>
                Ticket target, level {level} · {LEVEL_LABELS[level]} (minutes){t?.isDefault ? " · default" : ""}
                <input
                  className="input"
                  name={`ticket-level-${level}`}
                  type="number"
                  inputMode="decimal"
                  min={0.1}
                  max={1440}
                  step={0.5}
                  defaultValue={t ? Math.round((t.seconds / 60) * 10) / 10 : ""}
                  aria-describedby={error ? errorId : undefined}
                  aria-invalid={error ? true : undefined}
                />
              </label>
              {t && !t.isDefault ? (
                <button type="button" className="button" disabled={mutation.isPending} onClick={() => mutation.mutate([{ level, seconds: null }])}>
                  Reset to default<span className="visually-hidden"> (ticket target, level {level})</span>
                </button>
              ) : null}
            </div>
          );
        })
      )}
      <button type="submit" className="button button-primary" disabled={mutation.isPending || !list}>
        {mutation.isPending ? "Saving…" : "Save ticket targets"}
      </button>
      <p id={errorId} className={styles.formError} role="alert">
        {error}
      </p>
      <p className={styles.formSaved} role="status">
        {saved}
      </p>
    </form>
  );
}
