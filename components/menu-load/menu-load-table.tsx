"use client";

import Link from "next/link";
import { useMemo } from "react";

import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import type { KitchenMenuLoad, MenuLoadItem } from "@/lib/kitchen/contract/menu-load";
import { kitchenPageCsvName } from "@/lib/kitchen/present/csv-file-names";
import { formatCount, formatDuration, formatShare } from "@/lib/kitchen/present/format";
import { QUADRANT_LABELS } from "@/lib/kitchen/present/menu-load-words";

import styles from "./menu-load.module.css";

const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** The menu item on the Menu page (its `?item=`, which opens the item's first placement). */
const menuHref = (guid: string, item: string) =>
  `/restaurants/${encodeURIComponent(guid)}/menu?item=${encodeURIComponent(item)}`;

/**
 * Every item's figures behind the chart, most station-time first (sortable by every column); the
 * item's name links to it on the Menu page. The CSV button writes the rows as shown.
 */
export function MenuLoadTable({
  guid,
  restaurantName,
  load,
}: {
  guid: string;
  restaurantName: string;
  load: KitchenMenuLoad;
}) {
  const columns = useMemo<DataColumn<MenuLoadItem>[]>(
    () => [
      {
        key: "item",
        header: "Item",
        value: (r) => r.itemName ?? r.itemGuid,
        cell: (r) => (
          <span className={r.fewRecords ? styles.few : undefined}>
            {r.itemGuid ? (
              <Link href={menuHref(guid, r.itemGuid)}>{r.itemName ?? r.itemGuid}</Link>
            ) : (
              (r.itemName ?? "No menu item")
            )}
            {r.fewRecords ? <span className={styles.tag}>few records</span> : null}
          </span>
        ),
      },
      {
        key: "selections",
        header: "Selections",
        value: (r) => r.selections,
        align: "right",
        cell: (r) => formatCount(r.selections),
      },
      {
        key: "records",
        header: "Records",
        value: (r) => r.records,
        align: "right",
        cell: (r) => formatCount(r.records),
      },
      {
        key: "p50",
        header: "p50",
        csvUnit: "seconds",
        value: (r) => r.p50,
        align: "right",
        cell: (r) => formatDuration(r.p50),
      },
      {
        key: "p90",
        header: "p90",
        csvUnit: "seconds",
        value: (r) => r.p90,
        align: "right",
        cell: (r) => formatDuration(r.p90),
      },
      {
        key: "station_time",
        header: "Station-minutes",
        csvHeader: "station_time",
        csvUnit: "seconds",
        value: (r) => r.seconds,
        align: "right",
        cell: (r) => formatCount(minutes(r.seconds)),
      },
      {
        key: "share",
        header: "Share of time",
        csvUnit: "share",
        value: (r) => r.share,
        align: "right",
        cell: (r) => formatShare(r.share),
      },
      {
        key: "main_station",
        header: "Main station",
        value: (r) => r.stations[0]?.stationName,
        cell: (r) =>
          r.stations[0]
            ? `${r.stations[0].stationName ?? "No station"} (${formatShare(r.stations[0].shareOfStation)} of its time)`
            : "—",
      },
      { key: "quadrant", header: "Quadrant", value: (r) => QUADRANT_LABELS[r.quadrant] },
    ],
    [guid],
  );
  return (
    <div data-testid="menu-load-table">
      <DataTable
        caption="Menu items by station-time"
        columns={columns}
        rows={load.items}
        rowKey={(r, i) => r.itemGuid ?? `none-${i}`}
        csvFileName={kitchenPageCsvName(restaurantName, "menu-load-table", {
          from: load.from,
          to: load.to,
          level: load.level,
          station: load.station,
        })}
        initialSort={{ key: "station_time", direction: "descending" }}
        emptyMessage="No item has a record in this range."
      />
    </div>
  );
}
