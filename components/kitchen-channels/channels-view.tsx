"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";

import { RangeControl } from "@/components/kitchen/controls/range-control";
import { useKitchenView } from "@/components/kitchen/hooks/use-kitchen-view";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState, Notice } from "@/components/ui/states";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { formatDateRange } from "@/lib/business-date/format";
import {
  CHANNEL_TICKET_TARGETS,
  channelRows,
  lateShare,
  type ChannelRow,
} from "@/lib/kitchen/contract/channels";
import { isOpenDayOnly } from "@/lib/kitchen/contract/today-comparison";
import { NONE_FILTER } from "@/lib/kitchen/contract/vocabulary";
import { CHANNELS } from "@/lib/kitchen/ingest/channels";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { channelLabel } from "@/lib/kitchen/present/summary-shapes";
import { kitchenChannelsQuery } from "@/lib/queries/kitchen";
import { filterChips } from "@/lib/url-state/kitchen-filter-chips";
import { apiQuery, serializeKitchenView } from "@/lib/url-state/kitchen-view";

import styles from "./channels-view.module.css";

const COLUMNS: DataColumn<ChannelRow>[] = [
  { key: "channel", header: "Channel", value: (r) => channelLabel(r.channel) },
  {
    key: "level",
    header: "Level",
    value: (r) => r.level,
    cell: (r) => `${r.level} · ${LEVEL_LABELS[r.level]}`,
  },
  {
    key: "count",
    header: "Items",
    align: "right",
    value: (r) => r.stats?.count ?? 0,
    cell: (r) => formatCount(r.stats?.count ?? 0),
  },
  {
    key: "p50",
    header: "p50",
    csvUnit: "seconds",
    align: "right",
    value: (r) => r.stats?.p50 ?? null,
    cell: (r) => formatDuration(r.stats?.p50),
  },
  {
    key: "p90",
    header: "p90",
    csvUnit: "seconds",
    align: "right",
    value: (r) => r.stats?.p90 ?? null,
    cell: (r) => formatDuration(r.stats?.p90),
  },
  {
    key: "tickets",
    header: "Tickets",
    csvHeader: "ticket count",
    align: "right",
    value: (r) => r.ticket?.stats.count ?? 0,
    cell: (r) => formatCount(r.ticket?.stats.count ?? 0),
  },
  {
    key: "ticketP90",
    header: "Ticket p90",
    csvUnit: "seconds",
    align: "right",
    value: (r) => r.ticket?.stats.p90 ?? null,
    cell: (r) => formatDuration(r.ticket?.stats.p90),
  },
  {
    key: "target",
    header: "Ticket target",
    csvUnit: "seconds",
    align: "right",
    value: (r) => r.ticket?.withinTarget.targetSeconds ?? null,
    cell: (r) => formatDuration(r.ticket?.withinTarget.targetSeconds),
  },
  {
    key: "late",
    header: "Late tickets",
    csvHeader: "ticket late",
    csvUnit: "share",
    align: "right",
    value: lateShare,
    cell: (r) => formatShare(lateShare(r)),
  },
];

/**
 * The kitchen per channel: a table per channel × level with its items' times (the metric asked)
 * and its tickets against the channel's own ticket target, with the range and a channel chip in
 * the URL (the Kitchen page's view, so the links between them keep it).
 */
export function ChannelsView({
  today,
  restaurant,
}: {
  today: string;
  restaurant: { guid: string; name: string; timeZone: string };
}) {
  const { view, setView } = useKitchenView(today);
  const query = useMemo(() => apiQuery(view, view), [view]);
  const answer = useQuery(kitchenChannelsQuery(restaurant.guid, query, { live: isOpenDayOnly(view, today) }));
  const data = answer.data?.ready ? answer.data.value : undefined;
  const rows = useMemo(() => (data ? channelRows(data) : []), [data]);
  // The five channels always (a filtered answer holds one), then any other the range has, and the one asked.
  const choices = useMemo(
    () => [
      ...new Set([
        ...CHANNELS,
        ...rows.map((r) => r.channel ?? NONE_FILTER),
        ...(view.channel ? [view.channel] : []),
      ]),
    ],
    [rows, view.channel],
  );
  const others = filterChips(view, undefined).filter((c) => c.key !== "channel");

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={restaurant.name}
        title="Kitchen by channel"
        subtitle={`${formatDateRange(view.from, view.to)} · business dates in ${restaurant.timeZone}`}
        actions={
          <Link
            className="button"
            href={`/restaurants/${encodeURIComponent(restaurant.guid)}/kitchen?${serializeKitchenView(view)}`}
          >
            Back to Kitchen
          </Link>
        }
      />
      <section className={styles.controls} aria-label="Date range and channel">
        <RangeControl view={view} today={today} onChange={setView} />
        <ul className={styles.chips} aria-label="Channel">
          {[null, ...choices].map((value) => (
            <li key={value ?? "all"}>
              <button
                type="button"
                className={styles.chip}
                aria-pressed={(view.channel ?? null) === value}
                onClick={() => setView({ channel: value })}
              >
                {value === null ? "All channels" : channelLabel(value === NONE_FILTER ? null : value)}
              </button>
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <p className={styles.note}>
            Also filtered by the Kitchen page: {others.map((c) => c.label).join(", ")}.
          </p>
        ) : null}
      </section>
      <p className={styles.note}>
        Each row is one way guests order (the dining option, with curbside and drive-thru apart from take-out)
        at one kitchen level: the items&apos; {METRIC_LABELS[view.metric].toLowerCase()} times, and the share
        of its tickets that took longer than that channel&apos;s ticket target (the restaurant&apos;s own, set
        on its Targets page, else drive-thru {formatDuration(CHANNEL_TICKET_TARGETS["drive-thru"])}, take-out
        and curbside {formatDuration(CHANNEL_TICKET_TARGETS["take-out"])}, dine-in and delivery{" "}
        {formatDuration(CHANNEL_TICKET_TARGETS["dine-in"])}).
      </p>
      {answer.error ? (
        <ErrorState
          title="The channels could not be loaded"
          error={answer.error}
          onRetry={() => void answer.refetch()}
        />
      ) : !answer.data ? (
        <LoadingState label="Loading the channels…" />
      ) : !answer.data.ready ? (
        <Notice tone="info" title="Fetching the range from the Platform">
          {answer.data.pending.message}
        </Notice>
      ) : rows.length === 0 ? (
        <EmptyState title="No kitchen records in this range" />
      ) : (
        <DataTable
          caption="Per channel and level"
          columns={COLUMNS}
          rows={rows}
          rowKey={(r) => `${r.channel ?? NONE_FILTER}|${r.level}`}
          csvFileName={kitchenPageCsvName(restaurant.name, "channels", view)}
        />
      )}
    </div>
  );
}
