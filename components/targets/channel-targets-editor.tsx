"use client";

import type { FormEvent } from "react";

import type { KitchenTargets } from "@/lib/kitchen/contract/responses";
import { formatDuration } from "@/lib/kitchen/present/format";
import {
  TARGET_MINUTES_HINT,
  targetMinutesOf,
  targetSecondsFrom,
} from "@/lib/kitchen/present/target-minutes";

import { SAVE_FOCUS, TargetField, TargetsCard, TargetsForm, useTargetsSave } from "./target-fields";
import { targetSourceWords } from "./target-words";

type ChannelInput = { channel: string; seconds: number | null }[];

/**
 * A restaurant's ticket target per channel (drive-thru, curbside, take-out, dine-in, delivery), in
 * minutes, in force at every level from the page's "changes apply from" date: what the channels
 * answer holds each channel's tickets to. "Reset" returns a channel to its built-in target.
 */
export function ChannelTargetsEditor({
  targets,
  put,
  cacheKey,
  refetch,
}: {
  targets: KitchenTargets;
  put: (input: ChannelInput) => Promise<KitchenTargets>;
  cacheKey: readonly unknown[];
  refetch: readonly unknown[];
}) {
  const settings = targets.channels;
  const fieldName = (channel: string) => `channel-${channel}`;
  const formKey = settings.map((t) => `${t.seconds}:${t.source}:${t.effectiveFrom}`).join(",");
  const saving = useTargetsSave<ChannelInput, KitchenTargets>({
    cacheKey,
    refetch,
    formKey,
    put,
    describe: (next) =>
      `Channel ticket targets saved: ${next.channels
        .map((c) => `${c.channel} ${formatDuration(c.seconds)}${c.isDefault ? " (default)" : ""}`)
        .join(", ")}.`,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: ChannelInput = [];
    for (const t of settings) {
      const seconds = targetSecondsFrom(String(data.get(fieldName(t.channel)) ?? ""));
      if (seconds === null) return saving.refuse(`${t.channel}: ${TARGET_MINUTES_HINT}`);
      input.push({ channel: t.channel, seconds });
    }
    saving.save(input, SAVE_FOCUS);
  };
  return (
    <TargetsCard
      title="Channel ticket targets"
      description="The time a ticket should meet, per channel, at every level: a drive-thru guest waits in the car, a dine-in guest at the table."
      testId="channel-targets-editor"
      rootRef={saving.rootRef}
    >
      <TargetsForm key={formKey} onSubmit={submit} saveLabel="Save channel ticket targets" state={saving}>
        {settings.map((t) => (
          <TargetField
            key={t.channel}
            name={fieldName(t.channel)}
            label={`Ticket target, ${t.channel} (minutes) · ${targetSourceWords(t)}`}
            minutes={targetMinutesOf(t.seconds)}
            resetFor={t.source === "own" ? `ticket target, ${t.channel}` : null}
            onReset={() => saving.save([{ channel: t.channel, seconds: null }], fieldName(t.channel))}
            state={saving}
          />
        ))}
      </TargetsForm>
    </TargetsCard>
  );
}
