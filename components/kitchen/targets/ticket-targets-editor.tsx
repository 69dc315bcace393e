"use client";

import { useQuery } from "@tanstack/react-query";
import { type FormEvent } from "react";

import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { levelTargetsFrom, savedLevelTargets, targetMinutesOf } from "@/lib/kitchen/present/target-minutes";
import { kitchenTargetsQuery, putKitchenTargets } from "@/lib/queries/kitchen";

import { SAVE_FOCUS, TargetField, TargetsForm, useTargetsSave } from "./target-fields";

type TicketInput = { level: KitchenLevel; seconds: number | null }[];
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
    put: (tickets: TicketInput) => putKitchenTargets(guid, { tickets }),
    describe: (next) => `Ticket targets saved: ${savedLevelTargets(next.tickets, levels)}.`,
  });
  const { rootRef, save, refuse } = saving;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = levelTargetsFrom(new FormData(event.currentTarget), levels, fieldName);
    if ("refusal" in read) return refuse(read.refusal);
    save(read.input, SAVE_FOCUS);
  }

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
