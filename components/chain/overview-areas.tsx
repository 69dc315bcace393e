"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryState } from "nuqs";

import card from "@/components/ui/card/table-card.module.css";
import { IntentLink } from "@/components/ui/intent-link";
import report from "@/components/ui/table/report-table.module.css";
import type { ChainLevelFigures, OverviewArea } from "@/lib/kitchen/contract/chain";
import type { KitchenOverview, KitchenOverviewRow } from "@/lib/kitchen/contract/responses";
import { KITCHEN_LEVELS, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { kitchenOverviewQuery } from "@/lib/queries/kitchen";
import { overviewAreasParam, overviewRangeParam } from "@/lib/url-state/overview-view";

import styles from "./chain.module.css";

/** A restaurant row's figures in the chain's shape. */
function rowFigures(row: KitchenOverviewRow, level: KitchenLevel): ChainLevelFigures | null {
  const f = row.status === "ready" ? row.current.find((x) => x.level === level) : undefined;
  return f
    ? { level, records: f.records, p50: f.p50, p90: f.p90, late: f.late ?? 0, onTimeShare: f.onTimeShare }
    : null;
}

function FigureCells({ figures }: { figures: ChainLevelFigures | null | undefined }) {
  if (!figures)
    return (
      <td colSpan={5} className={styles.muted}>
        no figures
      </td>
    );
  return (
    <>
      <td className={styles.num}>{formatCount(figures.records)}</td>
      <td className={styles.num}>{formatDuration(figures.p50)}</td>
      <td className={styles.num}>{formatDuration(figures.p90)}</td>
      <td className={styles.num}>{formatCount(figures.late)}</td>
      <td className={styles.num}>{formatShare(figures.onTimeShare)}</td>
    </>
  );
}

function rankText(row: KitchenOverviewRow, level: KitchenLevel): string {
  const r = row.chainRanks?.find((x) => x.level === level);
  if (!r || r.rank === null) return "—";
  const vs = r.vsMedianSeconds;
  const diff =
    vs === null
      ? ""
      : vs === 0
        ? ", at the median"
        : `, ${formatDuration(Math.abs(vs))} ${vs > 0 ? "over" : "under"} the median`;
  return `${r.rank} of ${r.of}${diff}`;
}

/** One group, folded: its exact subtotal, then each restaurant with its place in the chain. */
function AreaBlock({
  area,
  rows,
  level,
  open,
  onToggle,
}: {
  area: OverviewArea;
  rows: KitchenOverviewRow[];
  level: KitchenLevel;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const subtotal = area.levels.find((l) => l.level === level);
  return (
    <details
      className={styles.area}
      open={open}
      onToggle={(e) => onToggle(e.currentTarget.open)}
      data-area={area.key}
    >
      <summary className={styles.areaSummary}>
        {area.name}: {formatCount(area.restaurantGuids.length)} restaurant
        {area.restaurantGuids.length === 1 ? "" : "s"}, p90 {formatDuration(subtotal?.p90 ?? null)},{" "}
        {formatCount(subtotal?.late ?? 0)} late
        {area.complete ? "" : " (some restaurants still being fetched)"}
      </summary>
      <div className={report.scroll} tabIndex={0} role="region" aria-label={`${area.name}, level ${level}`}>
        <table className={`${report.table} ${styles.matrix}`}>
          <caption className="visually-hidden">
            {area.name}, level {level}: the area&apos;s figures over all its restaurants&apos; records, then
            each restaurant
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.stationCell}>
                Restaurant
              </th>
              <th scope="col" className={styles.num}>
                Records
              </th>
              <th scope="col" className={styles.num}>
                p50
              </th>
              <th scope="col" className={styles.num}>
                p90
              </th>
              <th scope="col" className={styles.num}>
                Late
              </th>
              <th scope="col" className={styles.num}>
                On time
              </th>
              <th scope="col" className={styles.num}>
                Rank by p90
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className={styles.subtotal} data-subtotal="">
              <th scope="row" className={styles.stationCell}>
                {area.name} (all records)
              </th>
              <FigureCells figures={subtotal} />
              <td />
            </tr>
            {rows.map((row) => (
              <tr key={row.restaurantGuid} data-restaurant={row.restaurantGuid}>
                <th scope="row" className={styles.stationCell}>
                  {row.restaurantName}
                  {row.archived ? <span className={styles.tag}>Archived</span> : null}
                </th>
                <FigureCells figures={rowFigures(row, level)} />
                <td className={styles.num}>{rankText(row, level)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function ChainLine({ overview, level }: { overview: KitchenOverview; level: KitchenLevel }) {
  const c = overview.chain?.levels.find((l) => l.level === level);
  if (!overview.chain || !c) return null;
  return (
    <p className={styles.line} data-testid="chain-line">
      The chain ({formatCount(overview.chain.restaurants)} restaurants with figures): pooled p90{" "}
      <strong>{formatDuration(c.p90)}</strong> over all {formatCount(c.records)} records; the median
      restaurant&apos;s own p90 <strong>{formatDuration(c.medianRestaurantP90)}</strong>.
    </p>
  );
}

/**
 * The Overview's chain section (issue 36), under the status and the figures: the restaurants by
 * area (by management group while no area exists), each group folded with its subtotal merged
 * from its restaurants' records (exact, never an average of their percentiles), and each
 * restaurant's place among all of them by p90. The open groups are in the URL (`areas`).
 */
export function OverviewAreas() {
  const [range] = useQueryState("range", overviewRangeParam);
  const [openKeys, setOpenKeys] = useQueryState(
    "areas",
    overviewAreasParam.withOptions({ history: "replace" }),
  );
  const [levelText, setLevel] = useQueryState("areaLevel", { defaultValue: "0", history: "replace" });
  const level = (KITCHEN_LEVELS.find((l) => String(l) === levelText) ?? 0) as KitchenLevel;
  const query = useQuery(kitchenOverviewQuery(range));
  const overview = query.data;
  if (!overview?.areas || overview.areas.length === 0) return null;
  const byGuid = new Map(overview.rows.map((r) => [r.restaurantGuid, r]));
  const byGroup = overview.areas.some((a) => a.kind === "management_group");
  const toggle = (key: string, open: boolean) => {
    const next = new Set(openKeys);
    if (open) next.add(key);
    else next.delete(key);
    void setOpenKeys(next.size > 0 ? [...next] : null);
  };
  return (
    <section
      className={`card ${card.tableCard} ${styles.areas}`}
      aria-labelledby="overview-areas-title"
      data-testid="overview-areas"
    >
      <div className={card.header}>
        <div>
          <h2 id="overview-areas-title" className={card.title}>
            {byGroup ? "By management group" : "By area"}
          </h2>
          <p className={`${card.description} ${styles.line}`}>
            Each group&apos;s figures are computed from all its restaurants&apos; records together (not an
            average of their percentiles); late items are each restaurant&apos;s own, against its targets.
            Fire to fulfill, the period above.
          </p>
        </div>
        <div className={styles.tools}>
          <div role="group" aria-label="Level" className={styles.buttons}>
            {KITCHEN_LEVELS.map((l) => (
              <button
                key={l}
                type="button"
                className="button"
                aria-pressed={level === l}
                onClick={() => void setLevel(l === 0 ? null : String(l))}
              >
                L{l} {LEVEL_LABELS[l]}
              </button>
            ))}
          </div>
          <IntentLink href={`/stations-matrix?range=${range}`} data-testid="stations-matrix-link">
            Stations across restaurants
          </IntentLink>
        </div>
      </div>
      <ChainLine overview={overview} level={level} />
      {overview.areas.map((area) => (
        <AreaBlock
          key={area.key}
          area={area}
          rows={area.restaurantGuids.flatMap((g) => (byGuid.has(g) ? [byGuid.get(g)!] : []))}
          level={level}
          open={openKeys?.includes(area.key) ?? false}
          onToggle={(open) => toggle(area.key, open)}
        />
      ))}
    </section>
  );
}
