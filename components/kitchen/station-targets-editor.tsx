"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { type KitchenTargets } from "@/lib/kitchen/contract/responses";
import { formatDuration } from "@/lib/kitchen/ui/format";
import { kitchenKeys, putKitchenTargets } from "@/lib/queries/kitchen";
import { errorMessage } from "@/components/ui/states";
import styles from "./kitchen-view.module.css";

export interface StationChoice {
  stationGuid: string;
  stationName: string | null;
  level: KitchenLevel;
}

const nameOf = (s: { stationGuid: string; stationName: string | null }) => s.stationName ?? `Station ${s.stationGuid.slice(0, 8)}`;
const minutesOf = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

/**
 * Targets of single stations at one level, beside the levels' (LS Central's alert time per
 * station): a row per station and level of the range, holding its own target or, marked so, its
 * level's. Saving sends only the rows that changed; "Reset to default" removes a station's own
 * target so it follows its level again. Focus stays in the editor: on the button that saved, or
 * after a reset on that row's input.
 */
export function StationTargetsEditor({ guid, targets, stations }: { guid: string; targets: KitchenTargets; stations: readonly StationChoice[] }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const headingId = useId();
  const errorId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const focusAfterSave = useRef<string | null>(null);
  const levelTarget = (level: KitchenLevel) => targets.targets.find((t) => t.level === level)?.seconds ?? 0;
  const own = (s: StationChoice) => targets.stations.find((t) => t.stationGuid === s.stationGuid && t.level === s.level);
  // Stations of the range, and any station with a target of its own that the range lacks (so it can be reset).
  const rows: StationChoice[] = [
    ...stations,
    ...targets.stations
      .filter((t) => !stations.some((s) => s.stationGuid === t.stationGuid && s.level === t.level))
      .map((t) => ({ stationGuid: t.stationGuid, stationName: null, level: t.level })),
  ].sort((a, b) => a.level - b.level || nameOf(a).localeCompare(nameOf(b)));
  const fieldName = (s: StationChoice) => `station-${s.stationGuid}-${s.level}`;

  const mutation = useMutation({
    mutationFn: (input: { stationGuid: string; level: KitchenLevel; seconds: number | null }[]) => putKitchenTargets(guid, { stations: input }),
    onSuccess: async (next, input) => {
      queryClient.setQueryData(kitchenKeys.targets(guid), next);
      const words = input.map((i) => {
        const row = rows.find((r) => r.stationGuid === i.stationGuid && r.level === i.level);
        const name = row ? nameOf(row) : i.stationGuid;
        return i.seconds === null ? `${name} level ${i.level} back to the level's target` : `${name} level ${i.level} ${formatDuration(i.seconds)}`;
      });
      setSaved(`Station targets saved: ${words.join(", ")}.`);
      await queryClient.invalidateQueries({ queryKey: kitchenKeys.all(guid) });
    },
  });

  const formKey = `${targets.updatedAt ?? "defaults"}|${targets.stations.map((t) => `${t.stationGuid}:${t.level}:${t.seconds}`).join(",")}|${targets.targets.map((t) => t.seconds).join(",")}`;
  useEffect(() => {
    const key = focusAfterSave.current;
    if (!key || mutation.isPending) return;
    focusAfterSave.current = null;
    rootRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)?.focus();
  }, [formKey, mutation.isPending]);

  function reset(s: StationChoice) {
    setSaved(null);
    setFormError(null);
    focusAfterSave.current = fieldName(s);
    mutation.mutate([{ stationGuid: s.stationGuid, level: s.level, seconds: null }]);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const data = new FormData(event.currentTarget);
    const input: { stationGuid: string; level: KitchenLevel; seconds: number }[] = [];
    for (const s of rows) {
      const text = String(data.get(fieldName(s)) ?? "").trim();
      if (text === "") continue;
      const minutes = Number(text.replace(",", "."));
      if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440) {
        setFormError(`${nameOf(s)}, level ${s.level}: enter minutes between 0.1 and 1440.`);
        return;
      }
      const seconds = Math.round(minutes * 60);
      // Unchanged rows are not sent: a station on its level's target stays on it until it is given another.
      const current = own(s)?.seconds ?? levelTarget(s.level);
      if (Math.round((current / 60) * 10) / 10 !== minutes) input.push({ stationGuid: s.stationGuid, level: s.level, seconds });
    }
    if (input.length === 0) {
      setFormError("No station target changed.");
      return;
    }
    setFormError(null);
    focusAfterSave.current = "save-stations";
    mutation.mutate(input);
  }

  const error = formError ?? (mutation.isError ? errorMessage(mutation.error) : null);
  return (
    <section ref={rootRef} className={`card ${styles.targets}`} aria-labelledby={headingId} data-testid="station-targets-editor">
      <h2 id={headingId} className={styles.tableCardTitle}>
        Station targets
      </h2>
      <p className={styles.tableCardDescription}>
        A station can have a target of its own at a level; its on-time share, late counts, colours and ticks then use it. Rows marked &ldquo;level&rsquo;s target&rdquo; follow their level.
      </p>
      {rows.length === 0 ? (
        <p>No stations in this range.</p>
      ) : (
        <form onSubmit={submit} className={styles.targetsForm} noValidate key={formKey}>
          {rows.map((s) => {
            const t = own(s);
            return (
              <div key={fieldName(s)} className={styles.inlineField}>
                <label className={styles.inlineField}>
                  {nameOf(s)} · level {s.level} (minutes){t ? " · own target" : " · level's target"}
                  <input
                    data-focus={fieldName(s)}
                    className="input"
                    name={fieldName(s)}
                    type="number"
                    inputMode="decimal"
                    min={0.1}
                    max={1440}
                    step={0.5}
                    defaultValue={minutesOf(t?.seconds ?? levelTarget(s.level))}
                    aria-describedby={error ? errorId : undefined}
                    aria-invalid={error ? true : undefined}
                  />
                </label>
                {t ? (
                  <button type="button" className="button" disabled={mutation.isPending} onClick={() => reset(s)}>
                    Reset to default<span className="visually-hidden"> ({nameOf(s)}, level {s.level})</span>
                  </button>
                ) : null}
              </div>
            );
          })}
          <button type="submit" className="button button-primary" disabled={mutation.isPending} data-focus="save-stations">
            {mutation.isPending ? "Saving…" : "Save station targets"}
          </button>
          <p id={errorId} className={styles.formError} role="alert">
            {error}
          </p>
          <p className={styles.formSaved} role="status">
            {saved}
          </p>
        </form>
      )}
    </section>
  );
}
