"use client";

import type { StuckReport } from "@/lib/kitchen/contract/responses";
import { DEFAULT_STUCK_MINUTES, type StuckChoice } from "@/lib/kitchen/contract/stuck-items";
import { formatCount } from "@/lib/kitchen/present/format";

import styles from "./filter-bar.module.css";

/**
 * "Count items left on screen": the view's `stuck` (off by default, so forgotten bumps count in no
 * figure). A native checkbox with its label, so it is reached and toggled by keyboard; the label
 * says the limit and, once the summary is in, how many such items the range holds.
 */
export function StuckSwitch({
  stuck,
  report,
  onChange,
}: {
  stuck: StuckChoice;
  report: StuckReport | undefined;
  onChange: (stuck: StuckChoice) => void;
}) {
  const minutes = report?.maxMinutes ?? DEFAULT_STUCK_MINUTES;
  const found = report && report.records > 0 ? ` · ${formatCount(report.records)}` : "";
  return (
    <label
      className={styles.outlierToggle}
      title={`Items fulfilled more than ${minutes} minutes after fire: someone forgot to bump them`}
    >
      <input
        type="checkbox"
        checked={stuck === "include"}
        onChange={(e) => onChange(e.target.checked ? "include" : "exclude")}
        data-testid="stuck-switch"
      />
      Count items left on screen (over {minutes} min{found})
    </label>
  );
}
