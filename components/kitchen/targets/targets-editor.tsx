"use client";

import { type KitchenTargets } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { savedLevelTargets, targetMinutesOf } from "@/lib/kitchen/present/target-minutes";
import { putKitchenTargets } from "@/lib/queries/kitchen";

import {
  levelTargetsSubmit,
  TargetField,
  TargetsCard,
  TargetsForm,
  useTargetsSave,
  type LevelTargetsInput,
} from "./target-fields";

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
    put: (input: LevelTargetsInput) => putKitchenTargets(guid, { targets: input }),
    describe: (next) => `Targets saved: ${savedLevelTargets(next.targets, levels)}.`,
  });
  const { rootRef, save } = saving;

  const submit = levelTargetsSubmit(levels, fieldName, saving);

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
