import type { KitchenSummary, LevelStats, TargetShare } from "./responses";

// ---------------------------------------------------------------------------------------------
// GET /api/restaurants/[guid]/kitchen/channels (and channels.csv)

/**
 * The ticket target of each channel (lib/kitchen/ingest/channels.ts), in seconds: a drive-thru
 * guest waits in the car, a dine-in guest is served at the table, so one ticket target for every
 * order judges neither. Built in (not yet editable): drive-thru 4 min, curbside and take-out
 * 10 min, dine-in and delivery 15 min. A channel without one (no dining option, an unknown
 * behavior) is held to the restaurant's ticket target of the level.
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
