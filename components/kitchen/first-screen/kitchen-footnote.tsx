"use client";

import type { ReactNode } from "react";

import { CoverageWarnings, IngestNotice } from "@/components/kitchen/sections/kitchen-notices";
import { MetricNote } from "@/components/kitchen/sections/metric-note";
import type { CloseoutRules } from "@/lib/business-date/closeout";
import type { KitchenFiguresSection } from "@/lib/kitchen/contract/sections";
import type { KitchenLevel, KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatClockTime, formatCount } from "@/lib/kitchen/present/format";

import styles from "./first-screen.module.css";

/**
 * What a reader of the figures may want to know about them, below them, small and muted: dates
 * left out or still open, records left out, the outlier cut, when a live view was counted, and the
 * metric's definition (issue 34: notices demoted from coloured boxes above the figures).
 */
export function KitchenFootnote({
  data,
  rules,
  metric,
  levels,
  updatedAt,
  onCountAll,
  progress,
}: {
  data: KitchenFiguresSection;
  rules: CloseoutRules;
  metric: KitchenMetric;
  levels: readonly KitchenLevel[];
  /** When a live view's figures were counted (ms); undefined for a closed range. */
  updatedAt: number | undefined;
  onCountAll: () => void;
  /** The previous period's progress while it is fetched after this one is in. */
  progress?: ReactNode;
}) {
  const { outliers } = data;
  return (
    <div className={styles.footnote} data-testid="kitchen-footnote">
      {progress}
      {updatedAt !== undefined ? (
        // Server and browser format with their own ICU data (spaces in "2:24 PM" can differ).
        <p role="status" data-testid="last-updated" suppressHydrationWarning>
          Updated {formatClockTime(new Date(updatedAt), rules.timeZone)} · refreshes every minute while today
          is in the range
        </p>
      ) : null}
      <CoverageWarnings coverage={data.coverage} rules={rules} />
      <IngestNotice ingest={data.ingest} stuck={data.stuck} />
      {outliers ? (
        <p data-testid="outlier-notice">
          <strong>
            Leaving out {formatCount(outliers.removed)} records over {outliers.maxMinutes} minutes.
          </strong>{" "}
          Records whose time is over {outliers.maxMinutes} minutes (a forgotten bump, usually) count in no
          figure, chart or table.{" "}
          <button type="button" className="button" onClick={onCountAll}>
            Count every record
          </button>
        </p>
      ) : null}
      <MetricNote metric={metric} levels={levels} />
    </div>
  );
}
