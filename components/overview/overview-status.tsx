"use client";

import { HeadlineSentences } from "@/components/kitchen/first-screen/headline-sentences";
import { IntentLink } from "@/components/ui/intent-link";
import { formatDateRange } from "@/lib/business-date/format";
import { RANGE_PRESET_LABELS } from "@/lib/kitchen/contract/date-range";
import type {
  KitchenHistory,
  KitchenOverview,
  KitchenOverviewRow,
  OverviewMover,
} from "@/lib/kitchen/contract/responses";
import { rankedRowOf, rankRestaurants, VERDICT_LABELS } from "@/lib/kitchen/contract/restaurant-status";
import { NONE_FILTER, type OverviewRange } from "@/lib/kitchen/contract/vocabulary";
import { formatCount } from "@/lib/kitchen/present/format";
import { overviewSentences } from "@/lib/url-state/headline-sentences";
import { kitchenPageHref } from "@/lib/url-state/kitchen-view";

import styles from "./overview-status.module.css";

/**
 * The Overview's first screen (issue 34): the glance line (how many restaurants to act on, to
 * watch, on track; the late items; the period's and the previous period's dates) and its opening
 * sentences (issue 35: lib/url-state/headline-sentences.ts), the biggest
 * movers, then every restaurant ranked by late items with its status, the reason in words and its
 * worst station linked to its Kitchen page filtered on it. The rule is
 * lib/kitchen/contract/restaurant-status.ts's; the server sends its verdicts, this only shows them.
 * A list, not a table: on a phone each restaurant is a card, with nothing wider than the screen.
 */
export function OverviewStatus({
  overview,
  range,
  historyOf,
}: {
  overview: KitchenOverview;
  range: OverviewRange;
  historyOf: (guid: string) => KitchenHistory | undefined;
}) {
  const ranked = rankRestaurants(overview.rows.map((row) => ({ ...rankedRowOf(row), row })));
  const glance = overview.glance;
  return (
    <div className={styles.status} data-testid="overview-status">
      {glance ? <Glance glance={glance} range={range} /> : null}
      <HeadlineSentences sentences={overviewSentences(overview, range)} testId="overview-sentences" />
      {overview.movers ? <Movers movers={overview.movers} rows={overview.rows} range={range} /> : null}
      <ol
        className={styles.ranking}
        aria-label="Restaurants ranked by late items"
        data-testid="overview-ranking"
      >
        {ranked.map(({ row }, i) => (
          <RankedRestaurant
            key={row.restaurantGuid}
            row={row}
            rank={i + 1}
            range={range}
            common={glance?.period ?? null}
            history={historyOf(row.restaurantGuid)}
          />
        ))}
      </ol>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function Glance({ glance, range }: { glance: NonNullable<KitchenOverview["glance"]>; range: OverviewRange }) {
  const label = range === "lastweek" ? "Last week" : RANGE_PRESET_LABELS[range];
  return (
    <p className={styles.glance} data-testid="overview-glance">
      <strong>{label} at a glance</strong>
      {glance.period ? (
        <>
          {" "}
          <span className={styles.dates} data-testid="overview-period">
            {formatDateRange(glance.period.from, glance.period.to)}
          </span>
          {glance.previousPeriod ? (
            <>
              {" "}
              <span className={styles.muted}>
                vs{" "}
                <span data-testid="overview-previous-period">
                  {formatDateRange(glance.previousPeriod.from, glance.previousPeriod.to)}
                </span>
              </span>
            </>
          ) : null}
        </>
      ) : null}
      <span className={styles.counts}>
        <span className={glance.act > 0 ? styles.actText : undefined}>{formatCount(glance.act)} to act</span>
        {" · "}
        <span className={glance.watch > 0 ? styles.watchText : undefined}>
          {formatCount(glance.watch)} to watch
        </span>
        {" · "}
        {formatCount(glance.onTrack)} on track
        {glance.unknown > 0 ? ` · ${formatCount(glance.unknown)} without figures` : ""}
        {" · "}
        <strong>{plural(glance.lateItems, "late item", "late items")}</strong> at level 0
      </span>
    </p>
  );
}

function moverText(m: OverviewMover): string {
  const sign = m.latePoints > 0 ? "+" : m.latePoints < 0 ? "−" : "±";
  const pts = `${sign}${Math.abs(m.latePoints).toFixed(1)} pts late`;
  const p90 =
    m.p90Seconds === null || m.p90Seconds === 0
      ? ""
      : `, ${m.p90Seconds > 0 ? "+" : "−"}${Math.abs(m.p90Seconds)} s p90`;
  return `${pts}${p90}`;
}

function Movers({
  movers,
  rows,
  range,
}: {
  movers: NonNullable<KitchenOverview["movers"]>;
  rows: KitchenOverviewRow[];
  range: OverviewRange;
}) {
  if (movers.worse.length === 0 && movers.better.length === 0) return null;
  const list = (ms: OverviewMover[], testid: string) =>
    ms.length === 0 ? (
      <span className={styles.muted}>none</span>
    ) : (
      <span data-testid={testid}>
        {ms.map((m, i) => (
          <span key={m.restaurantGuid}>
            {i > 0 ? "; " : ""}
            <IntentLink href={kitchenPageHref(m.restaurantGuid, { range })}>{m.restaurantName}</IntentLink> (
            {moverText(m)})
          </span>
        ))}
      </span>
    );
  // The period before is the rows' own; the first ready row names it.
  const previous = rows.find((r) => r.verdict)?.previousPeriod;
  return (
    <p className={styles.movers} data-testid="overview-movers">
      <span>
        <strong className={movers.worse.length > 0 ? styles.actText : undefined}>Worse</strong>
        <span className="visually-hidden">
          {" "}
          than {previous ? formatDateRange(previous.from, previous.to) : "the period before"}
        </span>
        : {list(movers.worse, "movers-worse")}
      </span>
      <span>
        <strong className={styles.goodText}>Better</strong>: {list(movers.better, "movers-better")}
      </span>
    </p>
  );
}

/** "kitchen history: 142 of 190 days ready", only while the restaurant's history is still filling. */
export function HistoryLine({ history }: { history: KitchenHistory | undefined }) {
  if (!history || history.days === 0 || history.entitled === false) return null;
  if (history.ready >= history.days) return null;
  return (
    <span className={styles.muted} data-testid="kitchen-history">
      kitchen history: {formatCount(history.ready)} of {formatCount(history.days)} days ready
      {history.failed > 0 ? ` (${formatCount(history.failed)} to retry)` : ""}
    </span>
  );
}

/** Why a restaurant has no figures to show: still fetching (with its progress), not entitled, or failed. */
export function rowWithoutFigures(row: KitchenOverviewRow): string {
  if (row.status === "pending")
    return row.progress
      ? `Fetching kitchen data: ${formatCount(row.progress.answered)} of ${formatCount(row.progress.total)} days ready`
      : "Fetching kitchen data…";
  if (row.status === "not_entitled")
    return "No kitchen data: this restaurant is not on the professional tier.";
  return `Kitchen times could not be loaded: ${row.message ?? "unknown error"}`;
}

function RankedRestaurant({
  row,
  rank,
  range,
  common,
  history,
}: {
  row: KitchenOverviewRow;
  rank: number;
  range: OverviewRange;
  common: { from: string; to: string } | null;
  history: KitchenHistory | undefined;
}) {
  const verdict = row.verdict ?? null;
  const station = row.worstStation ?? null;
  // A restaurant in another zone may count other dates than the glance line names: its own are said.
  const ownDates =
    row.period.from && common && (row.period.from !== common.from || row.period.to !== common.to);
  return (
    <li
      className={styles.item}
      data-restaurant={row.restaurantGuid}
      data-verdict={verdict?.status ?? row.status}
      data-late-items={row.lateItems ?? 0}
    >
      <span className={styles.rank} aria-hidden="true">
        {rank}
      </span>
      <span className={`${styles.pill} ${verdict ? styles[verdict.status] : styles.none}`}>
        {verdict ? VERDICT_LABELS[verdict.status] : "No figures"}
      </span>
      <span className={styles.name}>
        <IntentLink href={kitchenPageHref(row.restaurantGuid, { range })}>{row.restaurantName}</IntentLink>
        {row.archived ? <span className={styles.tag}>Archived</span> : null}
        {row.locationName && row.locationName !== row.restaurantName ? (
          <span className={styles.muted}>{row.locationName}</span>
        ) : null}
        <HistoryLine history={history} />
      </span>
      <span className={styles.reason} data-testid="verdict-reason">
        {verdict ? verdict.reason : rowWithoutFigures(row)}
        {ownDates ? (
          <span className={styles.muted}>
            {" "}
            (its dates: {formatDateRange(row.period.from, row.period.to)})
          </span>
        ) : null}
      </span>
      <span className={styles.late}>
        {verdict ? (
          <>
            <span className={styles.lateValue}>{formatCount(row.lateItems ?? 0)}</span>
            <span className={styles.muted}> late</span>
          </>
        ) : null}
      </span>
      <span className={styles.station}>
        {station ? (
          <>
            <span className={styles.muted}>Worst station </span>
            <IntentLink
              href={kitchenPageHref(row.restaurantGuid, {
                range,
                level: 0,
                station: station.stationGuid ?? NONE_FILTER,
              })}
              data-testid="worst-station"
            >
              {station.stationName ?? "No station"}
            </IntentLink>
            <span className={styles.muted}>
              {" "}
              {formatCount(station.late)} late of {formatCount(station.records)}
            </span>
          </>
        ) : null}
      </span>
    </li>
  );
}
