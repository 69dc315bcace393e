import type { KitchenTargets } from "@/lib/kitchen/contract/responses";
import { formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";

import { targetSourceWords } from "./target-words";

/**
 * A restaurant's targets today, read only, each with where it comes from and since when; `more`
 * adds the pass wait, ticket spread and channel targets (the Targets page; the Kitchen page's card
 * keeps to the item and ticket targets).
 */
export function TargetsList({
  targets,
  stationName = (guid) => `Station ${guid.slice(0, 8)}`,
  more,
}: {
  targets: Pick<KitchenTargets, "targets" | "tickets" | "stations">;
  stationName?: (guid: string) => string;
  more?: Pick<KitchenTargets, "passWait" | "ticketSpread" | "channels">;
}) {
  return (
    <ul data-testid="targets-list">
      {targets.targets.map((t) => (
        <li key={`level-${t.level}`}>
          Level {t.level} · {LEVEL_LABELS[t.level]}: {formatDuration(t.seconds)} ({targetSourceWords(t)})
        </li>
      ))}
      {targets.tickets.map((t) => (
        <li key={`ticket-${t.level}`}>
          Ticket, level {t.level}: {formatDuration(t.seconds)} ({targetSourceWords(t)})
        </li>
      ))}
      {(more?.passWait ?? []).map((t) => (
        <li key={`pass-${t.level}`}>
          Pass wait, level {t.level}: {formatDuration(t.seconds)} ({targetSourceWords(t)})
        </li>
      ))}
      {(more?.ticketSpread ?? []).map((t) => (
        <li key={`spread-${t.level}`}>
          Ticket spread, level {t.level}: {formatDuration(t.seconds)} ({targetSourceWords(t)})
        </li>
      ))}
      {(more?.channels ?? []).map((t) => (
        <li key={`channel-${t.channel}`}>
          Ticket, {t.channel}: {formatDuration(t.seconds)} ({targetSourceWords(t)})
        </li>
      ))}
      {targets.stations.map((s) => (
        <li key={`station-${s.stationGuid}-${s.level}`} data-testid="station-target">
          {stationName(s.stationGuid)}, level {s.level}: {formatDuration(s.seconds)} ({targetSourceWords(s)})
        </li>
      ))}
    </ul>
  );
}
