import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { durationCsvColumns, percentCsvColumn } from "@/lib/csv/csv-format";
import type { ChannelTicketFigures, KitchenChannels } from "@/lib/kitchen/contract/channels";
import type { Stats } from "@/lib/kitchen/contract/responses";
import { NONE_FILTER, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";

/** One channel × level: its record figures of the metric asked, and its ticket times (absent: none at that level). */
interface ChannelCsvRow {
  channel: string | null;
  level: KitchenLevel;
  stats: Stats | null;
  ticket: ChannelTicketFigures | null;
}

function channelCsvColumns(answer: KitchenChannels): CsvColumn<ChannelCsvRow>[] {
  return [
    { header: "restaurant_guid", value: () => answer.restaurantGuid },
    // No dining option is written as the filter spells it, so the value can be pasted into channel=.
    { header: "channel", value: (r) => r.channel ?? NONE_FILTER },
    { header: "level", value: (r) => r.level },
    { header: "metric", value: () => answer.metric },
    { header: "count", value: (r) => r.stats?.count ?? 0 },
    ...(["p50", "p90"] as const).flatMap((stat) =>
      durationCsvColumns<ChannelCsvRow>(stat, (r) => r.stats?.[stat]),
    ),
    { header: "ticket_count", value: (r) => r.ticket?.stats.count ?? 0 },
    ...(["p50", "p90"] as const).flatMap((stat) =>
      durationCsvColumns<ChannelCsvRow>(`ticket_${stat}`, (r) => r.ticket?.stats[stat]),
    ),
    { header: "ticket_target_s", value: (r) => r.ticket?.withinTarget.targetSeconds ?? null },
    { header: "ticket_late", value: (r) => r.ticket?.withinTarget.late ?? 0 },
    percentCsvColumn<ChannelCsvRow>("ticket_late", (r) => {
      const w = r.ticket?.withinTarget;
      return w && w.count > 0 ? w.late / w.count : null;
    }),
  ];
}

/** The rows of the channels answer: every channel × level either table holds, in the answer's order. */
function channelCsvRows(answer: KitchenChannels): ChannelCsvRow[] {
  const key = (channel: string | null, level: number) => `${channel ?? "\u0000"}|${level}`;
  const out = new Map<string, ChannelCsvRow>();
  for (const r of answer.channels)
    out.set(key(r.channel, r.level), { channel: r.channel, level: r.level, stats: r.stats, ticket: null });
  for (const t of answer.tickets) {
    const row = out.get(key(t.channel, t.level));
    if (row) row.ticket = t;
    else out.set(key(t.channel, t.level), { channel: t.channel, level: t.level, stats: null, ticket: t });
  }
  return [...out.values()];
}

/** channels.csv: one row per channel and level (lib/kitchen/contract/channels.ts). */
export function channelsCsv(answer: KitchenChannels): string {
  return toCsv(channelCsvColumns(answer), channelCsvRows(answer));
}
