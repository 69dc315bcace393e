"use client";

import { useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";

import { ChartCard } from "@/components/ui/card/chart-card";
import { IntentLink } from "@/components/ui/intent-link";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState, Notice, ProgressBar } from "@/components/ui/states";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { businessDateToIso } from "@/lib/business-date/business-date";
import { csvFileName } from "@/lib/csv/file-name";
import { presetRange, RANGE_PRESET_LABELS } from "@/lib/kitchen/contract/date-range";
import type { KitchenQuoteAnswer, QuoteChannelAnswer, QuoteCounts } from "@/lib/kitchen/contract/quote";
import { formatCount, formatHour, formatShare } from "@/lib/kitchen/present/format";
import { quoteLine } from "@/lib/kitchen/present/quote-line";
import { kitchenQuoteQuery, quoteCsvUrl } from "@/lib/queries/quote";
import {
  QUOTE_BREAKDOWNS,
  QUOTE_RANGES,
  quoteViewParams,
  type QuoteBreakdown,
} from "@/lib/url-state/quote-view";

import styles from "./quote-view.module.css";

interface QuoteRow extends QuoteCounts {
  key: string;
  label: string;
  quoteMinutes?: number | null;
}

const BREAKDOWN_LABELS: Record<QuoteBreakdown, string> = { hour: "Hour", service: "Service", date: "Date" };
const CHANNEL_LABELS = { takeout: "Take-out", delivery: "Delivery" } as const;

/** The breakdown's rows: hours in the order the business day runs (from the closeout hour). */
function rowsOf(a: QuoteChannelAnswer, by: QuoteBreakdown, startHour: number): QuoteRow[] {
  if (by === "hour")
    return [...a.byHour]
      .sort((x, y) => ((x.hour - startHour + 24) % 24) - ((y.hour - startHour + 24) % 24))
      .map((h) => ({
        ...h,
        key: String(h.hour),
        label: h.hour === 24 ? "no fire time" : `${formatHour(h.hour)}–${formatHour(h.hour + 1)}`,
      }));
  if (by === "service") return a.byService.map((s) => ({ ...s, key: s.service, label: s.service }));
  return a.byDate.map((d) => ({ ...d, key: d.businessDate, label: businessDateToIso(d.businessDate) }));
}

function columnsFor(by: QuoteBreakdown): DataColumn<QuoteRow>[] {
  return [
    { key: "label", header: BREAKDOWN_LABELS[by], value: (r) => r.label },
    ...(by === "date"
      ? [
          {
            key: "quote",
            header: "Quote (min)",
            value: (r: QuoteRow) => r.quoteMinutes ?? null,
            align: "right" as const,
          },
        ]
      : []),
    { key: "tickets", header: "Tickets", value: (r) => r.tickets, align: "right" },
    { key: "within", header: "Within quote", value: (r) => r.withinQuote, align: "right" },
    {
      key: "share",
      header: "Share within",
      csvUnit: "share",
      value: (r) => r.share,
      cell: (r) => formatShare(r.share),
      align: "right",
    },
    { key: "unmeasured", header: "Not fully fulfilled", value: (r) => r.unmeasured, align: "right" },
  ];
}

/** One bar per row: the share within the quote, its words beside it (the chart is its own legend). */
function ShareBars({ rows }: { rows: QuoteRow[] }) {
  return (
    <ul className={styles.bars} aria-hidden="true">
      {rows.map((r) => (
        <li key={r.key} className={styles.bar}>
          <span className={styles.barLabel}>{r.label}</span>
          <span className={styles.track}>
            <span
              className={`${styles.fill} ${r.share !== null && r.share < 0.5 ? styles.missed : ""}`}
              style={{ width: `${Math.round((r.share ?? 0) * 100)}%` }}
            />
          </span>
          <span className={styles.barValue}>
            {formatShare(r.share)} <span className={styles.muted}>of {formatCount(r.tickets)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Figures({
  answer,
  channel,
  by,
  restaurantName,
}: {
  answer: KitchenQuoteAnswer;
  channel: "takeout" | "delivery";
  by: QuoteBreakdown;
  restaurantName: string;
}) {
  const a = answer[channel];
  if (a.tickets === 0 && a.unmeasured === 0)
    return (
      <EmptyState title={`No ${CHANNEL_LABELS[channel].toLowerCase()} tickets in these dates`}>
        <p>Pick a longer range, or the other channel.</p>
      </EmptyState>
    );
  const rows = rowsOf(a, by, answer.businessDayStartHour);
  const title = `${CHANNEL_LABELS[channel]} tickets within the quote, by ${BREAKDOWN_LABELS[by].toLowerCase()}`;
  return (
    <ChartCard
      title={title}
      description="Share of tickets ready (fire to the last fulfillment, at the ticket's highest level) within the quote of their business date; exactly the quote counts as within."
      table={
        <DataTable
          caption={title}
          columns={columnsFor(by)}
          rows={rows}
          rowKey={(r) => r.key}
          csvFileName={csvFileName(restaurantName, "kitchen-quote", channel, by, answer.from, answer.to)}
        />
      }
    >
      <ShareBars rows={rows} />
    </ChartCard>
  );
}

export function QuoteView({
  today,
  restaurant,
}: {
  today: string;
  restaurant: { guid: string; name: string; timeZone: string };
}) {
  const [view, setView] = useQueryStates(quoteViewParams, { history: "push" });
  const range =
    view.from && view.to && view.from <= view.to
      ? { from: view.from, to: view.to }
      : presetRange(view.range, today);
  const query = useQuery(kitchenQuoteQuery(restaurant.guid, range.from, range.to));
  const answer = query.data?.ready ? query.data.value : undefined;
  const pending = query.data && !query.data.ready ? query.data.pending : undefined;
  const custom = Boolean(view.from && view.to);

  return (
    <div className={styles.page}>
      <PageHeader
        eyebrow={restaurant.name}
        title="Guest quote"
        subtitle={`${businessDateToIso(range.from)} to ${businessDateToIso(range.to)} · business dates in ${restaurant.timeZone}`}
        actions={
          <>
            <IntentLink
              className="button"
              href={`/restaurants/${encodeURIComponent(restaurant.guid)}/kitchen`}
            >
              Kitchen
            </IntentLink>
            <a className="button" href={quoteCsvUrl(restaurant.guid, range.from, range.to)} download>
              <span aria-hidden="true">⤓</span> quote.csv
            </a>
          </>
        }
      />
      <div className={styles.controls}>
        <label>
          Dates{" "}
          <select
            value={custom ? "custom" : view.range}
            onChange={(e) =>
              void setView({ range: e.target.value as (typeof QUOTE_RANGES)[number], from: null, to: null })
            }
          >
            {custom ? <option value="custom">{`${range.from}–${range.to}`}</option> : null}
            {QUOTE_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_PRESET_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <fieldset className={styles.toggle}>
          <legend className="visually-hidden">Channel</legend>
          {(["takeout", "delivery"] as const).map((c) => (
            <button
              key={c}
              type="button"
              className="button"
              aria-pressed={view.channel === c}
              onClick={() => void setView({ channel: c })}
            >
              {CHANNEL_LABELS[c]}
            </button>
          ))}
        </fieldset>
        <label>
          By{" "}
          <select value={view.by} onChange={(e) => void setView({ by: e.target.value as QuoteBreakdown })}>
            {QUOTE_BREAKDOWNS.map((b) => (
              <option key={b} value={b}>
                {BREAKDOWN_LABELS[b]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : pending ? (
        <ProgressBar
          label="Fetching the range"
          value={pending.ready}
          max={pending.total}
          valueText={`${pending.ready} of ${pending.total} days ready`}
        />
      ) : !answer ? (
        <LoadingState label="Counting the tickets…" />
      ) : (
        <>
          <p className={styles.line} data-testid="quote-line">
            {quoteLine(answer[view.channel], answer.quotesUsed[view.channel])}
          </p>
          {view.channel === "delivery" ? (
            <Notice tone="info" title="Delivery's quote includes the drive">
              <p>
                The kitchen is measured from fire to its last fulfillment; the guest also waits for the
                driver, so a delivery ticket within the quote may still have arrived late.
              </p>
            </Notice>
          ) : null}
          <Figures answer={answer} channel={view.channel} by={view.by} restaurantName={restaurant.name} />
        </>
      )}
    </div>
  );
}
