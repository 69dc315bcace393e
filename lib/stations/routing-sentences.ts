import type { StationRouting } from "./station-routing";

/**
 * The routing picture in sentences: the text equivalent of the lanes diagram, one sentence per
 * station, read in the same order.
 */
export function routingSentence(station: StationRouting): string {
  const parts: string[] = [];
  const printer = station.printer ? (station.printer.name ?? "a printer that cannot be found") : null;
  const lane = station.effectiveExpoRouting;

  if (lane === "EXPO_ONLY") {
    parts.push(`${station.name} sends its tickets only to the expediter`);
  } else {
    if (!printer) parts.push(`${station.name} has no printer`);
    else if (station.printingMode === "OFFLINE_ONLY")
      parts.push(`${station.name} prints at ${printer} only when its display is offline`);
    else if (station.printingMode === "ON") parts.push(`${station.name} prints every ticket at ${printer}`);
    else if (station.printingMode)
      parts.push(`${station.name} is assigned ${printer} with printing mode ${station.printingMode}`);
    else parts.push(`${station.name} is assigned ${printer} with no printing mode`);
    if (lane === "SEND_TO_EXPO") parts.push("also sends them to the expediter");
    else if (lane === "SKIP_EXPO") parts.push("skips the expediter");
    else parts.push("has no expediter routing set");
  }
  // The lane of an unknown routing was derived from includeWithExpediter; the sentence says the value as sent.
  if (station.expoRouting && station.expoRouting !== lane)
    parts.push(`its expediter routing is ${station.expoRouting}`);
  let sentence = parts.join(" and ");
  const watched = station.connected.map((c) => c.name ?? "a station that cannot be found");
  if (watched.length) sentence += `; it monitors ${listWords(watched)}`;
  if (station.monitoredBy.length)
    sentence += `; it is monitored by ${listWords(station.monitoredBy.map((s) => s.name))}`;
  return `${sentence}.`;
}

export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
