"use client";

import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";

import { TableCard } from "@/components/ui/card/table-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { formatBusinessDateShort } from "@/lib/business-date/format";
import type { CsvColumn } from "@/lib/csv/csv";
import { csvDate, csvInstant, durationCsvColumns } from "@/lib/csv/csv-format";
import { type SlowTicket, type TicketItem } from "@/lib/kitchen/contract/responses";
import { type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatClockTime, formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS, METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { readyValue } from "@/lib/kitchen/present/range-progress";
import { behaviorLabel, distinctItems } from "@/lib/kitchen/present/summary-shapes";
import { kitchenTicketsQuery } from "@/lib/queries/kitchen";

import styles from "./slowest-tickets.module.css";

function clock(iso: string | null, timeZone: string): string {
  if (!iso) return "—";
  return formatClockTime(new Date(iso), timeZone);
}

type ItemCsvRow = TicketItem & { ticketGuid: string; businessDate: string };

/** One row per item of the slowest tickets: ISO dates, instants with the restaurant's offset, seconds beside minutes. */
function itemCsvColumns(timeZone: string): CsvColumn<ItemCsvRow>[] {
  return [
    { header: "business_date", value: (r) => csvDate(r.businessDate) },
    { header: "ticket_guid", value: (r) => r.ticketGuid },
    { header: "item", value: (r) => r.itemName },
    { header: "level", value: (r) => r.level },
    { header: "station", value: (r) => r.stationName },
    { header: "course", value: (r) => r.courseName },
    { header: "fired_at", value: (r) => csvInstant(r.firedAt, timeZone) },
    { header: "started_at", value: (r) => csvInstant(r.startedAt, timeZone) },
    { header: "fulfilled_at", value: (r) => csvInstant(r.fulfilledAt, timeZone) },
    ...durationCsvColumns<ItemCsvRow>("fire_to_fulfill", (r) => r.fireToFulfill),
    ...durationCsvColumns<ItemCsvRow>("start_to_fulfill", (r) => r.startToFulfill),
    ...durationCsvColumns<ItemCsvRow>("wait_to_start", (r) => r.waitToStart),
    { header: "slowest_item_of_ticket", value: (r) => r.slowest === true },
  ];
}

function TicketItems({ ticket, timeZone }: { ticket: SlowTicket; timeZone: string }) {
  const items = [...ticket.items].sort(
    (a, b) => (a.itemName ?? "").localeCompare(b.itemName ?? "") || a.level - b.level,
  );
  return (
    <table className={styles.items}>
      <caption className="visually-hidden">
        Items of the ticket fired at {clock(ticket.firedAt, timeZone)}
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Level</th>
          <th scope="col">Station</th>
          <th scope="col">Started</th>
          <th scope="col">Fulfilled</th>
          <th scope="col" className={styles.right}>
            Fire to fulfill
          </th>
          <th scope="col" className={styles.right}>
            Start to fulfill
          </th>
          <th scope="col" className={styles.right}>
            Wait to start
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr
            key={`${item.selectionGuid}|${item.level}|${item.stationGuid ?? ""}`}
            className={item.slowest ? styles.slowest : undefined}
            data-slowest={item.slowest ? "true" : undefined}
          >
            <td className={styles.key}>
              {item.itemName ?? "Unnamed item"}
              {item.slowest ? <span className={styles.slowestTag}> · slowest</span> : null}
            </td>
            <td data-label="Level">
              {item.level} · {LEVEL_LABELS[item.level]}
            </td>
            <td data-label="Station">{item.stationName ?? "—"}</td>
            <td data-label="Started">{clock(item.startedAt, timeZone)}</td>
            <td data-label="Fulfilled">{clock(item.fulfilledAt, timeZone)}</td>
            <td data-label="Fire to fulfill" className={styles.right}>
              {formatDuration(item.fireToFulfill)}
            </td>
            <td data-label="Start to fulfill" className={styles.right}>
              {formatDuration(item.startToFulfill)}
            </td>
            <td data-label="Wait to start" className={styles.right}>
              {formatDuration(item.waitToStart)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Tickets listed before "Show more". */
const FIRST_TICKETS = 5;

/** The button under the first tickets that lists the rest (or folds them again); none when all show. */
function ShowMore({
  total,
  showAll,
  onChange,
}: {
  total: number;
  showAll: boolean;
  onChange: (showAll: boolean) => void;
}) {
  if (total <= FIRST_TICKETS) return null;
  return (
    <button
      type="button"
      className={`button ${styles.more}`}
      onClick={() => onChange(!showAll)}
      data-testid="slowest-tickets-more"
    >
      {showAll
        ? `Show the first ${FIRST_TICKETS} only`
        : `Show more (${formatCount(total - FIRST_TICKETS)} more tickets)`}
    </button>
  );
}

/**
 * The slowest tickets of the range; each opens to its items with their times at every level. On
 * a phone both tables stack: a ticket (or item) is a block of labelled lines, so nothing, and no
 * table inside a table, scrolls sideways (slowest-tickets.module.css).
 */
export function SlowestTickets({
  guid,
  query,
  live,
  metric,
  timeZone,
  fileName,
}: {
  guid: string;
  query: URLSearchParams;
  live: boolean;
  metric: KitchenMetric;
  timeZone: string;
  fileName: string;
}) {
  const tickets = useQuery(kitchenTicketsQuery(guid, query, { live }));
  const data = readyValue(tickets.data);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const list = data?.tickets ?? [];
  // The first few on the page (issue 34: a short page), every one a click away and in the CSV.
  const shownList = showAll ? list : list.slice(0, FIRST_TICKETS);
  const csvRows: ItemCsvRow[] = list.flatMap((t) =>
    t.items.map((item) => ({ ...item, ticketGuid: t.ticketGuid, businessDate: t.businessDate })),
  );
  const levels = [...new Set(list.flatMap((t) => t.levels.map((l) => l.level)))].sort();

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <TableCard
      title="Slowest tickets"
      description={`Tickets ranked by their slowest item's ${METRIC_LABELS[metric].toLowerCase()}. Times in the restaurant's time (${timeZone}).`}
      actions={
        <CsvDownloadButton
          fileName={fileName}
          columns={itemCsvColumns(timeZone)}
          rows={csvRows}
          label="Download items CSV"
        />
      }
      testId="slowest-tickets"
    >
      {tickets.isError && !tickets.data ? (
        <ErrorState
          title="The slowest tickets could not be loaded"
          error={tickets.error}
          onRetry={() => void tickets.refetch()}
        />
      ) : !data ? (
        <Skeleton height={320} style={{ display: "block" }} />
      ) : list.length === 0 ? (
        <p>No tickets in this range.</p>
      ) : (
        <div className={styles.scroll} style={{ opacity: tickets.isPlaceholderData ? 0.6 : 1 }}>
          <table className={styles.table}>
            <caption className="visually-hidden">Slowest tickets</caption>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col" className={styles.right}>
                  Slowest item&apos;s time
                </th>
                <th scope="col">Slowest item · station</th>
                <th scope="col">Fired</th>
                {levels.map((level) => (
                  <th key={level} scope="col" className={styles.right}>
                    Done at level {level}
                  </th>
                ))}
                <th scope="col">Dining option</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {shownList.map((ticket, index) => {
                const id = `${ticket.ticketGuid}|${ticket.businessDate}`;
                const expanded = open.has(id);
                const detailId = `ticket-items-${index}`;
                return (
                  <Fragment key={id}>
                    <tr>
                      <td className={styles.key}>
                        <button
                          type="button"
                          className={`button ${styles.toggle}`}
                          aria-expanded={expanded}
                          aria-controls={detailId}
                          onClick={() => toggle(id)}
                        >
                          <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>{" "}
                          {formatCount(distinctItems(ticket.items))} items ·{" "}
                          {formatCount(ticket.items.length)} records
                          <span className="visually-hidden">
                            {" "}
                            of the ticket fired {formatBusinessDateShort(ticket.businessDate)} at{" "}
                            {clock(ticket.firedAt, timeZone)}
                          </span>
                        </button>
                      </td>
                      <td data-label="Slowest item's time" className={styles.right}>
                        {formatDuration(ticket.seconds)}
                      </td>
                      <td data-label="Slowest item · station" data-testid="slowest-item">
                        {ticket.slowestItem
                          ? `${ticket.slowestItem.itemName ?? "Unnamed item"} · ${ticket.slowestItem.stationName ?? (ticket.slowestItem.level === 0 ? "No station" : `level ${ticket.slowestItem.level} · ${LEVEL_LABELS[ticket.slowestItem.level]}`)}`
                          : "—"}
                      </td>
                      <td data-label="Fired">
                        {formatBusinessDateShort(ticket.businessDate)}, {clock(ticket.firedAt, timeZone)}
                      </td>
                      {levels.map((level) => (
                        <td key={level} data-label={`Done at level ${level}`} className={styles.right}>
                          {formatDuration(ticket.levels.find((l) => l.level === level)?.fireToFulfill)}
                        </td>
                      ))}
                      <td data-label="Dining option">
                        {ticket.diningOptionName ?? behaviorLabel(ticket.diningOptionBehavior)}
                      </td>
                      <td data-label="Source">{ticket.orderSource ?? "—"}</td>
                    </tr>
                    <tr id={detailId} className={styles.detail} hidden={!expanded}>
                      <td colSpan={6 + levels.length}>
                        {expanded ? <TicketItems ticket={ticket} timeZone={timeZone} /> : null}
                      </td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          <ShowMore total={list.length} showAll={showAll} onChange={setShowAll} />
        </div>
      )}
    </TableCard>
  );
}
