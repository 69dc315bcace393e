"use client";

import { useId, useState, type FormEvent } from "react";

import { businessDateFromIso, businessDateToIso } from "@/lib/business-date/business-date";
import {
  presetRange,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  type RangePreset,
} from "@/lib/kitchen/contract/date-range";
import { checkCustomRange, type KitchenView } from "@/lib/url-state/kitchen-view";

import styles from "./range-control.module.css";

/** Range presets, a custom range and the comparison switch. Dates are business dates. */
export function RangeControl({
  view,
  today,
  onChange,
}: {
  view: KitchenView;
  today: string;
  onChange: (patch: Partial<KitchenView>) => void;
}) {
  const [customOpen, setCustomOpen] = useState(view.range === "custom");
  const [error, setError] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();

  function pick(preset: RangePreset) {
    setError(null);
    if (preset === "custom") {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ range: preset, ...presetRange(preset, today) });
  }

  function applyCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = businessDateFromIso(String(data.get("from") ?? "")) ?? "";
    const to = businessDateFromIso(String(data.get("to") ?? "")) ?? "";
    const check = checkCustomRange(from, to, today);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    onChange({ range: "custom", from, to });
  }

  const showCustom = customOpen || view.range === "custom";
  return (
    <div className={styles.control}>
      <div className={styles.presets} role="group" aria-label="Date range">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="button"
            aria-pressed={preset === "custom" ? showCustom : view.range === preset && !customOpen}
            onClick={() => pick(preset)}
          >
            {RANGE_PRESET_LABELS[preset]}
          </button>
        ))}
      </div>
      {showCustom ? (
        <form className={styles.custom} onSubmit={applyCustom} aria-label="Custom date range" noValidate>
          <label className={styles.field} htmlFor={fromId}>
            From
            <input
              id={fromId}
              name="from"
              type="date"
              className="input"
              defaultValue={businessDateToIso(view.from)}
              max={businessDateToIso(today)}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <label className={styles.field} htmlFor={toId}>
            To
            <input
              id={toId}
              name="to"
              type="date"
              className="input"
              defaultValue={businessDateToIso(view.to)}
              max={businessDateToIso(today)}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <button type="submit" className="button button-primary">
            Apply
          </button>
          {error ? (
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      <label className={styles.compare}>
        <input
          type="checkbox"
          checked={view.compare}
          onChange={(e) => onChange({ compare: e.target.checked })}
        />
        Compare with the previous period
      </label>
    </div>
  );
}
