"use client";

import { type FormEvent } from "react";

import { type KitchenTargets } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatDuration } from "@/lib/kitchen/present/format";
import {
  TARGET_MINUTES_HINT,
  targetMinutesOf,
  targetSecondsFrom,
} from "@/lib/kitchen/present/target-minutes";
import { kitchenKeys, putKitchenTargets } from "@/lib/queries/kitchen";

import { SAVE_FOCUS, TargetField, TargetsCard, TargetsForm, useTargetsSave } from "./target-fields";
import { targetSourceWords } from "./target-words";

export interface StationChoice {
  stationGuid: string;
  stationName: string | null;
  level: KitchenLevel;
}

type StationInput = { stationGuid: string; level: KitchenLevel; seconds: number | null }[];
const nameOf = (s: { stationGuid: string; stationName: string | null }) =>
  s.stationName ?? `Station ${s.stationGuid.slice(0, 8)}`;
const fieldName = (s: { stationGuid: string; level: KitchenLevel }) => `station-${s.stationGuid}-${s.level}`;

/**
 * Targets of single stations at one level, beside the levels' (LS Central's alert time per
 * station): a row per station and level of the range, holding its own target or, marked so, its
 * level's. Saving sends only the rows that changed; "Reset to default" removes a station's own
 * target so it follows its level again. Focus stays on the control used (after a reset, the row's
 * input).
 */
export function StationTargetsEditor({
  guid,
  targets,
  stations,
  effectiveFrom,
}: {
  guid: string;
  targets: KitchenTargets;
  stations: readonly StationChoice[];
  /** The first business date a change is in force (the page's choice; unset: today). */
  effectiveFrom: string | undefined;
}) {
  const levelTarget = (level: KitchenLevel) => targets.targets.find((t) => t.level === level)?.seconds ?? 0;
  const own = (s: StationChoice) =>
    targets.stations.find((t) => t.stationGuid === s.stationGuid && t.level === s.level);
  // Stations of the range, and any station with a target of its own that the range lacks (so it can be reset).
  const rows: StationChoice[] = [
    ...stations,
    ...targets.stations
      .filter((t) => !stations.some((s) => s.stationGuid === t.stationGuid && s.level === t.level))
      .map((t) => ({ stationGuid: t.stationGuid, stationName: null, level: t.level })),
  ].sort((a, b) => a.level - b.level || nameOf(a).localeCompare(nameOf(b)));

  const formKey = `${targets.updatedAt ?? "defaults"}|${targets.stations.map((t) => `${t.stationGuid}:${t.level}:${t.seconds}`).join(",")}|${targets.targets.map((t) => t.seconds).join(",")}`;
  const saving = useTargetsSave({
    cacheKey: kitchenKeys.targets(guid),
    refetch: kitchenKeys.all(guid),
    formKey,
    put: (input: StationInput) => putKitchenTargets(guid, { stations: input, effectiveFrom }),
    describe: (_next, input) => {
      const words = input.map((i) => {
        const row = rows.find((r) => r.stationGuid === i.stationGuid && r.level === i.level);
        const name = row ? nameOf(row) : i.stationGuid;
        return i.seconds === null
          ? `${name} level ${i.level} back to the level's target`
          : `${name} level ${i.level} ${formatDuration(i.seconds)}`;
      });
      return `Station targets saved: ${words.join(", ")}.`;
    },
  });
  const { rootRef, save, refuse } = saving;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: StationInput = [];
    for (const s of rows) {
      const text = String(data.get(fieldName(s)) ?? "").trim();
      if (text === "") continue;
      const seconds = targetSecondsFrom(text);
      if (seconds === null) return refuse(`${nameOf(s)}, level ${s.level}: ${TARGET_MINUTES_HINT}`);
      // Unchanged rows are not sent: a station on its level's target stays on it until it is given
      // another. "Unchanged" is against what the input showed (minutes to a tenth), not the seconds.
      const shown = Math.round(targetMinutesOf(own(s)?.seconds ?? levelTarget(s.level)) * 60);
      if (seconds !== shown) input.push({ stationGuid: s.stationGuid, level: s.level, seconds });
    }
    if (input.length === 0) return refuse("No station target changed.");
    save(input, SAVE_FOCUS);
  }

  return (
    <TargetsCard
      title="Station targets"
      description={
        <>
          A station can have a target of its own at a level; its on-time share, late counts, colours and ticks
          then use it, from the date the change applies. Rows marked &ldquo;level&rsquo;s target&rdquo; follow
          their level.
        </>
      }
      testId="station-targets-editor"
      rootRef={rootRef}
    >
      {rows.length === 0 ? (
        <p>No stations in this range.</p>
      ) : (
        <TargetsForm key={formKey} onSubmit={submit} saveLabel="Save station targets" state={saving}>
          {rows.map((s) => {
            const t = own(s);
            return (
              <TargetField
                key={fieldName(s)}
                name={fieldName(s)}
                label={`${nameOf(s)} · level ${s.level} (minutes) · ${t ? targetSourceWords({ source: "own", effectiveFrom: t.effectiveFrom }) : "level's target"}`}
                minutes={targetMinutesOf(t?.seconds ?? levelTarget(s.level))}
                resetFor={t ? `${nameOf(s)}, level ${s.level}` : null}
                onReset={() =>
                  save([{ stationGuid: s.stationGuid, level: s.level, seconds: null }], fieldName(s))
                }
                state={saving}
              />
            );
          })}
        </TargetsForm>
      )}
    </TargetsCard>
  );
}
