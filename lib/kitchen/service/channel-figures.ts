import "server-only";

import type { ChannelTicketFigures, KitchenChannels } from "@/lib/kitchen/contract/channels";
import { targetsOfMetric } from "@/lib/kitchen/contract/metric-targets";
import type { KitchenSummaryQuery } from "@/lib/kitchen/contract/params";
import type { DateCoverage } from "@/lib/kitchen/contract/responses";
import { NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { CHANNELS } from "@/lib/kitchen/ingest/channels";
import type { DimensionInterner } from "@/lib/kitchen/query/dimension-interner";
import { mergeScoped } from "@/lib/kitchen/query/range-summary";
import { mergeTicketTimes, type DatedTicketTargets } from "@/lib/kitchen/query/ticket-times";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";

import type { RangeTargets } from "./range-answers";
import type { createRangeParts } from "./range-parts";
import type { KitchenRestaurant } from "./service-config";
import { summaryQueryFields } from "./summary-assembly";

/**
 * A channel's ticket targets per level and date: the channel's target in force that date (the
 * restaurant's own or the built-in default, at every level), else, for no channel or one without a
 * target, the restaurant's ticket target of each level.
 */
function channelTargets(channel: string | null, targets: RangeTargets): DatedTicketTargets {
  if (channel === null || !(channel in targets.last.channelTickets)) return targets.ticketSeconds;
  return { on: (d) => targets.on(d).channelTickets[channel]!, last: targets.last.channelTickets[channel]! };
}

const byChannel = (a: string | null, b: string | null) => {
  // The five known channels in their order, then the others by name, none last.
  const rank = (c: string | null) => (c === null ? 99 : (CHANNELS as readonly string[]).indexOf(c));
  const ra = rank(a) < 0 ? 50 : rank(a);
  const rb = rank(b) < 0 ? 50 : rank(b);
  return ra - rb || (a ?? "").localeCompare(b ?? "");
};

/**
 * The channels answer: the record figures per channel (the trend merge's channel breakdown, the
 * summary's `channels`) and, per channel, the ticket times merged under the query's filters plus
 * that channel, each judged by the channel's ticket target.
 */
export async function channelFigures(
  deps: {
    rangeParts: Pick<ReturnType<typeof createRangeParts>, "filtersFor" | "partsOf">;
    interner: DimensionInterner;
  },
  restaurant: KitchenRestaurant,
  query: KitchenSummaryQuery,
  range: { dates: string[]; rows: Map<string, DayRow>; coverage: () => DateCoverage; targets: RangeTargets },
): Promise<KitchenChannels> {
  const { dates, rows, targets } = range;
  const { filtersFor, partsOf } = deps.rangeParts;
  // A channel asked of the parts: the rollups come with their detail, which splitting tickets by channel reads.
  const asked = { ...query, channel: query.channel ?? CHANNELS[0] };
  const merged = (await partsOf(restaurant, dates, rows, [query.metric], asked, targets.breaks)).partsFor(
    query.metric,
  );
  const filters = filtersFor(query);
  const head = summaryQueryFields(restaurant, query, dates, rows, range.coverage(), merged, filters);
  // As the summary: pass_wait and ticket_spread are judged by their own targets.
  const figures = mergeScoped(
    merged,
    query.metric,
    filters,
    targetsOfMetric(query.metric, targets),
    deps.interner,
    {
      hours: false,
      trend: true,
      items: false,
    },
  );
  const rowsOf = figures.channels ?? [];
  const present = [...new Set(rowsOf.map((r) => r.channel))].sort(byChannel);
  const tickets: ChannelTicketFigures[] = [];
  for (const channel of present) {
    const times = mergeTicketTimes(
      merged,
      query.metric,
      { ...filters, channel: channel ?? NONE_FILTER },
      channelTargets(channel, targets),
    );
    for (const t of times.tickets)
      if (t.stats.count + t.stats.excluded > 0)
        tickets.push({ channel, level: t.level, stats: t.stats, withinTarget: t.withinTarget });
  }
  const { restaurantGuid, restaurantName, timeZone, from, to, metric, coverage } = head;
  return {
    restaurantGuid,
    restaurantName,
    timeZone,
    from,
    to,
    metric,
    filters: head.filters,
    coverage,
    channels: [...rowsOf].sort((a, b) => byChannel(a.channel, b.channel) || a.level - b.level),
    tickets,
  };
}
