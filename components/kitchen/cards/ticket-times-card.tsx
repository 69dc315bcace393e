"use client";

import Link from "next/link";
import { useState, type CSSProperties } from "react";

import { ChartTooltipBox } from "@/components/charts/parts/chart-tooltip";
import { LazyHistogramChart, LazyTrendLineChart } from "@/components/kitchen/card-parts/lazy-charts";
import { LEVEL_COLORS } from "@/components/kitchen/card-parts/level-colors";
import {
  binColumns,
  countColumn,
  csvColumnsOf,
  durationColumn,
  levelRowColumns,
  shareColumn,
  toLevelRows,
  type LevelRow,
} from "@/components/kitchen/card-parts/stats-columns";
import cards from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import styles from "@/components/kitchen/kitchen-view.module.css";
import headline from "@/components/kitchen/sections/headline-figures.module.css";
import { ChartCard } from "@/components/ui/card/chart-card";
import { TableCard } from "@/components/ui/card/table-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { formatBusinessDateShort } from "@/lib/business-date/format";
import { type KitchenSummary, type TicketLevelFigures } from "@/lib/kitchen/contract/responses";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration, formatHour, formatShare } from "@/lib/kitchen/present/format";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { TICKET_TIME_DEFINITION } from "@/lib/kitchen/present/metric-definitions";
import { histogramRows, pivot, type PivotRow } from "@/lib/kitchen/present/summary-shapes";

import { binLabel } from "./histogram-card";

/**
 * Ticket times (KitchenSummary.tickets, ticketHours, ticketDays): how long the guest waited for
 * the whole ticket, per level. The headline figures of every level, then for one level at a time
 * the distribution, the daily trend and the hours of fire, each with its table and CSV. Always
 * fire to fulfill, whatever metric the page shows.
 */

const minutes = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : Math.round((seconds / 60) * 10) / 10;

/** The stats tables' columns, counting tickets instead of station fulfillments. */
function ticketColumns(nameHeader: string, name?: (r: LevelRow) => string): DataColumn<LevelRow>[] {
  return levelRowColumns(nameHeader).map((c) => {
    if (c.key === "items") return { ...c, header: "Tickets" };
    if (c.key === "excluded") return { ...c, header: "Not fully fulfilled" };
    if (c.key === "name" && name) return { ...c, cell: name };
    return c;
  });
}

const headlineColumns: DataColumn<TicketLevelFigures>[] = [
  {
    key: "level",
    header: "Level",
    value: (r) => r.level,
    cell: (r) => `${r.level} · ${LEVEL_LABELS[r.level]}`,
  },
  countColumn("tickets", "Tickets", (r) => r.stats.count),
  durationColumn("p50", "p50", (r) => r.stats.p50),
  durationColumn("p90", "p90", (r) => r.stats.p90),
  durationColumn("max", "max", (r) => r.stats.max),
  durationColumn("target", "Ticket target", (r) => r.withinTarget.targetSeconds),
  countColumn("within", "Within target", (r) => r.withinTarget.within),
  shareColumn("share", "Share within target", (r) => r.withinTarget.share),
  countColumn("excluded", "Not fully fulfilled", (r) => r.stats.excluded),
];

const ticketBinColumns = binColumns("Tickets");

/** The headline figures of every level shown, as figures and as a table with its CSV. */
function TicketHeadline({
  guid,
  tickets,
  fileName,
}: {
  guid: string;
  tickets: TicketLevelFigures[];
  fileName: string;
}) {
  return (
    <TableCard
      title="Ticket times"
      description={TICKET_TIME_DEFINITION}
      actions={
        <CsvDownloadButton fileName={fileName} columns={csvColumnsOf(headlineColumns)} rows={tickets} />
      }
      testId="ticket-times"
    >
      <div className={headline.grid}>
        {tickets.map((t) => (
          <section
            key={t.level}
            className={headline.levelCard}
            aria-label={`Ticket times, level ${t.level}`}
            data-testid={`ticket-level-${t.level}`}
          >
            <h3 className={headline.levelTitle}>
              Level {t.level} · {LEVEL_LABELS[t.level]}
            </h3>
            <dl className={headline.figures}>
              {[
                [
                  "Tickets",
                  formatCount(t.stats.count),
                  `${formatCount(t.stats.excluded)} not fully fulfilled`,
                ],
                ["p50", formatDuration(t.stats.p50), undefined],
                ["p90", formatDuration(t.stats.p90), undefined],
                [
                  "Within target",
                  formatShare(t.withinTarget.share),
                  `target ${formatDuration(t.withinTarget.targetSeconds)}`,
                ],
              ].map(([label, value, sub]) => (
                <div key={label} className={headline.figure}>
                  <dt>{label}</dt>
                  <dd>
                    <span className={headline.value}>{value}</span>
                    {sub ? <span className={headline.sub}>{sub}</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <p>
        Ticket targets are set on the{" "}
        <Link href={`/restaurants/${encodeURIComponent(guid)}/targets`}>Targets page</Link>.
      </p>
      <DataTable
        caption="Ticket times per level"
        columns={headlineColumns}
        rows={tickets}
        rowKey={(r) => String(r.level)}
        hideCsv
        hideCaption
      />
    </TableCard>
  );
}

function TicketDistribution({
  figures,
  fileName,
}: {
  figures: TicketLevelFigures | undefined;
  fileName: string;
}) {
  const level = figures?.level ?? 0;
  const rows = histogramRows(figures?.histogram.bins ?? []);
  const target = figures?.withinTarget.targetSeconds;
  return (
    <ChartCard
      title="Ticket-time distribution"
      description={`Tickets per time band at level ${level} (${LEVEL_LABELS[level].toLowerCase()}); the red line is the ticket target.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(ticketBinColumns)} rows={rows} />}
      table={
        <DataTable
          caption={`Ticket-time distribution, level ${level}`}
          columns={ticketBinColumns}
          rows={rows}
          rowKey={(r) => String(r.from)}
          hideCsv
          hideCaption
        />
      }
    >
      <div style={{ "--chart-height": "240px" } as CSSProperties}>
        {!figures || figures.stats.count === 0 ? (
          <p className={cards.chartEmpty}>No timed tickets at this level.</p>
        ) : (
          <LazyHistogramChart
            bins={figures.histogram.bins}
            color={LEVEL_COLORS[level]}
            binLabel={binLabel}
            tickLabel={(bin) => binLabel(bin).split("–")[0]!}
            references={
              target
                ? [
                    {
                      value: target,
                      label: `Ticket target (${formatDuration(target)})`,
                      color: "var(--chart-target)",
                    },
                  ]
                : []
            }
            ariaLabel={`Distribution of ticket times, level ${level}`}
            tooltip={(bin) => (
              <ChartTooltipBox
                title={binLabel(bin)}
                rows={[{ label: "Tickets", value: formatCount(bin.count), color: LEVEL_COLORS[level] }]}
              />
            )}
          />
        )}
      </div>
    </ChartCard>
  );
}

type Point = { x: string; row: PivotRow } & Record<string, number | null | string | PivotRow>;

/** p50 and p90 of one level's ticket times along an axis (business dates, or hours of fire). */
function TicketLine({
  title,
  description,
  rows,
  level,
  target,
  nameHeader,
  label,
  fileName,
}: {
  title: string;
  description: string;
  rows: PivotRow[];
  level: KitchenLevel;
  target: number | undefined;
  nameHeader: string;
  label: (key: string) => string;
  fileName: string;
}) {
  const data: Point[] = rows.map((row) => ({
    x: row.key,
    row,
    p50: minutes(row.byLevel[level]?.p50),
    p90: minutes(row.byLevel[level]?.p90),
  }));
  const columns = ticketColumns(nameHeader, (r) => label(r.key.split("|")[0]!));
  const tableRows = toLevelRows(rows, [level]);
  return (
    <ChartCard
      title={title}
      description={description}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={tableRows} />}
      table={
        <DataTable
          caption={`${title}, level ${level}`}
          columns={columns}
          rows={tableRows}
          rowKey={(r) => r.key}
          hideCsv
          hideCaption
        />
      }
    >
      <div style={{ "--chart-height": "240px" } as CSSProperties}>
        <LazyTrendLineChart
          data={data}
          xKey="x"
          xFormatter={label}
          series={[
            { key: "p50", label: `p50 · ${LEVEL_LABELS[level]}`, color: LEVEL_COLORS[level] },
            { key: "p90", label: `p90 · ${LEVEL_LABELS[level]}`, color: LEVEL_COLORS[level], dashed: true },
          ]}
          references={
            target
              ? [
                  {
                    value: target / 60,
                    label: `ticket target ${formatDuration(target)}`,
                    color: "var(--chart-target)",
                  },
                ]
              : []
          }
          valueAxisFormatter={(v) => `${v}m`}
          ariaLabel={`${title} in minutes, level ${level}`}
          tooltip={(point) => {
            const s = point.row.byLevel[level];
            return (
              <ChartTooltipBox
                title={label(point.row.key)}
                rows={
                  s
                    ? [
                        { label: "p50", value: formatDuration(s.p50), color: LEVEL_COLORS[level] },
                        { label: "p90", value: formatDuration(s.p90) },
                        { label: "tickets", value: formatCount(s.count) },
                      ]
                    : []
                }
                note={s ? `Level ${level} · ${LEVEL_LABELS[level]}` : "No tickets at this level."}
              />
            );
          }}
        />
      </div>
    </ChartCard>
  );
}

/** `fileName(part)` names the download after the restaurant and range; the part names metric, level and filters. */
export function TicketTimesCard({
  guid,
  summary,
  levels,
  initialLevel,
  fileName,
}: {
  guid: string;
  summary: Pick<KitchenSummary, "tickets" | "ticketDays" | "ticketHours" | "filters" | "outliers">;
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  fileName: (part: string) => string;
}) {
  const [chosen, setChosen] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosen) ? chosen : (levels[0] ?? 0);
  const figures = summary.tickets.find((t) => t.level === level);
  const byDate = new Map(
    pivot(
      summary.ticketDays,
      (d) => d.businessDate,
      (d) => d.businessDate,
    ).map((row) => [row.key, row]),
  );
  const dayRows = [...byDate.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  const hourRows = pivot(
    summary.ticketHours,
    (h) => String(h.hour),
    (h) => formatHour(h.hour),
  );
  const f = summary.filters;
  const filterPart = [
    f.station && `station ${f.station}`,
    f.behavior && `dining ${f.behavior}`,
    f.source && `source ${f.source}`,
    f.item && `item ${f.item}`,
    summary.outliers && `max ${summary.outliers.maxMinutes} min`,
  ]
    .filter(Boolean)
    .join(" ");
  const part = (what: string, levelPart: string) =>
    fileName(`${what} fire to fulfill ${levelPart} ${filterPart}`);
  const target = figures?.withinTarget.targetSeconds;
  return (
    <div className={styles.content} data-testid="ticket-times-cards">
      <TicketHeadline
        guid={guid}
        tickets={summary.tickets}
        fileName={part("ticket times", `levels ${summary.tickets.map((t) => t.level).join(" ")}`)}
      />
      {levels.length > 1 ? (
        <div className={cards.inlineControls} data-testid="ticket-level">
          <LevelPicker levels={levels} value={level} onChange={setChosen} />
        </div>
      ) : null}
      <div className={styles.grid2even}>
        <TicketDistribution figures={figures} fileName={part("ticket distribution", `level ${level}`)} />
        <TicketLine
          title="Ticket times by hour"
          description={`p50 (solid) and p90 (dashed) ticket time by the hour the ticket fired, level ${level}, in minutes.`}
          rows={hourRows}
          level={level}
          target={target}
          nameHeader="Hour fired"
          label={(key) => formatHour(Number(key))}
          fileName={part("ticket times by hour", `level ${level}`)}
        />
      </div>
      <TicketLine
        title="Ticket-time trend"
        description={`p50 (solid) and p90 (dashed) ticket time per business date, level ${level}, in minutes.`}
        rows={dayRows}
        level={level}
        target={target}
        nameHeader="Business date"
        label={(key) => (key.length === 8 ? formatBusinessDateShort(key) : key)}
        fileName={part("ticket trend", `level ${level}`)}
      />
    </div>
  );
}
