"use client";

import type { CSSProperties } from "react";

import { ChartTooltipBox } from "@/components/charts/parts/chart-tooltip";
import { LazyHistogramChart } from "@/components/kitchen/card-parts/lazy-charts";
import { LEVEL_COLORS } from "@/components/kitchen/card-parts/level-colors";
import { binColumns, csvColumnsOf } from "@/components/kitchen/card-parts/stats-columns";
import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { ChartCard } from "@/components/ui/card/chart-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { Skeleton } from "@/components/ui/states";
import { DataTable } from "@/components/ui/table/data-table";
import { type Histogram, type HistogramBin, type StationRef } from "@/lib/kitchen/contract/responses";
import { NONE_FILTER, type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { histogramRows, stationLabel, type HistogramRow } from "@/lib/kitchen/present/summary-shapes";

function minutesLabel(seconds: number): string {
  const m = seconds / 60;
  return Number.isInteger(m) ? `${m}m` : `${m.toFixed(1)}m`;
}

export function binLabel(bin: HistogramBin): string {
  return bin.to === null
    ? `≥ ${minutesLabel(bin.from)}`
    : `${minutesLabel(bin.from)}–${minutesLabel(bin.to)}`;
}

const columns = binColumns("Station fulfillments");

/** How the times of one station at one level spread out, with the level's target marked. */
export function HistogramCard({
  histogram,
  loading,
  stations,
  station,
  level,
  levels,
  target,
  metric,
  fileName,
  onChange,
  pageStation,
}: {
  histogram: Histogram | undefined;
  loading: boolean;
  stations: StationRef[];
  station: string | null;
  level: KitchenLevel;
  levels: readonly KitchenLevel[];
  target: number | undefined;
  metric: KitchenMetric;
  fileName: string;
  onChange: (patch: { histStation?: string | null; histLevel?: KitchenLevel }) => void;
  /** The page's station filter: when set, `station` is it and the card's own pick is locked to it. */
  pageStation?: string | null;
}) {
  const locked = Boolean(pageStation);
  const total = histogram?.bins.reduce((sum, b) => sum + b.count, 0) ?? 0;
  const rows: HistogramRow[] = histogramRows(histogram?.bins ?? []);
  const stationName = station
    ? stationLabel(
        stations.find((s) => (s.stationGuid ?? NONE_FILTER) === station) ?? {
          stationGuid: station,
          stationName: null,
        },
      )
    : "All stations";
  const title = "Distribution";

  return (
    <ChartCard
      title={title}
      description={`${METRIC_LABELS[metric]}: ${stationName}, level ${level} (${LEVEL_LABELS[level].toLowerCase()}). Station fulfillments per time band.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      table={
        <DataTable
          caption={`${title}: ${stationName}, level ${level}`}
          columns={columns}
          rows={rows}
          rowKey={(r) => String(r.from)}
          hideCsv
          hideCaption
        />
      }
    >
      <div className={styles.inlineControls}>
        <label className={styles.inlineField}>
          Station
          <select
            className="select"
            value={station ?? ""}
            disabled={locked}
            aria-describedby={locked ? "histogram-station-locked" : undefined}
            onChange={(e) => onChange({ histStation: e.target.value || null })}
          >
            <option value="">All stations</option>
            {stations.map((s) => (
              <option key={s.stationGuid ?? NONE_FILTER} value={s.stationGuid ?? NONE_FILTER}>
                {stationLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <LevelPicker levels={levels} value={level} onChange={(l) => onChange({ histLevel: l })} />
        {locked ? (
          <p id="histogram-station-locked" className={styles.rankNote} data-testid="histogram-page-station">
            The page&apos;s station filter applies here too.
          </p>
        ) : null}
      </div>
      <div style={{ "--chart-height": "264px", opacity: loading && histogram ? 0.6 : 1 } as CSSProperties}>
        {!histogram ? (
          <Skeleton height={264} style={{ display: "block" }} />
        ) : total === 0 ? (
          <p className={styles.chartEmpty}>No items for this station and level.</p>
        ) : (
          <LazyHistogramChart
            bins={histogram.bins}
            color={LEVEL_COLORS[level]}
            binLabel={binLabel}
            tickLabel={(bin) => (bin.to === null ? `≥${minutesLabel(bin.from)}` : minutesLabel(bin.from))}
            references={
              target
                ? [
                    {
                      value: target,
                      label: `Target (${formatDuration(target)})`,
                      color: "var(--chart-target)",
                    },
                  ]
                : []
            }
            ariaLabel={`Distribution of ${METRIC_LABELS[metric]}, ${stationName}, level ${level}`}
            tooltip={(bin) => (
              <ChartTooltipBox
                title={binLabel(bin)}
                rows={[
                  {
                    label: "Station fulfillments",
                    value: formatCount(bin.count),
                    color: LEVEL_COLORS[level],
                  },
                  { label: "Share", value: formatShare(total ? bin.count / total : null) },
                ]}
              />
            )}
          />
        )}
      </div>
    </ChartCard>
  );
}
