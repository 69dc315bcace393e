import { formatBusinessDate } from "@/lib/business-date/format";
import type { TargetChange } from "@/lib/kitchen/contract/target-versions";
import { formatDuration } from "@/lib/kitchen/present/format";

const valueWords = (seconds: number | null) =>
  seconds === null ? "none (next source)" : formatDuration(seconds);
const KIND_WORDS: Record<string, string> = {
  ticket: "Ticket target",
  level: "Item target",
  pass_wait: "Pass wait target",
  ticket_spread: "Ticket spread target",
};
const whatWords = (c: TargetChange, stationName: (guid: string) => string) =>
  c.kind === "station"
    ? `${stationName(c.stationGuid ?? "")}, level ${c.level}`
    : c.kind === "channel"
      ? `Ticket target, ${c.channel ?? "channel"}`
      : `${KIND_WORDS[c.kind] ?? c.kind}, level ${c.level}`;

/**
 * Target changes as a table: who, when, what, from what to what, and from which business date
 * (scheduled changes and the history alike).
 */
export function TargetChanges({
  caption,
  changes,
  stationName = (guid) => `Station ${guid.slice(0, 8)}`,
  testId,
}: {
  caption: string;
  changes: readonly TargetChange[];
  stationName?: (guid: string) => string;
  testId: string;
}) {
  if (changes.length === 0) return <p data-testid={testId}>{caption}: none.</p>;
  return (
    <table className="table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Applies from</th>
          <th scope="col">Target</th>
          <th scope="col">From</th>
          <th scope="col">To</th>
          <th scope="col">Who</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.id}>
            <td>{c.effectiveFrom > "19700101" ? formatBusinessDate(c.effectiveFrom) : "the beginning"}</td>
            <td>
              {c.scope === "group" ? "Group standard · " : ""}
              {whatWords(c, stationName)}
            </td>
            <td>{valueWords(c.before)}</td>
            <td>{valueWords(c.after)}</td>
            <td>{c.actor ?? "before targets were dated"}</td>
            <td>{new Date(c.at).toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
