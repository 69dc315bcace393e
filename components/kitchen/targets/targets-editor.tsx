"use client";

import { type FormEvent } from "react";

import { type KitchenTargets } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { levelTargetsFrom, savedLevelTargets, targetMinutesOf } from "@/lib/kitchen/present/target-minutes";
import { putKitchenTargets } from "@/lib/queries/kitchen";

import { SAVE_FOCUS, TargetField, TargetsCard, TargetsForm, useTargetsSave } from "./target-fields";

type LevelInput = { level: KitchenLevel; seconds: number | null }[];
const fieldName = (level: KitchenLevel) => `level-${level}`;

/**
 * Target times per level, in minutes, kept per restaurant on the server. Saving sends every level
 * shown; a level with its own target can be reset to the default. Focus stays on the control used
 * (after a reset, the level's input).
 */
export function TargetsEditor({
  guid,
  targets,
  levels,
}: {
  guid: string;
  targets: KitchenTargets | undefined;
  levels: readonly KitchenLevel[];
}) {
  const formKey = targets
    ? `${targets.updatedAt ?? "defaults"}|${targets.targets.map((t) => `${t.seconds}${t.isDefault ? "d" : ""}`).join(",")}`
    : "loading";
  const saving = useTargetsSave({
    guid,
    formKey,
    put: (input: LevelInput) => putKitchenTargets(guid, { targets: input }),
    describe: (next) => `Targets saved: ${savedLevelTargets(next.targets, levels)}.`,
  });
  const { rootRef, save, refuse } = saving;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = levelTargetsFrom(new FormData(event.currentTarget), levels, fieldName);
    if ("refusal" in read) return refuse(read.refusal);
    save(read.input, SAVE_FOCUS);
  }

  return (
    <TargetsCard
      title="Target times"
      description="The time each level should meet. Drawn as dashed lines; items at or under it count as on time."
      testId="targets-editor"
      rootRef={rootRef}
    >
      {!targets ? (
        <p>Loading targets…</p>
      ) : (
        <TargetsForm key={formKey} onSubmit={submit} saveLabel="Save targets" state={saving}>
          {levels.map((level) => {
            const t = targets.targets.find((x) => x.level === level);
            return (
              <TargetField
                key={level}
                name={fieldName(level)}
                label={`Level ${level} · ${LEVEL_LABELS[level]} (minutes)${t?.isDefault ? " · default" : ""}`}
                minutes={t ? targetMinutesOf(t.seconds) : ""}
                resetFor={t && !t.isDefault ? `level ${level}` : null}
                onReset={() => save([{ level, seconds: null }], fieldName(level))}
                state={saving}
              />
            );
          })}
        </TargetsForm>
      )}
    </TargetsCard>
  );
}
