"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useDeferredValue, useMemo, useState } from "react";

import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { PageHeader } from "@/components/ui/page-header";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState, ErrorState, LoadingBlocks } from "@/components/ui/states";
import { DataTable, type DataColumn } from "@/components/ui/table/data-table";
import { cellSortValue, cellText, type ConfigRow, type ConfigTable } from "@/lib/config-explorer/config-cell";
import { RESOURCE_INFO, type ExplorerResource } from "@/lib/config-explorer/resource-catalog";
import { configResourcePath, configResourceQuery } from "@/lib/queries/config";

import { ConfigCellView } from "./config-cell-view";
import styles from "./config.module.css";
import { LastModifiedFilter } from "./last-modified-filter";

function columnsOf(table: ConfigTable): DataColumn<ConfigRow>[] {
  return table.columns.map((c) => ({
    key: c.key,
    header: c.label,
    align: c.align,
    value: (row) => cellSortValue(row.cells[c.key]),
    cell: (row) => <ConfigCellView cell={row.cells[c.key]} />,
  }));
}

/** One configuration resource with every field, filtered by lastModified, with its CSV. */
export function ConfigResourceView({
  guid,
  restaurantName,
  resource,
  lastModified,
}: {
  guid: string;
  restaurantName: string;
  resource: ExplorerResource;
  lastModified: string | null;
}) {
  const info = RESOURCE_INFO[resource];
  const router = useRouter();
  const pathname = usePathname();
  const query = useQuery(configResourceQuery(guid, resource, lastModified));
  const [filter, setFilter] = useState("");
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const table = query.data;
  const columns = useMemo(() => (table ? columnsOf(table) : []), [table]);
  const rows = useMemo(() => {
    if (!table) return [];
    if (!deferredFilter) return table.rows;
    return table.rows.filter((row) =>
      table.columns.some((c) => cellText(row.cells[c.key]).toLowerCase().includes(deferredFilter)),
    );
  }, [table, deferredFilter]);

  const setLastModified = (iso: string | null) => {
    router.push(iso ? `${pathname}?lastModified=${encodeURIComponent(iso)}` : pathname);
  };

  const count = table
    ? `${table.rows.length.toLocaleString("en-US")} ${table.rows.length === 1 ? info.noun : `${info.noun}s`.replace(/ys$/, "ies")}`
    : null;
  const header = (
    <PageHeader
      eyebrow={
        <>
          {restaurantName} ·{" "}
          <Link href={`/restaurants/${encodeURIComponent(guid)}/config`}>Configuration</Link>
        </>
      }
      title={info.title}
      subtitle={
        count
          ? `${count}${lastModified ? " changed after the chosen time" : ""}. ${info.description}`
          : info.description
      }
      actions={
        table && table.rows.length > 0 ? (
          <CsvDownloadLink
            href={configResourcePath(guid, resource, { lastModified, csv: true })}
            label={`Download ${info.title.toLowerCase()} CSV`}
          />
        ) : null
      }
    />
  );

  const toolbar = (
    <div className={styles.toolbar}>
      {resource !== "tipWithholding" ? (
        <LastModifiedFilter key={lastModified ?? ""} value={lastModified} onChange={setLastModified} />
      ) : null}
      {table && table.rows.length > 10 ? (
        <SearchField
          id="row-filter"
          label="Find rows"
          value={filter}
          onChange={setFilter}
          className={styles.filter}
        />
      ) : null}
    </div>
  );

  let body: React.ReactNode;
  if (query.isPending) {
    body = <LoadingBlocks label={`Loading ${info.title.toLowerCase()}…`} heights={[240]} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title={`${info.title} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {lastModified ? (
          <p>
            <Link href={pathname}>Show all {info.title.toLowerCase()} without the date filter</Link>
          </p>
        ) : null}
      </ErrorState>
    );
  } else if (table!.rows.length === 0) {
    body = (
      <EmptyState
        title={
          lastModified
            ? `No ${info.title.toLowerCase()} changed after that time`
            : `This restaurant has no ${info.title.toLowerCase()}`
        }
      >
        {lastModified ? "Choose an earlier time or clear the filter." : null}
      </EmptyState>
    );
  } else {
    body = (
      <div
        className={query.isPlaceholderData ? styles.stale : undefined}
        aria-busy={query.isPlaceholderData || undefined}
      >
        <DataTable
          caption={info.title}
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(row) => row.guid}
          pageSize={50}
          emptyMessage="No row matches what you typed."
        />
      </div>
    );
  }

  return (
    <>
      {header}
      {toolbar}
      {body}
    </>
  );
}
