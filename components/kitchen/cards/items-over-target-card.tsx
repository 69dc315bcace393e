"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { csvColumnsOf } from "@/components/kitchen/card-parts/stats-columns";
import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { TableCard } from "@/components/ui/card/table-card";
import { CsvDownloadButton } from "@/components/ui/csv-download-button";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import type { KitchenItemStationsSection } from "@/lib/kitchen/contract/item-columns";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { formatCount, formatDuration } from "@/lib/kitchen/present/format";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import { itemStationsAt, type ItemStationRow } from "@/lib/kitchen/present/late-figures";
import { readyValue } from "@/lib/kitchen/present/range-progress";
import { kitchenItemStationsQuery } from "@/lib/queries/kitchen";

const duration = (
  key: string,
  header: string,
  pick: (r: ItemStationRow) => number | null,
): DataColumn<ItemStationRow> => ({
  key,
  header,
  // The CSV gives `<key>_s` and `<key>_min`; the screen gives m:ss.
  csvHeader: key,
  csvUnit: "seconds",
  value: pick,
  cell: (r) => formatDuration(pick(r)),
  align: "right",
});

/**
 * Where to act first: each menu item at each station, ranked by its time over target summed over
 * its late records (records × minutes over the target that applies there, the station's own or
 * its level's). A dish sold twice cannot top it unless it was very late; a busy dish a little
 * late every time can.
 */
export function ItemsOverTargetCard({
  guid,
  queryString,
  live,
  first,
  levels,
  initialLevel,
  metric,
  fileName,
}: {
  guid: string;
  /** The view's summary query (without `section`), for the rows of a level other than `first`'s. */
  queryString: string;
  live: boolean;
  /** The rows of one level, as the page asked them (the first level shown). */
  first: KitchenItemStationsSection;
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  metric: KitchenMetric;
  fileName: string;
}) {
  const [chosen, setChosen] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosen) ? chosen : (levels[0] ?? 0);
  // Each level's rows are their own request (contract/item-columns.ts): asked when picked.
  const other = useQuery({
    ...kitchenItemStationsQuery(guid, new URLSearchParams(queryString), level, { live }),
    enabled: level !== first.itemLevel,
  });
  const shown = level === first.itemLevel ? first : readyValue(other.data);
  const rows = shown ? itemStationsAt(shown, level) : [];
  const columns: DataColumn<ItemStationRow>[] = [
    { key: "item", header: "Menu item", value: (r) => r.label },
    { key: "station", header: "Station", value: (r) => r.station },
    {
      key: "records",
      header: "Station fulfillments",
      value: (r) => r.stats.count,
      cell: (r) => formatCount(r.stats.count),
      align: "right",
    },
    { key: "late", header: "Late", value: (r) => r.late, cell: (r) => formatCount(r.late), align: "right" },
    {
      key: "very_late",
      header: "Very late",
      value: (r) => r.veryLate,
      cell: (r) => formatCount(r.veryLate),
      align: "right",
    },
    duration("over_target", "Time over target", (r) => r.secondsOverTarget),
    duration("target", "Target", (r) => r.targetSeconds),
    duration("p50", "p50", (r) => r.stats.p50),
    duration("p90", "p90", (r) => r.stats.p90),
  ];
  return (
    <TableCard
      title="Items over target"
      description={`Menu items per station by time over target (each late record's ${METRIC_LABELS[metric].toLowerCase()} minus the target, summed), most first. Very late: over 1.5 × the target.`}
      actions={<CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} />}
      testId="items-over-target"
    >
      {levels.length > 1 ? (
        <div className={styles.inlineControls}>
          <LevelPicker levels={levels} value={level} onChange={setChosen} />
        </div>
      ) : null}
      <DataTable
        caption={`Items over target, level ${level}`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        emptyMessage={shown ? "No rows." : other.isError ? "These rows could not be loaded." : "Loading…"}
        pageSize={15}
        hideCsv
        hideCaption
      />
    </TableCard>
  );
}
