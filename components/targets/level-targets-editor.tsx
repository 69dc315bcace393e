"use client";

import type { TargetSetting } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { savedLevelTargets, targetMinutesOf } from "@/lib/kitchen/present/target-minutes";

import {
  levelTargetsSubmit,
  TargetField,
  TargetsCard,
  TargetsForm,
  useTargetsSave,
  type LevelTargetsInput,
} from "./target-fields";
import { targetSourceWords } from "./target-words";

/** Each kind's words: the field's label, and what its reset button names before the level. */
const WORDS = {
  level: ["Level", ""],
  ticket: ["Ticket target, level", "ticket target, "],
  pass_wait: ["Pass wait target, level", "pass wait target, "],
  ticket_spread: ["Ticket spread target, level", "ticket spread target, "],
} as const;

/**
 * One target per level, in minutes: the item targets or the ticket targets, of a restaurant (its
 * own) or of the group (the standard). Each row says where its target comes from and since when;
 * saving sends every level shown, from the page's "changes apply from" date; "Reset" removes the
 * row's own target from that date, so the next source applies.
 */
export function LevelTargetsEditor<Saved>(props: {
  title: string;
  description: string;
  testId: string;
  /** The kind of target: the field names and words. */
  kind: keyof typeof WORDS;
  /** Which source is this editor's own ("own" on a restaurant's page, "group" on the group's). */
  scope: "own" | "group";
  settings: readonly TargetSetting[];
  put: (input: LevelTargetsInput) => Promise<Saved>;
  savedOf: (next: Saved) => readonly TargetSetting[];
  cacheKey: readonly unknown[];
  refetch: readonly unknown[];
}) {
  const { kind, scope, settings } = props;
  const levels: KitchenLevel[] = settings.map((t) => t.level);
  const fieldName = (level: KitchenLevel) => `${kind}-${level}`;
  const formKey = settings.map((t) => `${t.seconds}:${t.source}:${t.effectiveFrom}`).join(",");
  const saving = useTargetsSave<LevelTargetsInput, Saved>({
    cacheKey: props.cacheKey,
    refetch: props.refetch,
    formKey,
    put: props.put,
    describe: (next) => `${props.title} saved: ${savedLevelTargets([...props.savedOf(next)], levels)}.`,
  });
  const { rootRef, save } = saving;
  const submit = levelTargetsSubmit(levels, fieldName, saving);
  const [word, resetWord] = WORDS[kind];

  return (
    <TargetsCard title={props.title} description={props.description} testId={props.testId} rootRef={rootRef}>
      <TargetsForm
        key={formKey}
        onSubmit={submit}
        saveLabel={`Save ${props.title.toLowerCase()}`}
        state={saving}
      >
        {settings.map((t) => (
          <TargetField
            key={t.level}
            name={fieldName(t.level)}
            label={`${word} ${t.level} · ${LEVEL_LABELS[t.level]} (minutes) · ${targetSourceWords(t)}`}
            minutes={targetMinutesOf(t.seconds)}
            resetFor={t.source === scope ? `${resetWord}level ${t.level}` : null}
            onReset={() => save([{ level: t.level, seconds: null }], fieldName(t.level))}
            state={saving}
          />
        ))}
      </TargetsForm>
    </TargetsCard>
  );
}
