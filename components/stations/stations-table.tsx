"use client";

import Link from "next/link";
import { useMemo } from "react";

import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import type { StationRouting, StationsReport } from "@/lib/stations/station-routing";
import { WARNING_KIND_LABELS } from "@/lib/stations/station-words";

import { kitchenHref } from "./routing-lanes";
import styles from "./stations.module.css";

const yesNo = (v: boolean | null) => (v === null ? null : v ? "Yes" : "No");

function printerText(s: StationRouting): string {
  if (!s.printer) return "None";
  return s.printer.name ?? `Not found (${s.printer.guid})`;
}

/** Every station in one sortable table; the CSV link of the page has the same columns in the same words. */
export function StationsTable({
  report,
  restaurantGuid,
}: {
  report: StationsReport;
  restaurantGuid: string;
}) {
  const columns = useMemo<DataColumn<StationRouting>[]>(
    () => [
      { key: "name", header: "Station", value: (s) => s.name, cell: (s) => <strong>{s.name}</strong> },
      {
        key: "printer",
        header: "Printer",
        value: printerText,
        cell: (s) =>
          s.printer && !s.printer.name ? (
            <span className={styles.problem}>{printerText(s)}</span>
          ) : (
            printerText(s)
          ),
      },
      {
        key: "printing",
        header: "Printing",
        value: (s) => s.printingModeLabel,
        cell: (s) => (
          <>
            <span title={s.printingModeDescription}>{s.printingModeLabel}</span>
            {s.effectiveExpoRouting === "EXPO_ONLY" ? (
              <span className={styles.muted}> (unused: tickets go only to the expediter)</span>
            ) : null}
          </>
        ),
      },
      {
        key: "expo",
        header: "Expediter",
        value: (s) => s.expoRoutingLabel,
        cell: (s) => <span title={s.expoRoutingDescription}>{s.expoRoutingLabel}</span>,
      },
      {
        key: "include",
        header: "Include with expediter",
        value: (s) => yesNo(s.includeWithExpediter),
        cell: (s) =>
          s.warningKinds.includes("expo-contradiction") ? (
            <span className={styles.problem}>
              {yesNo(s.includeWithExpediter)} (contradicts the expediter routing)
            </span>
          ) : (
            (yesNo(s.includeWithExpediter) ?? "—")
          ),
      },
      {
        key: "monitors",
        header: "Monitors",
        value: (s) => s.connected.map((c) => c.name ?? `Not found (${c.guid})`).join("; "),
        cell: (s) =>
          s.connected.length === 0
            ? "—"
            : s.connected.map((c, i) => (
                <span key={`${c.guid}-${i}`}>
                  {i > 0 ? ", " : ""}
                  {c.name === null ? <span className={styles.problem}>Not found</span> : c.name}
                </span>
              )),
      },
      {
        key: "monitoredBy",
        header: "Monitored by",
        value: (s) => s.monitoredBy.map((m) => m.name).join("; ") || null,
      },
      {
        key: "warnings",
        header: "Warnings",
        value: (s) => s.warningKinds.map((k) => WARNING_KIND_LABELS[k]).join("; ") || null,
        cell: (s) =>
          s.warningKinds.length === 0 ? (
            "—"
          ) : (
            <span className={styles.problem}>
              {s.warningKinds.map((k) => WARNING_KIND_LABELS[k]).join("; ")}
            </span>
          ),
      },
      {
        key: "guid",
        header: "Station GUID",
        value: (s) => s.guid,
        cell: (s) => <span className="mono">{s.guid}</span>,
      },
      {
        key: "kitchen",
        header: "Kitchen times",
        value: () => null,
        sortable: false,
        csv: false,
        cell: (s) => (
          // aria-label, not a visually hidden span: an absolutely positioned span escapes the table's scroll box.
          <Link href={kitchenHref(restaurantGuid, s.guid)} aria-label={`Kitchen times for ${s.name}`}>
            Kitchen times
          </Link>
        ),
      },
    ],
    [restaurantGuid],
  );
  return (
    <DataTable
      caption="Prep stations"
      hideCaption
      columns={columns}
      rows={report.stations}
      rowKey={(s) => s.guid}
    />
  );
}
