"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { LEVEL_LABELS } from "@/lib/kitchen/ui/labels";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { type KitchenTargets } from "@/lib/kitchen/contract/responses";
import { formatDuration } from "@/lib/kitchen/ui/format";
import { kitchenKeys, putKitchenTargets } from "@/lib/queries/kitchen";
import { errorMessage } from "@/components/ui/states";
import { CardHeading } from "@/components/ui/card-heading";
import styles from "./kitchen-view.module.css";

/**
 * Target times per level, in minutes, kept per restaurant on the server. Saving refetches the
 * figures, since the share on time depends on them. A level with its own target can be reset to
 * the default. The form is rebuilt from the saved targets after each save, so keyboard focus is
 * put back on the control that was used (or, after a reset, the level's input), not left on <body>.
 */
export function TargetsEditor({ guid, targets, levels }: { guid: string; targets: KitchenTargets | undefined; levels: readonly KitchenLevel[] }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const headingId = useId();
  const errorId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // The data-focus key of the control to focus once the rebuilt form is on screen.
  const focusAfterSave = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { level: KitchenLevel; seconds: number | null }[]) => putKitchenTargets(guid, { targets: input }),
    onSuccess: async (next) => {
      queryClient.setQueryData(kitchenKeys.targets(guid), next);
      setSaved(
        `Targets saved: ${next.targets
          .filter((t) => levels.includes(t.level))
          .map((t) => `level ${t.level} ${formatDuration(t.seconds)}${t.isDefault ? " (default)" : ""}`)
          .join(", ")}.`,
      );
      await queryClient.invalidateQueries({ queryKey: kitchenKeys.all(guid) });
    },
  });

  const formKey = targets ? `${targets.updatedAt ?? "defaults"}|${targets.targets.map((t) => `${t.seconds}${t.isDefault ? "d" : ""}`).join(",")}` : "loading";
  useEffect(() => {
    const key = focusAfterSave.current;
    if (!key || mutation.isPending) return;
    focusAfterSave.current = null;
    sectionRef.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`)?.focus();
  }, [formKey, mutation.isPending]);

  function reset(level: KitchenLevel) {
    setSaved(null);
    setFormError(null);
    focusAfterSave.current = `level-${level}`;
    mutation.mutate([{ level, seconds: null }]);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const data = new FormData(event.currentTarget);
    const input: { level: KitchenLevel; seconds: number }[] = [];
    for (const level of levels) {
      const minutes = Number(String(data.get(`level-${level}`) ?? "").replace(",", "."));
      if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 1440) {
        setFormError(`Level ${level}: enter minutes between 0.1 and 1440.`);
        return;
      }
      input.push({ level, seconds: Math.round(minutes * 60) });
    }
    setFormError(null);
    focusAfterSave.current = "save";
    mutation.mutate(input);
  }

  const error = formError ?? (mutation.isError ? errorMessage(mutation.error) : null);
  return (
    <section className={`card ${styles.targets}`} aria-labelledby={headingId} data-testid="targets-editor" ref={sectionRef}>
      <CardHeading id={headingId} className={styles.tableCardTitle}>
        Target times
      </CardHeading>
      <p className={styles.tableCardDescription}>The time each level should meet. Drawn as dashed lines; items at or under it count as on time.</p>
      {!targets ? (
        <p>Loading targets…</p>
      ) : (
        <form onSubmit={submit} className={styles.targetsForm} noValidate key={formKey}>
          {levels.map((level) => {
            const t = targets.targets.find((x) => x.level === level);
            return (
              <div key={level} className={styles.inlineField}>
              <label className={styles.inlineField}>
                Level {level} · {LEVEL_LABELS[level]} (minutes){t?.isDefault ? " · default" : ""}
                <input
                  data-focus={`level-${level}`}
                  className="input"
                  name={`level-${level}`}
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
                <button type="button" className="button" data-focus={`reset-${level}`} disabled={mutation.isPending} onClick={() => reset(level)}>
                  Reset to default<span className="visually-hidden"> (level {level})</span>
                </button>
              ) : null}
              </div>
            );
          })}
          <button type="submit" className="button button-primary" disabled={mutation.isPending} data-focus="save">
            {mutation.isPending ? "Saving…" : "Save targets"}
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
