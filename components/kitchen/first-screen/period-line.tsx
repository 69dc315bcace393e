import { formatDateRange } from "@/lib/business-date/format";
import type { DateRange } from "@/lib/kitchen/contract/date-range";

import styles from "./first-screen.module.css";

/**
 * The dates of the figures on screen, printed above them: the period and, when compared, the
 * previous one. While another period loads, the figures still on screen are the old period's, so the
 * line names their own dates and the ones that are coming (issue 34: no figure without its dates).
 */
export function PeriodLine({
  shown,
  asked,
  previous,
  old = false,
}: {
  /** The period of the figures on screen; undefined before the first figures. */
  shown: DateRange | undefined;
  /** The period the URL asks for. */
  asked: DateRange;
  /** The previous period the changes compare with, when compared. */
  previous: DateRange | undefined;
  /** The figures on screen are another view's (another period, or the same dates with other filters). */
  old?: boolean;
}) {
  const otherDates = shown !== undefined && (shown.from !== asked.from || shown.to !== asked.to);
  const loadingOther = shown !== undefined && (old || otherDates);
  return (
    <p className={styles.period} data-testid="period-line" role="status">
      {loadingOther ? (
        <span className={styles.stalePeriod} data-testid="stale-period">
          {otherDates
            ? `Showing ${formatDateRange(shown.from, shown.to)} while ${formatDateRange(asked.from, asked.to)} loads`
            : `Showing ${formatDateRange(shown.from, shown.to)} with the earlier filters while the new figures load`}
        </span>
      ) : (
        <>
          <span className={styles.current} data-testid="current-period">
            {formatDateRange(asked.from, asked.to)}
          </span>
          {previous ? (
            <span data-testid="previous-period">
              {" "}
              · compared with {formatDateRange(previous.from, previous.to)}
            </span>
          ) : null}
        </>
      )}
    </p>
  );
}
