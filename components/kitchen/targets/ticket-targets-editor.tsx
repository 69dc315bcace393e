"use client";

import { useQuery } from "@tanstack/react-query";

import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { savedLevelTargets, targetMinutesOf } from "@/lib/kitchen/present/target-minutes";
import { kitchenTargetsQuery, putKitchenTargets } from "@/lib/queries/kitchen";

import {
  levelTargetsSubmit,
  TargetField,
  TargetsForm,
  useTargetsSave,
  type LevelTargetsInput,
} from "./target-fields";

const fieldName = (level: KitchenLevel) => `ticket-level-${level}`;

/**
 * The ticket-time target per level, in minutes (PUT .../kitchen/targets `tickets`), apart from
 * the item targets: a ticket waits for its slowest item. "Reset" puts a level back on its default.
 */
export function TicketTargetsEditor({ guid, levels }: { guid: string; levels: readonly KitchenLevel[] }) {
  const targets = useQuery(kitchenTargetsQuery(guid));
  const list = targets.data?.tickets;
  const formKey = list ? list.map((t) => `${t.seconds}${t.isDefault ? "d" : ""}`).join(",") : "loading";
  const saving = useTargetsSave({
    guid,
    formKey,
    put: (tickets: LevelTargetsInput) => putKitchenTargets(guid, { tickets }),
    describe: (next) => `Ticket targets saved: ${savedLevelTargets(next.tickets, levels)}.`,
  });
  const { rootRef, save } = saving;

  const submit = levelTargetsSubmit(levels, fieldName, saving);

  return (
    // The form is rebuilt after a save: the wrapper holds the focus target's search.
    <div ref={rootRef}>
      <TargetsForm
        key={formKey}
        onSubmit={submit}
        saveLabel="Save ticket targets"
        state={saving}
        disabled={!list}
        label="Ticket targets"
        testId="ticket-targets"
      >
        {!list ? (
          <p>Loading ticket targets…</p>
        ) : (
          levels.map((level) => {
            const t = list.find((x) => x.level === level);
            return (
              <TargetField
                key={level}
                name={fieldName(level)}
                label={`Ticket target, level ${level} · ${LEVEL_LABELS[level]} (minutes)${t?.isDefault ? " · default" : ""}`}
                minutes={t ? targetMinutesOf(t.seconds) : ""}
                resetFor={t && !t.isDefault ? `ticket target, level ${level}` : null}
                onReset={() => save([{ level, seconds: null }], fieldName(level))}
                state={saving}
              />
            );
          })
        )}
      </TargetsForm>
    </div>
  );
}
