import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { durationCsvColumns, percentCsvColumn } from "@/lib/csv/csv-format";
import {
  channelRows,
  lateShare,
  type ChannelRow as ChannelCsvRow,
  type KitchenChannels,
} from "@/lib/kitchen/contract/channels";
import { NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";

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
    percentCsvColumn<ChannelCsvRow>("ticket_late", lateShare),
  ];
}

/** channels.csv: one row per channel and level (lib/kitchen/contract/channels.ts). */
export function channelsCsv(answer: KitchenChannels): string {
  return toCsv(channelCsvColumns(answer), channelRows(answer));
}
