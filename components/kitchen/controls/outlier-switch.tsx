"use client";

import { useId, useState } from "react";

import styles from "./filter-bar.module.css";

/** Minutes the switch starts with: a forgotten bump is usually an hour or more. */
const DEFAULT_MINUTES = 60;

function validMinutes(text: string): number | null {
  return /^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= 1440 ? Number(text) : null;
}

/**
 * "Exclude items over N minutes": the outlier cut (the view's `maxMinutes`, off by default). The
 * minutes apply when the box is ticked, or on Enter / leaving the field while it is; the page's
 * notice says how many records the cut removed.
 */
export function OutlierSwitch({
  maxMinutes,
  onChange,
}: {
  maxMinutes: number | null;
  onChange: (maxMinutes: number | null) => void;
}) {
  const [text, setText] = useState(String(maxMinutes ?? DEFAULT_MINUTES));
  const [shownFor, setShownFor] = useState(maxMinutes);
  // A change from outside (Back, "Count every record") shows in the field too.
  if (shownFor !== maxMinutes) {
    setShownFor(maxMinutes);
    if (maxMinutes !== null) setText(String(maxMinutes));
  }
  const id = useId();
  const minutes = validMinutes(text);
  const on = maxMinutes !== null;
  const commit = () => {
    if (on && minutes !== null && minutes !== maxMinutes) onChange(minutes);
  };

  return (
    <div className={styles.outliers} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="visually-hidden">
        Outliers
      </span>
      <label className={styles.outlierToggle}>
        <input
          type="checkbox"
          checked={on}
          disabled={!on && minutes === null}
          onChange={(e) => onChange(e.target.checked ? minutes : null)}
        />
        Exclude items over
      </label>
      <label className={styles.outlierMinutes}>
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          step={1}
          value={text}
          aria-invalid={minutes === null || undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
          }}
        />
        <span>
          <span className="visually-hidden">Exclude items over, in </span>minutes
        </span>
      </label>
    </div>
  );
}
