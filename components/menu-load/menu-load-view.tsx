"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useState, type FormEvent } from "react";

import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { EmptyState, ErrorState, LoadingState, ProgressBar, Skeleton } from "@/components/ui/states";
import { addBusinessDays, businessDateFromIso, businessDateToIso } from "@/lib/business-date/business-date";
import type { KitchenMenuLoad } from "@/lib/kitchen/contract/menu-load";
import { KITCHEN_LEVELS, NONE_FILTER, type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { menuLoadHeadline, QUADRANT_LABELS, quadrantRule } from "@/lib/kitchen/present/menu-load-words";
import { kitchenMenuLoadQuery, menuLoadCsvUrl, type MenuLoadAsk } from "@/lib/queries/menu-load";
import { menuLoadViewParams } from "@/lib/url-state/menu-load-view";

import { MenuLoadTable } from "./menu-load-table";
import styles from "./menu-load.module.css";

// recharts only on this page, after its table's data: the skeleton keeps the chart's height.
const MenuLoadScatter = dynamic(
  () => import("@/components/charts/menu-load-scatter").then((m) => m.MenuLoadScatter),
  {
    ssr: false,
    loading: () => <Skeleton height="var(--chart-height, 360px)" style={{ display: "block" }} />,
  },
);

/** The dates form: applied as one history entry, so Back returns to the dates before. */
function Dates({ ask, onApply }: { ask: MenuLoadAsk; onApply: (from: string, to: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const f = businessDateFromIso(String(data.get("from") ?? ""));
    const t = businessDateFromIso(String(data.get("to") ?? ""));
    if (!f || !t) return setError("Enter both dates.");
    if (f > t) return setError("The first date must not be after the last.");
    setError(null);
    onApply(f, t);
  };
  return (
    <form className={styles.controls} onSubmit={submit} aria-label="Dates">
      <label>
        From{" "}
        <input type="date" name="from" defaultValue={businessDateToIso(ask.from)} key={ask.from} required />
      </label>
      <label>
        To <input type="date" name="to" defaultValue={businessDateToIso(ask.to)} key={ask.to} required />
      </label>
      <button type="submit" className="button">
        Show
      </button>
      {error ? <span role="alert">{error}</span> : null}
    </form>
  );
}

/** The item the Menu page sent here (`?item=`): its figures in one sentence, or why there are none. */
function PickedItem({ load, item, guid }: { load: KitchenMenuLoad; item: string; guid: string }) {
  const row = load.items.find((i) => i.itemGuid === item);
  const menuHref = `/restaurants/${encodeURIComponent(guid)}/menu?item=${encodeURIComponent(item)}`;
  return (
    <section className={styles.picked} aria-label="The item picked" data-testid="menu-load-picked">
      {row ? (
        <>
          <h2>{row.itemName ?? "Unnamed item"}</h2>
          <p>
            {formatCount(row.selections)} selections, p50 {formatDuration(row.p50)}, p90{" "}
            {formatDuration(row.p90)}; {formatCount(Math.round(row.seconds / 6) / 10)} station-minutes,{" "}
            {formatShare(row.share)} of the kitchen&apos;s time
            {row.stations[0]
              ? ` (${formatShare(row.stations[0].shareOfStation)} of ${row.stations[0].stationName ?? "no station"}'s)`
              : ""}
            . {QUADRANT_LABELS[row.quadrant]}. <Link href={menuHref}>On the Menu page</Link>
          </p>
        </>
      ) : (
        <p>
          This item has no record at this level in these dates. <Link href={menuHref}>On the Menu page</Link>
        </p>
      )}
    </section>
  );
}

function Body({
  guid,
  restaurantName,
  data,
  item,
  onPick,
}: {
  guid: string;
  restaurantName: string;
  data: KitchenMenuLoad;
  item: string | null;
  onPick: (item: string | null) => void;
}) {
  if (data.items.length === 0)
    return (
      <EmptyState title="No menu item has a record here">
        Try other dates, another level or every station.
      </EmptyState>
    );
  const headline = menuLoadHeadline(data);
  return (
    <>
      {headline ? (
        <p className={styles.headline} data-testid="menu-load-headline">
          {headline}
        </p>
      ) : null}
      <p className={styles.rule}>{quadrantRule(data)}</p>
      {item ? <PickedItem load={data} item={item} guid={guid} /> : null}
      <div className={styles.chart}>
        <MenuLoadScatter load={data} picked={item} onPick={onPick} />
      </div>
      <MenuLoadTable guid={guid} restaurantName={restaurantName} load={data} />
    </>
  );
}

/**
 * The menu's load (issue 36): per item, popularity against p90 and the station-minutes it takes,
 * for the dates, level and station in the URL (nuqs; absent dates: the last 7 closed ones).
 */
export function MenuLoadView({
  guid,
  restaurantName,
  today,
}: {
  guid: string;
  restaurantName: string;
  today: string;
}) {
  const [params, setParams] = useQueryStates(menuLoadViewParams, { history: "push" });
  const fallback = { from: addBusinessDays(today, -7), to: addBusinessDays(today, -1) };
  const dates =
    params.from && params.to && params.from <= params.to && params.to <= today
      ? { from: params.from, to: params.to }
      : fallback;
  const ask: MenuLoadAsk = { ...dates, level: params.level, station: params.station };
  const query = useQuery(kitchenMenuLoadQuery(guid, ask));
  const answer = query.data;
  const data = answer?.ready ? answer.value : undefined;
  const stations = data?.stations ?? [];

  return (
    <div className={styles.view}>
      <section className={styles.controls} aria-label="Dates, level and station">
        <Dates ask={ask} onApply={(from, to) => void setParams({ from, to })} />
        <label>
          Level
          <select
            value={ask.level}
            onChange={(e) => void setParams({ level: Number(e.target.value) as KitchenLevel, station: null })}
          >
            {KITCHEN_LEVELS.map((l) => (
              <option key={l} value={l}>
                {LEVEL_LABELS[l]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Station
          <select
            value={ask.station ?? ""}
            onChange={(e) => void setParams({ station: e.target.value || null })}
          >
            <option value="">Every station</option>
            {ask.station && !stations.some((s) => (s.stationGuid ?? NONE_FILTER) === ask.station) ? (
              <option value={ask.station}>{ask.station}</option>
            ) : null}
            {stations.map((s) => (
              <option key={s.stationGuid ?? NONE_FILTER} value={s.stationGuid ?? NONE_FILTER}>
                {s.stationName ?? "No station"}
              </option>
            ))}
          </select>
        </label>
        <CsvDownloadLink
          href={menuLoadCsvUrl(guid, ask)}
          label="Menu load CSV"
          unavailable={data ? undefined : "available once the figures are in"}
        />
        <Link href={`/restaurants/${encodeURIComponent(guid)}/menu`}>Menu page</Link>
      </section>

      {query.isError ? (
        <ErrorState
          title="The menu's load could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : answer && !answer.ready ? (
        <ProgressBar
          label="Fetching the kitchen's days"
          value={answer.pending.ready}
          max={answer.pending.total}
          valueText={`${formatCount(answer.pending.ready)} of ${formatCount(answer.pending.total)} days ready`}
        />
      ) : !data ? (
        <LoadingState label="Loading the menu's load…" />
      ) : (
        <Body
          guid={guid}
          restaurantName={restaurantName}
          data={data}
          item={params.item}
          onPick={(item) => void setParams({ item })}
        />
      )}
    </div>
  );
}
