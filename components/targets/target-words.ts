import { formatBusinessDate } from "@/lib/business-date/format";
import { SINCE_THE_BEGINNING, type TargetSource } from "@/lib/kitchen/contract/target-versions";

/** Where a target comes from, in words, with the date it is in force since ("own target since 8 Mar"). */
export function targetSourceWords(t: { source: TargetSource; effectiveFrom: string | null }): string {
  const since =
    t.effectiveFrom && t.effectiveFrom > SINCE_THE_BEGINNING
      ? ` since ${formatBusinessDate(t.effectiveFrom)}`
      : "";
  if (t.source === "own") return `own target${since}`;
  if (t.source === "group") return `group standard${since}`;
  return "default";
}
