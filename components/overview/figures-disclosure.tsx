"use client";

import { useEffect, useRef, type ReactNode } from "react";

import styles from "./overview-status.module.css";

/** A phone's width, as the Overview's CSS has it: the wide table folds there, the cards stand in. */
const PHONE_QUERY = "(max-width: 600px)";

/**
 * The per-level figures table under the ranking: open on a wide screen, where it fits, and
 * folded on a phone (closed once after the first paint), where the status cards say what matters
 * and the 15-column table would only scroll sideways. Not printed: it does not fit A4 upright;
 * the print view is the status and the ranking, the figures are the CSV.
 */
export function FiguresDisclosure({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && window.matchMedia(PHONE_QUERY).matches) ref.current.open = false;
  }, []);
  return (
    <details ref={ref} open className={styles.figures} data-testid="overview-figures" data-print-hide="">
      <summary className={styles.figuresSummary}>
        Figures by level: fire to fulfill p50, p90 and on-time share at levels 0-2, with the change against
        the period before (on time = share of station fulfillments within the level&apos;s target; items are
        distinct items as ordered)
      </summary>
      {children}
    </details>
  );
}
