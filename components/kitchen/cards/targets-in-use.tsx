"use client";

import Link from "next/link";
import { useId } from "react";

import { TargetsList } from "@/components/targets/targets-list";
import { CardHeading } from "@/components/ui/card/card-heading";
import card from "@/components/ui/card/table-card.module.css";
import type { KitchenTargets, StationRef } from "@/lib/kitchen/contract/responses";

/**
 * The targets the page's figures use today, read only, each with where it comes from: targets are
 * policy, changed on the restaurant's Targets page (from a date forward, so the past keeps the
 * targets it was judged by), which this card links to.
 */
export function TargetsInUse({
  guid,
  targets,
  stations,
}: {
  guid: string;
  targets: KitchenTargets | undefined;
  /** The range's stations, for their names. */
  stations: readonly StationRef[];
}) {
  const names = new Map(stations.map((s) => [s.stationGuid, s.stationName]));
  const stationName = (g: string) => names.get(g) ?? `Station ${g.slice(0, 8)}`;
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId} data-testid="targets-in-use">
      <CardHeading id={headingId} className={card.title}>
        Targets in use
      </CardHeading>
      <p className={card.description}>
        Each day is judged by the targets in force that day.{" "}
        <Link href={`/restaurants/${encodeURIComponent(guid)}/targets`}>
          {targets?.mayEdit.own ? "Change targets" : "See targets and their history"}
        </Link>
      </p>
      {!targets ? <p>Loading targets…</p> : <TargetsList targets={targets} stationName={stationName} />}
    </section>
  );
}
