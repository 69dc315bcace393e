"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";

import styles from "@/components/kitchen/cards/cards.module.css";
import form from "@/components/targets/targets.module.css";
import { CardHeading } from "@/components/ui/card/card-heading";
import card from "@/components/ui/card/table-card.module.css";
import { errorMessage } from "@/components/ui/states";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { levelTargetsFrom, TARGET_MINUTES } from "@/lib/kitchen/present/target-minutes";

/** The control a save or reset leaves keyboard focus on: an input's field name, or the save button. */
export const SAVE_FOCUS = "save";

/**
 * What the target editors (levels, tickets, stations; a restaurant's own or the group standard)
 * share: saving through the targets API, the saved targets put in the cache (`cacheKey`) and the
 * figures refetched (`refetch`: the share on time depends on them), one message for a refused value
 * or a failed save, one for a save, and keyboard focus kept in the editor. An editor's form is
 * rebuilt from the saved targets (its `formKey` changes), so without this focus would fall to
 * <body> after every save.
 */
export function useTargetsSave<Input, Saved>(opts: {
  cacheKey: readonly unknown[];
  refetch: readonly unknown[];
  put: (input: Input) => Promise<Saved>;
  /** The status line after a save. */
  describe: (next: Saved, input: Input) => string;
  /** Changes when the saved targets do (the key the form is rebuilt by). */
  formKey: string;
}) {
  const { cacheKey, refetch, put, describe, formKey } = opts;
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const root = useRef<HTMLElement | null>(null);
  const focusAfterSave = useRef<string | null>(null);
  const errorId = useId();
  const mutation = useMutation({
    mutationFn: put,
    onSuccess: async (next, input) => {
      queryClient.setQueryData(cacheKey, next);
      setSaved(describe(next, input));
      await queryClient.invalidateQueries({ queryKey: refetch });
    },
  });

  useEffect(() => {
    const key = focusAfterSave.current;
    if (!key || mutation.isPending) return;
    focusAfterSave.current = null;
    root.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)?.focus();
  }, [formKey, mutation.isPending]);

  const { mutate } = mutation;
  /** Sends `input`; focus goes to the control named `focusKey` once the rebuilt form is on screen. */
  const save = useCallback(
    (input: Input, focusKey: string) => {
      setSaved(null);
      setRefused(null);
      focusAfterSave.current = focusKey;
      mutate(input);
    },
    [mutate],
  );
  /** A value the editor will not send, in words. */
  const refuse = useCallback((message: string) => {
    setSaved(null);
    setRefused(message);
  }, []);
  const rootRef = useCallback((element: HTMLElement | null) => {
    root.current = element;
  }, []);

  const error = refused ?? (mutation.isError ? errorMessage(mutation.error) : null);
  return { rootRef, save, refuse, pending: mutation.isPending, error, saved, errorId };
}

/** One target per level, as the level and ticket editors send them (null: back to the default). */
export type LevelTargetsInput = { level: KitchenLevel; seconds: number | null }[];

/**
 * The submit of an editor with one target per level: reads every level's field, refuses the
 * first unreadable one in words, else saves them all and keeps focus on the save button.
 */
export function levelTargetsSubmit(
  levels: readonly KitchenLevel[],
  fieldName: (level: KitchenLevel) => string,
  saving: { save: (input: LevelTargetsInput, focusKey: string) => void; refuse: (message: string) => void },
) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = levelTargetsFrom(new FormData(event.currentTarget), levels, fieldName);
    if ("refusal" in read) return saving.refuse(read.refusal);
    saving.save(read.input, SAVE_FOCUS);
  };
}

/**
 * One target: a labelled minutes input, and "Reset" when the target is the row's own (it then
 * follows the next source: the group standard, or the default). `name` is the form field and the focus key.
 */
export function TargetField(props: {
  name: string;
  label: ReactNode;
  minutes: number | "";
  /** The words that make each reset button's name unique ("level 0", "Grill, level 0"); null: nothing to reset. */
  resetFor: string | null;
  onReset: () => void;
  state: SaveState;
}) {
  const { name, label, minutes, resetFor, onReset } = props;
  const { pending, error, errorId } = props.state;
  return (
    <div className={styles.inlineField}>
      <label className={styles.inlineField}>
        {label}
        <input
          data-focus={name}
          className="input"
          name={name}
          type="number"
          inputMode="decimal"
          min={TARGET_MINUTES.min}
          max={TARGET_MINUTES.max}
          step={TARGET_MINUTES.step}
          defaultValue={minutes}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
      </label>
      {resetFor !== null ? (
        <button type="button" className="button" disabled={pending} onClick={onReset}>
          Reset<span className="visually-hidden"> ({resetFor})</span>
        </button>
      ) : null}
    </div>
  );
}

/** What a field and the form's end show of a save under way (useTargetsSave's answer). */
interface SaveState {
  pending: boolean;
  error: string | null;
  saved: string | null;
  errorId: string;
}

/**
 * An editor's form: its fields, then the save button, the refusal or failure (an alert) and the
 * saved status. Give it `key={formKey}` so it is rebuilt from the saved targets.
 */
export function TargetsForm({
  onSubmit,
  saveLabel,
  state,
  disabled,
  label,
  testId,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  saveLabel: string;
  state: SaveState;
  /** Nothing to save yet (the targets are loading). */
  disabled?: boolean;
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { pending, error, saved, errorId } = state;
  return (
    <form onSubmit={onSubmit} className={form.targetsForm} noValidate aria-label={label} data-testid={testId}>
      {children}
      <button
        type="submit"
        className="button button-primary"
        disabled={pending || disabled}
        data-focus={SAVE_FOCUS}
      >
        {pending ? "Saving…" : saveLabel}
      </button>
      <p id={errorId} className={form.formError} role="alert">
        {error}
      </p>
      <p className={form.formSaved} role="status">
        {saved}
      </p>
    </form>
  );
}

/** The card of the level and station editors: its title, what its targets do, then its form. */
export function TargetsCard({
  title,
  description,
  testId,
  rootRef,
  children,
}: {
  title: string;
  description: ReactNode;
  testId: string;
  rootRef: (element: HTMLElement | null) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      ref={rootRef}
      className={`card ${form.targets}`}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <CardHeading id={headingId} className={card.title}>
        {title}
      </CardHeading>
      <p className={card.description}>{description}</p>
      {children}
    </section>
  );
}
