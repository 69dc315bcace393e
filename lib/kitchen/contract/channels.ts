import type { KitchenSummary, LevelStats, Stats, TargetShare } from "./responses";
import type { KitchenLevel } from "./vocabulary";

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/[guid]/kitchen/channels (and channels.csv)

/**
 * The ticket target of each channel (lib/kitchen/ingest/channels.ts), in seconds: a drive-thru
 * guest waits in the car, a dine-in guest is served at the table, so one ticket target for every
 * order judges neither. The built-in defaults: drive-thru 4 min, curbside and take-out 10 min,
 * dine-in and delivery 15 min; a restaurant sets its own per channel, dated (target-versions.ts,
 * kind "channel"). A channel without one (no dining option, an unknown behavior) is held to the
 * restaurant's ticket target of the level.
 */
export const CHANNEL_TICKET_TARGETS: Readonly<Record<string, number>> = {
  "drive-thru": 240,
  curbside: 600,
  "take-out": 600,
  "dine-in": 900,
  delivery: 900,
};

/** One channel's ticket times at one level, with the share within the channel's ticket target. */
export interface ChannelTicketFigures extends LevelStats {
  channel: string | null;
  /** `targetSeconds`: the channel's ticket target (or the level's, see CHANNEL_TICKET_TARGETS); late: over it. */
  withinTarget: TargetShare;
}

/**
 * Per channel and level: the record figures of the metric asked (`channels`, exactly the summary's)
 * and the ticket times (`tickets`), under the query's filters; a channel filter leaves one channel.
 */
export type KitchenChannels = Pick<
  KitchenSummary,
  "restaurantGuid" | "restaurantName" | "timeZone" | "from" | "to" | "metric" | "filters" | "coverage"
> & {
  channels: NonNullable<KitchenSummary["channels"]>;
  tickets: ChannelTicketFigures[];
};

/** One channel × level: its record figures of the metric asked, and its ticket times (null: none at that level). */
export interface ChannelRow {
  channel: string | null;
  level: KitchenLevel;
  stats: Stats | null;
  ticket: ChannelTicketFigures | null;
}

/** The rows of the channels answer (the page's table and channels.csv): every channel × level either list holds, in the answer's order. */
export function channelRows(answer: Pick<KitchenChannels, "channels" | "tickets">): ChannelRow[] {
  const key = (channel: string | null, level: number) => `${channel ?? "\u0000"}|${level}`;
  const out = new Map<string, ChannelRow>();
  for (const r of answer.channels)
    out.set(key(r.channel, r.level), { channel: r.channel, level: r.level, stats: r.stats, ticket: null });
  for (const t of answer.tickets) {
    const row = out.get(key(t.channel, t.level));
    if (row) row.ticket = t;
    else out.set(key(t.channel, t.level), { channel: t.channel, level: t.level, stats: null, ticket: t });
  }
  return [...out.values()];
}

/** The share of a row's tickets over its channel's ticket target (null without tickets). */
export function lateShare(row: ChannelRow): number | null {
  const w = row.ticket?.withinTarget;
  return w && w.count > 0 ? w.late / w.count : null;
}
