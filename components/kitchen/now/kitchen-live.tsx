"use client";

import type { KitchenView } from "@/lib/url-state/kitchen-view";

import { AlertBanner } from "./alert-banner";
import { NowStrip } from "./now-strip";

/** The Kitchen page's live parts, in one place for the page to mount: its alerts, and "Now" on Today. */
export function KitchenLive(props: { guid: string; timeZone: string; view: KitchenView; today: string }) {
  return (
    <>
      <AlertBanner guid={props.guid} timeZone={props.timeZone} />
      <NowStrip {...props} />
    </>
  );
}
