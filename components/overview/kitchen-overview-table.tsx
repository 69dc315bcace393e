"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useTable, type ColumnDef } from "@tanstack/react-table";
import { useQueryState } from "nuqs";
import { useMemo } from "react";

import card from "@/components/ui/card/table-card.module.css";
import { IntentLink } from "@/components/ui/intent-link";
import { Skeleton } from "@/components/ui/states";
import report from "@/components/ui/table/report-table.module.css";
import { SortHeader } from "@/components/ui/table/sort-header";
import {
  compareSortKeys,
  sortingFeatures,
  sortKey,
  type SortingFeatures,
} from "@/components/ui/table/table-sorting";
import { RANGE_PRESET_LABELS } from "@/lib/kitchen/contract/date-range";
import type {
  KitchenHistory,
  KitchenOverviewRow,
  OverviewLevelFigures,
} from "@/lib/kitchen/contract/responses";
import {
  KITCHEN_LEVELS,
  OVERVIEW_RANGES,
  type KitchenLevel,
  type OverviewRange,
} from "@/lib/kitchen/contract/vocabulary";
import {
  formatChange,
  formatCount,
  formatDuration,
  formatShare,
  type Change,
  type ChangeKind,
  type Polarity,
} from "@/lib/kitchen/present/format";
import { stuckNote } from "@/lib/kitchen/present/ingest-notes";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";
import { kitchenHistoryQuery, kitchenOverviewQuery } from "@/lib/queries/kitchen";
import { kitchenPageHref } from "@/lib/url-state/kitchen-view";
import { overviewRangeParam } from "@/lib/url-state/overview-view";

import { FiguresDisclosure } from "./figures-disclosure";
import styles from "./kitchen-overview-table.module.css";
import { HistoryLine, OverviewStatus, rowWithoutFigures } from "./overview-status";
import { PrintButton } from "./print-button";

type Figure = "items" | "p50" | "p90" | "onTimeShare";

interface FigureColumn {
  figure: Figure;
  level: KitchenLevel;
  label: string;
  kind: ChangeKind;
  polarity: Polarity;
}

const LEVEL_FIGURES: Omit<FigureColumn, "level">[] = [
  { figure: "p50", label: "p50", kind: "duration", polarity: "lower-is-better" },
  { figure: "p90", label: "p90", kind: "duration", polarity: "lower-is-better" },
  { figure: "onTimeShare", label: "On time", kind: "share", polarity: "higher-is-better" },
];

/** Items at the prep stations first (the kitchen's volume), then each level's times and on-time share. */
const FIGURE_COLUMNS: FigureColumn[] = [
  { figure: "items", level: 0, label: "Items", kind: "count", polarity: "neutral" },
  ...KITCHEN_LEVELS.flatMap((level) => LEVEL_FIGURES.map((f) => ({ ...f, level }))),
];

const columnId = (c: FigureColumn) => `${c.figure}:${c.level}`;
const figureOf = (figures: OverviewLevelFigures[], c: FigureColumn) =>
  figures.find((f) => f.level === c.level)?.[c.figure] ?? null;

function formatFigure(kind: ChangeKind, value: number | null): string {
  if (kind === "count") return formatCount(value);
  if (kind === "share") return formatShare(value);
  return formatDuration(value);
}

const COLUMNS: ColumnDef<SortingFeatures, KitchenOverviewRow>[] = [
  {
    id: "name",
    accessorFn: (row) => row.restaurantName,
    sortDescFirst: false,
    sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id), "plain"),
  },
  ...FIGURE_COLUMNS.map((c): ColumnDef<SortingFeatures, KitchenOverviewRow> => ({
    id: columnId(c),
    accessorFn: (row) => sortKey(row.status === "ready" ? figureOf(row.current, c) : null),
    // Times and counts read best largest (slowest) first; on-time shares lowest first.
    sortDescFirst: c.figure !== "onTimeShare",
    sortUndefined: "last",
    sortFn: (a, b, id) => compareSortKeys(a.getValue(id), b.getValue(id), "plain"),
  })),
];

/** Under a figure: its change against the period before, and whose target an on-time share is compared with. */
function FigureNotes({
  row,
  column: c,
}: {
  row: Pick<KitchenOverviewRow, "current" | "previous">;
  column: FigureColumn;
}) {
  return (
    <>
      <ChangeLine
        change={formatChange(figureOf(row.current, c), figureOf(row.previous, c), c.kind, c.polarity)}
      />
      <OwnTargetTag figures={row.current} column={c} />
    </>
  );
}

/** "own target" under an on-time share compared with the restaurant's own override, not the group standard. */
function OwnTargetTag({ figures, column }: { figures: OverviewLevelFigures[]; column: FigureColumn }) {
  if (column.figure !== "onTimeShare") return null;
  if (figures.find((f) => f.level === column.level)?.targetSource !== "own") return null;
  return (
    <span className={styles.location} data-testid="own-target">
      own target
    </span>
  );
}

function ChangeLine({ change }: { change: Change }) {
  if (change.text === null) return null;
  const tone = change.tone === "bad" ? styles.bad : change.tone === "good" ? styles.good : "";
  return (
    <span className={`${styles.change} ${tone}`} title={change.description}>
      <span aria-hidden="true">{change.text}</span>
      <span className="visually-hidden">{change.description}</span>
    </span>
  );
}

/** The level a link opens with: the sorted column's, so "slowest second expediter" opens level 2. */
function levelOfSort(sortId: string | undefined): KitchenLevel | null {
  if (!sortId || sortId === "name" || sortId.startsWith("items:")) return null;
  return Number(sortId.split(":")[1]) as KitchenLevel;
}

/**
 * The multi-unit kitchen table: every restaurant the account may see, one period of its own
 * business dates (yesterday, 7 or 30 days) against the period before it, at levels 0, 1 and 2,
 * fire to fulfill. Sortable by every column (keyboard-reachable buttons, aria-sort); a restaurant's
 * name opens its Kitchen page on the same period and the sorted column's level; the CSV is the
 * same table. Archived restaurants keep their last figures, marked.
 */
export function KitchenOverviewTable() {
  const [range, setRange] = useQueryState("range", overviewRangeParam.withOptions({ history: "push" }));
  const query = useQuery(kitchenOverviewQuery(range));
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const histories = useQueries({
    queries: rows.map((r) => ({
      ...kitchenHistoryQuery(r.restaurantGuid),
      enabled: r.status !== "not_entitled",
    })),
  });
  const historyOf = new Map(rows.map((r, i) => [r.restaurantGuid, histories[i]?.data]));

  const table = useTable({
    features: sortingFeatures,
    columns: COLUMNS,
    data: rows,
    // By name: the ranking above is by late items; this table is the figures to look up, sortable.
    initialState: { sorting: [{ id: "name", desc: false }] },
    enableSortingRemoval: false,
  });
  const sorted = table.getRowModel().rows.map((row) => row.original);
  const sortId = ["name", ...FIGURE_COLUMNS.map(columnId)].find((id) => table.getColumn(id)?.getIsSorted());
  const linkLevel = levelOfSort(sortId);
  const pending = rows.filter((r) => r.status === "pending").length;
  const shownRange = query.data?.range ?? range;

  return (
    <section
      className={`card ${card.tableCard} ${styles.section}`}
      aria-labelledby="kitchen-overview-title"
      data-testid="kitchen-overview"
    >
      <div className={styles.header}>
        <div>
          <h2 id="kitchen-overview-title" className={card.title}>
            Kitchen status
          </h2>
          <p className={`${card.description} ${styles.wideOnly}`}>
            Ranked by late items (prep-station records over their target), each restaurant on its own business
            dates, against the period before.
          </p>
        </div>
        <div className={styles.tools} data-print-hide="">
          <PeriodButtons range={range} onChange={(r) => void setRange(r)} />
          <CsvLink ready={pending === 0 && query.data !== undefined} range={shownRange} />
          <PrintButton />
          <a
            className="button"
            href="/api/kitchen/weekly-report.csv"
            download
            data-testid="weekly-report-csv"
            title="The last full week per restaurant and level, against the week before (CSV)"
          >
            Weekly report
          </a>
        </div>
      </div>
      {query.isError ? (
        <p role="alert" className={styles.status}>
          Kitchen times could not be loaded:{" "}
          {query.error instanceof Error ? query.error.message : "unknown error"}. They are asked for again
          shortly.
        </p>
      ) : !query.data ? (
        <>
          <Skeleton height={120} />
          <span className="visually-hidden">Loading…</span>
        </>
      ) : (
        <div aria-busy={query.isFetching && query.isPlaceholderData}>
          <OverviewStatus
            overview={query.data}
            range={shownRange}
            historyOf={(guid) => historyOf.get(guid)}
          />
          <FiguresDisclosure>
            <div className={report.scroll}>
              {stuckNote(query.data.stuck) ? (
                <p className={styles.status} data-testid="overview-stuck">
                  {stuckNote(query.data.stuck)}.
                </p>
              ) : null}
              <table className={`${report.table} ${styles.table}`} data-range={shownRange}>
                <caption className="visually-hidden">
                  Kitchen times per restaurant, {RANGE_PRESET_LABELS[shownRange].toLowerCase()}, with the
                  change against the period before; sortable by every column
                </caption>
                <thead>
                  <tr>
                    <td className={styles.nameCell} />
                    <td />
                    {KITCHEN_LEVELS.map((level) => (
                      <th
                        key={level}
                        scope="colgroup"
                        colSpan={LEVEL_FIGURES.length}
                        className={`${styles.group} ${styles.periodStart}`}
                      >
                        {LEVEL_LABELS[level]} (L{level})
                      </th>
                    ))}
                  </tr>
                  <tr>
                    <SortHeader
                      column={table.getColumn("name")}
                      label="Restaurant"
                      className={styles.nameCell}
                    />
                    {FIGURE_COLUMNS.map((c) => (
                      <SortHeader
                        key={columnId(c)}
                        column={table.getColumn(columnId(c))}
                        label={c.figure === "items" ? c.label : `${c.label} L${c.level}`}
                        className={`${styles.num} ${c.figure === "p50" ? styles.periodStart : ""}`}
                      />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((row) => (
                    <OverviewRow
                      key={row.restaurantGuid}
                      row={row}
                      href={kitchenPageHref(row.restaurantGuid, { range: shownRange, level: linkLevel })}
                      history={historyOf.get(row.restaurantGuid)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          </FiguresDisclosure>
        </div>
      )}
    </section>
  );
}

/** The period choice: yesterday, 7 or 30 days. */
function PeriodButtons({
  range,
  onChange,
}: {
  range: OverviewRange;
  onChange: (range: OverviewRange) => void;
}) {
  return (
    <div role="group" aria-label="Period" className={styles.periods}>
      {OVERVIEW_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          className="button"
          aria-pressed={range === r}
          onClick={() => onChange(r as OverviewRange)}
        >
          {RANGE_PRESET_LABELS[r]}
        </button>
      ))}
    </div>
  );
}

/** The table's CSV, once every restaurant is in. */
function CsvLink({ ready, range }: { ready: boolean; range: OverviewRange }) {
  return !ready ? (
    <span className={styles.status} data-testid="overview-csv-waiting">
      CSV once every restaurant is in
    </span>
  ) : (
    <a
      className="button"
      href={`/api/kitchen/overview.csv?range=${range}`}
      download
      data-testid="overview-csv"
    >
      Download CSV
    </a>
  );
}

/** One restaurant's row: its name and notes, then its figures with their changes, or why there are none. */
function OverviewRow({
  row,
  href,
  history,
}: {
  row: KitchenOverviewRow;
  href: string;
  history: KitchenHistory | undefined;
}) {
  return (
    <tr data-restaurant={row.restaurantGuid} data-status={row.status}>
      <th scope="row" className={styles.nameCell}>
        <IntentLink href={href}>{row.restaurantName}</IntentLink>
        {row.archived ? <span className={styles.tag}>Archived</span> : null}
        {row.locationName && row.locationName !== row.restaurantName ? (
          <span className={styles.location}>{row.locationName}</span>
        ) : null}
        <HistoryLine history={history} />
      </th>
      {row.status === "ready" ? (
        FIGURE_COLUMNS.map((c) => (
          <td
            key={columnId(c)}
            className={`${styles.num} ${c.figure === "p50" ? styles.periodStart : ""}`}
            data-column={columnId(c)}
          >
            <span className={styles.value} data-value="">
              {formatFigure(c.kind, figureOf(row.current, c))}
            </span>
            <FigureNotes row={row} column={c} />
          </td>
        ))
      ) : (
        <td colSpan={FIGURE_COLUMNS.length} className={styles.status}>
          {rowWithoutFigures(row)}
        </td>
      )}
    </tr>
  );
}
