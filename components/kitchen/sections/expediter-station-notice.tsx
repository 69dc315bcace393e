"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";

import { EmptyState } from "@/components/ui/states";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { stationsQuery } from "@/lib/queries/stations";
import { kitchenPageHref, kitchenViewToParams, type KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * The empty Kitchen page of a station that sends its tickets only to the expediter (EXPO_ONLY, as
 * the Stations page places it): the Platform never records its items at level 0, so no range
 * could fill it. Says so in words and links to the expediter's figures for the same range,
 * instead of "try a longer range". Any other empty station view gets `fallback`.
 */
export function ExpediterStationNotice({
  guid,
  view,
  fallback,
}: {
  guid: string;
  view: KitchenView;
  fallback: ReactNode;
}) {
  const report = useQuery({ ...stationsQuery(guid), enabled: view.station !== null });
  const station = report.data?.expediter.expoOnly.find((s) => s.guid === view.station);
  if (!station) return <>{fallback}</>;
  const href = kitchenPageHref(
    guid,
    kitchenViewToParams({ ...view, station: null, level: 1, histStation: null, histLevel: 1 }),
  );
  return (
    <div data-testid="expediter-station-notice">
      <EmptyState title={`${station.name}'s items are timed at the expediter`}>
        <p>
          {station.name} sends its tickets only to the expediter, so the Platform records its items when the
          expediter bumps them (level 1, {LEVEL_LABELS[1].toLowerCase()}), never at {station.name} itself. A
          longer range would not change that.
        </p>
        <p>
          <Link href={href}>See the expediter&apos;s times for these dates</Link>
        </p>
      </EmptyState>
    </div>
  );
}
