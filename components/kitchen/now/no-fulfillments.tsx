import { EmptyState } from "@/components/ui/states";
import { currentBusinessDate, type CloseoutRules } from "@/lib/business-date/closeout";
import { formatDateRange } from "@/lib/business-date/format";
import { isOpenDayOnly } from "@/lib/kitchen/contract/today-comparison";
import type { KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * A range with no fulfillment. On Today alone that is a day that has just started (or not yet):
 * advising "a longer range" there sent a manager away six minutes after opening (issue 34); the
 * Now strip above says when the restaurant opens.
 */
export function NoFulfillments({ view, rules }: { view: KitchenView; rules: CloseoutRules }) {
  const filtered =
    view.level !== null || view.station || view.behavior || view.source || view.item || view.service;
  if (isOpenDayOnly(view, currentBusinessDate(rules)))
    return (
      <EmptyState title="No fulfillments yet today">
        <p data-testid="empty-today">
          The day has just started: no kitchen fulfillment {filtered ? "with these filters " : ""}has reached
          the Platform yet. The figures fill in as tickets are bumped.
        </p>
      </EmptyState>
    );
  return (
    <EmptyState title="No fulfillments on these dates">
      <p>
        The Platform has no kitchen fulfillments for {formatDateRange(view.from, view.to)}
        {filtered ? " with these filters" : ""}. Try a longer range or fewer filters.
      </p>
    </EmptyState>
  );
}
