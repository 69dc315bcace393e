"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { ErrorState, LoadingState } from "@/components/ui/states";
import type { KitchenTargets } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { kitchenKeys, kitchenTargetsQuery, putKitchenTargets } from "@/lib/queries/kitchen";
import { stationsQuery } from "@/lib/queries/stations";

import { ChannelTargetsEditor } from "./channel-targets-editor";
import { EffectiveFromInput } from "./effective-from-input";
import { LevelTargetsEditor } from "./level-targets-editor";
import { StationTargetsEditor } from "./station-targets-editor";
import { TargetChanges } from "./target-history";
import { TargetsList } from "./targets-list";

/**
 * A restaurant's Targets page: its item, ticket and station targets today with where each comes
 * from (its own, the group standard, the default) and since when; the changes scheduled and the
 * history (who, when, from what to what). Whoever may change its own targets (the answer's
 * `mayEdit.own`) gets the editors and the date the changes apply from (today at the earliest: the
 * days already judged keep their targets); anyone else sees them read only.
 */
export function TargetsView({ guid, restaurantName }: { guid: string; restaurantName: string }) {
  const targets = useQuery(kitchenTargetsQuery(guid));
  // The station names for everyone who reads the page (a viewer's list names stations too), after
  // the targets themselves, which come first.
  const stations = useQuery({ ...stationsQuery(guid), enabled: targets.isSuccess });
  const [from, setFrom] = useState<string | undefined>(undefined);
  if (targets.isPending) return <LoadingState label="Loading targets…" />;
  if (targets.isError) return <ErrorState error={targets.error} onRetry={() => void targets.refetch()} />;
  const t = targets.data;
  const names = new Map((stations.data?.stations ?? []).map((s) => [s.guid, s.name]));
  const stationName = (g: string) => names.get(g) ?? `Station ${g.slice(0, 8)}`;
  const effectiveFrom = from ?? t.businessDate;

  return (
    <div data-testid="targets-view">
      <h1>Targets · {restaurantName}</h1>
      <p>
        Each day is judged by the targets in force that day: a change applies from a date forward and never
        rewrites the past. A restaurant&rsquo;s own target replaces the group standard, which replaces the
        default.
      </p>
      {t.mayEdit.own ? (
        <>
          <EffectiveFromInput earliest={t.businessDate} value={effectiveFrom} onChange={setFrom} />
          <OwnEditors guid={guid} targets={t} effectiveFrom={effectiveFrom} stations={stations.data} />
        </>
      ) : (
        <section className="card" data-testid="targets-read-only">
          <h2>Targets today</h2>
          <TargetsList targets={t} stationName={stationName} more={t} />
          <p>You may see these targets; changing them is for the restaurant&rsquo;s managers.</p>
        </section>
      )}
      <TargetChanges
        caption="Scheduled changes"
        changes={t.scheduled}
        stationName={stationName}
        testId="targets-scheduled"
      />
      <TargetChanges
        caption="History"
        changes={t.history}
        stationName={stationName}
        testId="targets-history"
      />
    </div>
  );
}

function OwnEditors({
  guid,
  targets,
  effectiveFrom,
  stations,
}: {
  guid: string;
  targets: KitchenTargets;
  effectiveFrom: string;
  stations:
    { stations: { guid: string; name: string }[]; expediter: { expediters: { guid: string }[] } } | undefined;
}) {
  const keys = { cacheKey: kitchenKeys.targets(guid), refetch: kitchenKeys.all(guid) };
  // Prep stations at level 0, expediter screens at levels 1 and 2 (where their records are).
  const expediters = new Set(stations?.expediter.expediters.map((e) => e.guid) ?? []);
  const choices = (stations?.stations ?? []).flatMap((s) =>
    (expediters.has(s.guid) ? [1, 2] : [0]).map((level) => ({
      stationGuid: s.guid,
      stationName: s.name,
      level: level as KitchenLevel,
    })),
  );
  return (
    <>
      <LevelTargetsEditor
        title="Item targets"
        description="The time each level's items should meet; at or under it counts as on time."
        testId="level-targets-editor"
        kind="level"
        scope="own"
        settings={targets.targets}
        put={(input) => putKitchenTargets(guid, { targets: input, effectiveFrom })}
        savedOf={(next: KitchenTargets) => next.targets}
        {...keys}
      />
      <LevelTargetsEditor
        title="Ticket targets"
        description="The time a whole ticket should meet, per level: a ticket waits for its slowest item."
        testId="ticket-targets-editor"
        kind="ticket"
        scope="own"
        settings={targets.tickets}
        put={(input) => putKitchenTargets(guid, { tickets: input, effectiveFrom })}
        savedOf={(next: KitchenTargets) => next.tickets}
        {...keys}
      />
      <StationTargetsEditor guid={guid} targets={targets} stations={choices} effectiveFrom={effectiveFrom} />
      <LevelTargetsEditor
        title="Pass wait targets"
        description="How long a finished item may wait at the pass (metric pass wait), per level."
        testId="pass-wait-targets-editor"
        kind="pass_wait"
        scope="own"
        settings={targets.passWait}
        put={(input) => putKitchenTargets(guid, { passWait: input, effectiveFrom })}
        savedOf={(next: KitchenTargets) => next.passWait}
        {...keys}
      />
      <LevelTargetsEditor
        title="Ticket spread targets"
        description="How far apart a ticket's first and last station may finish (metric ticket sync spread), per level."
        testId="ticket-spread-targets-editor"
        kind="ticket_spread"
        scope="own"
        settings={targets.ticketSpread}
        put={(input) => putKitchenTargets(guid, { ticketSpread: input, effectiveFrom })}
        savedOf={(next: KitchenTargets) => next.ticketSpread}
        {...keys}
      />
      <ChannelTargetsEditor
        targets={targets}
        put={(input) => putKitchenTargets(guid, { channels: input, effectiveFrom })}
        {...keys}
      />
    </>
  );
}
