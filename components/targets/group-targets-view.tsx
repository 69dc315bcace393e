"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { ErrorState, LoadingState } from "@/components/ui/states";
import type { GroupTargets } from "@/lib/kitchen/contract/responses";
import { groupTargetsKey, groupTargetsQuery, putGroupTargets } from "@/lib/queries/kitchen";

import { EffectiveFromInput } from "./effective-from-input";
import { LevelTargetsEditor } from "./level-targets-editor";
import { TargetChanges } from "./target-history";
import { TargetsList } from "./targets-list";

/**
 * The group standard targets (/admin/targets): the item and ticket targets every restaurant has
 * unless it sets its own. Owners and admins change them (from a date: each restaurant from its own
 * business date at the earliest); anyone else sees them.
 */
export function GroupTargetsView() {
  const targets = useQuery(groupTargetsQuery());
  const [from, setFrom] = useState<string | undefined>(undefined);
  if (targets.isPending) return <LoadingState label="Loading the group's targets…" />;
  if (targets.isError) return <ErrorState error={targets.error} onRetry={() => void targets.refetch()} />;
  const t = targets.data;
  const effectiveFrom = from ?? t.businessDate;
  // A change of the standard moves every restaurant's figures that follow it.
  const keys = { cacheKey: groupTargetsKey, refetch: ["kitchen"] };
  return (
    <div data-testid="group-targets-view">
      <h1>Group standard targets</h1>
      <p>
        Every restaurant is held to these unless it has its own target. A change applies from a date forward,
        for each restaurant from its own business date at the earliest, and never rewrites the past.
      </p>
      {t.mayEdit ? (
        <>
          <EffectiveFromInput earliest={t.businessDate} value={effectiveFrom} onChange={setFrom} />
          <LevelTargetsEditor
            title="Standard item targets"
            description="The time each level's items should meet."
            testId="group-level-targets-editor"
            kind="level"
            scope="group"
            settings={t.targets}
            put={(input) => putGroupTargets({ targets: input, effectiveFrom })}
            savedOf={(next: GroupTargets) => next.targets}
            {...keys}
          />
          <LevelTargetsEditor
            title="Standard ticket targets"
            description="The time a whole ticket should meet, per level."
            testId="group-ticket-targets-editor"
            kind="ticket"
            scope="group"
            settings={t.tickets}
            put={(input) => putGroupTargets({ tickets: input, effectiveFrom })}
            savedOf={(next: GroupTargets) => next.tickets}
            {...keys}
          />
        </>
      ) : (
        <section className="card">
          <TargetsList targets={{ ...t, stations: [] }} />
        </section>
      )}
      <TargetChanges caption="Scheduled changes" changes={t.scheduled} testId="group-targets-scheduled" />
      <TargetChanges caption="History" changes={t.history} testId="group-targets-history" />
    </div>
  );
}
