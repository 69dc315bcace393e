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
          <DateField
            id={fromId}
            label="From"
            name="from"
            value={view.from}
            today={today}
            errorId={error ? errorId : undefined}
          />
          <DateField
            id={toId}
            label="To"
            name="to"
            value={view.to}
            today={today}
            errorId={error ? errorId : undefined}
          />
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

/** One end of the custom range: a date up to today, marked invalid while the range's error shows. */
function DateField({
  id,
  label,
  name,
  value,
  today,
  errorId,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  today: string;
  /** The shown error's element, when there is one. */
  errorId: string | undefined;
}) {
  return (
    <label className={styles.field} htmlFor={id}>
      {label}
      <input
        id={id}
        name={name}
        type="date"
        className="input"
        defaultValue={businessDateToIso(value)}
        max={businessDateToIso(today)}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
      />
    </label>
  );
}
