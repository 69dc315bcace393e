import { tzOffset } from "@date-fns/tz";

/**
 * Hour of day (0-23) of an instant on the restaurant's wall clock. Offsets come from
 * @date-fns/tz (the runtime's IANA data), so a daylight-saving day has 23 or 25 hours as it did
 * in the restaurant. Every modern zone's offset and transitions fall on quarter hours, so one
 * lookup per quarter hour of UTC serves all the instants in it.
 */
const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** An instant's wall-clock time in the zone, as epoch ms of that wall-clock reading taken as UTC. */
export function localClockResolver(timeZone: string): (epochMs: number) => number {
  const offsets = new Map<number, number>();
  return (epochMs) => {
    const quarter = Math.floor(epochMs / QUARTER_MS);
    let offsetMs = offsets.get(quarter);
    if (offsetMs === undefined) {
      offsetMs = tzOffset(timeZone, new Date(quarter * QUARTER_MS)) * 60_000;
      offsets.set(quarter, offsetMs);
    }
    return epochMs + offsetMs;
  };
}

export function localHourResolver(timeZone: string): (epochMs: number) => number {
  const clock = localClockResolver(timeZone);
  return (epochMs) => {
    const hour = Math.floor(clock(epochMs) / HOUR_MS) % 24;
    return hour < 0 ? hour + 24 : hour;
  };
}
