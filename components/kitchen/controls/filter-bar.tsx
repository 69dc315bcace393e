"use client";

import { useId, type ReactNode } from "react";

import { useOpenPanel } from "@/components/kitchen/hooks/use-open-panels";
import { type FilterOptions } from "@/lib/kitchen/contract/responses";
import {
  KITCHEN_LEVELS,
  KITCHEN_METRICS,
  NONE_FILTER,
  type KitchenLevel,
  type KitchenMetric,
} from "@/lib/kitchen/contract/vocabulary";
import { serviceLabel } from "@/lib/kitchen/present/day-parts-shapes";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { behaviorLabel, channelLabel, stationLabel } from "@/lib/kitchen/present/summary-shapes";
import { filterChips } from "@/lib/url-state/kitchen-filter-chips";
import { DEFAULT_METRIC, type KitchenView } from "@/lib/url-state/kitchen-view";

import styles from "./filter-bar.module.css";

interface Option {
  value: string;
  label: string;
}

/** Keeps the chosen value listed even before the options have loaded (or when the range lacks it). */
function withCurrent(options: Option[], current: string | null): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current === NONE_FILTER ? "None" : current }];
}

function Select({
  label,
  value,
  options,
  onChange,
  allLabel,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  allLabel?: string;
}) {
  return (
    <label className={styles.field}>
      {label}
      <select className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What "Reset filters" sets: every filter off, the default metric. */
const NO_FILTERS: Partial<KitchenView> = {
  metric: DEFAULT_METRIC,
  level: null,
  station: null,
  behavior: null,
  channel: null,
  source: null,
  item: null,
  service: null,
  maxMinutes: null,
  stuck: "exclude",
};

/**
 * The toolbar's "Filters (n)" button, a chip per active filter (each removes its own), and the
 * panel it opens: metric, level, station, dining option behavior, channel, order source and service;
 * `children`: the menu-item picker and the outlier switch. The panel is folded until opened, and
 * each browser remembers whether it was (hooks/use-open-panels.ts), so the figures lead the page.
 */
export function FilterBar({
  view,
  options,
  itemName,
  services,
  onChange,
  children,
}: {
  view: KitchenView;
  options: FilterOptions | undefined;
  /** The menu item's name for its chip, when known. */
  itemName?: string | null;
  /** The range's services (KitchenSummary.dayParts.options). */
  services?: string[];
  onChange: (patch: Partial<KitchenView>) => void;
  children?: ReactNode;
}) {
  const stations = withCurrent(
    (options?.stations ?? []).map((s) => ({
      value: s.stationGuid ?? NONE_FILTER,
      label: s.stationGuid ? stationLabel(s) : "No prep station",
    })),
    view.station,
  );
  // Two stations of the same name would be indistinguishable in the list: add the guid's start.
  const names = new Map<string, number>();
  for (const s of stations) names.set(s.label, (names.get(s.label) ?? 0) + 1);
  const stationOptions = stations.map((s) =>
    (names.get(s.label) ?? 0) > 1 ? { ...s, label: `${s.label} (${s.value.slice(0, 8)})` } : s,
  );

  const behaviors = withCurrent(
    (options?.behaviors ?? []).map((b) => ({ value: b ?? NONE_FILTER, label: behaviorLabel(b) })),
    view.behavior,
  );
  const channels = withCurrent(
    (options?.channels ?? []).map((c) => ({ value: c ?? NONE_FILTER, label: channelLabel(c) })),
    view.channel,
  );
  const sources = withCurrent(
    (options?.sources ?? []).map((s) => ({ value: s ?? NONE_FILTER, label: s ?? "No source" })),
    view.source,
  );
  const serviceOptions = withCurrent(
    (services ?? []).map((name) => ({ value: name, label: serviceLabel(name) })),
    view.service,
  );
  const levels = KITCHEN_LEVELS.filter((l) => !options || options.levels.includes(l) || l === view.level);
  const chips = filterChips(view, options, itemName);
  const filtered = chips.length > 0;
  const [open, setOpen] = useOpenPanel("filters");
  const barId = useId();

  return (
    <>
      <button
        type="button"
        className={`button ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={barId}
        onClick={() => setOpen(!open)}
        data-testid="filters-toggle"
      >
        Filters ({chips.length})
      </button>
      {filtered ? (
        <ul className={styles.chips} aria-label="Active filters" data-testid="filter-chips">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                className={styles.chip}
                onClick={() => onChange(chip.remove)}
                aria-label={`Remove filter: ${chip.label}`}
              >
                {chip.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div id={barId} className={styles.bar} hidden={!open} role="group" aria-label="Filters">
        <Select
          label="Metric"
          value={view.metric}
          options={KITCHEN_METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] }))}
          onChange={(v) => onChange({ metric: v as KitchenMetric })}
        />
        <Select
          label="Level"
          value={view.level === null ? "" : String(view.level)}
          allLabel="All levels"
          options={levels.map((l) => ({ value: String(l), label: `${l} · ${LEVEL_LABELS[l]}` }))}
          onChange={(v) => onChange({ level: v === "" ? null : (Number(v) as KitchenLevel) })}
        />
        <Select
          label="Prep station"
          value={view.station ?? ""}
          allLabel="All stations"
          options={stationOptions}
          onChange={(v) => onChange({ station: v || null })}
        />
        <Select
          label="Dining option"
          value={view.behavior ?? ""}
          allLabel="All dining options"
          options={behaviors}
          onChange={(v) => onChange({ behavior: v || null })}
        />
        <Select
          label="Channel"
          value={view.channel ?? ""}
          allLabel="All channels"
          options={channels}
          onChange={(v) => onChange({ channel: v || null })}
        />
        <Select
          label="Order source"
          value={view.source ?? ""}
          allLabel="All order sources"
          options={sources}
          onChange={(v) => onChange({ source: v || null })}
        />
        <Select
          label="Service"
          value={view.service ?? ""}
          allLabel="All services"
          options={serviceOptions}
          onChange={(v) => onChange({ service: v || null })}
        />
        {children}
        {filtered ? (
          <button type="button" className={`button ${styles.reset}`} onClick={() => onChange(NO_FILTERS)}>
            Reset filters
          </button>
        ) : null}
      </div>
    </>
  );
}
