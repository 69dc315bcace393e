"use client";

import { useQuery } from "@tanstack/react-query";

import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingBlocks } from "@/components/ui/states";
import { stationsApiPath, stationsQuery } from "@/lib/queries/stations";

import { RoutingLanes } from "./routing-lanes";
import { StationWarnings } from "./station-warnings";
import { StationsTable } from "./stations-table";
import styles from "./stations.module.css";

/** How tickets travel: prep stations, their printers, the expediter, and what is misconfigured. */
export function StationsView({ guid, restaurantName }: { guid: string; restaurantName: string }) {
  const query = useQuery(stationsQuery(guid));
  const header = (
    <PageHeader
      eyebrow={restaurantName}
      title="Prep stations"
      subtitle="Where each ticket prints, whether it reaches the expediter, and which stations watch which."
      actions={
        query.data?.stations.length ? (
          <CsvDownloadLink href={stationsApiPath(guid, "csv")} label="Download stations CSV" />
        ) : null
      }
    />
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingBlocks label="Loading prep stations…" heights={[120, 240]} className={styles.stack} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState
          title="Prep stations could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }

  const report = query.data;
  if (report.stations.length === 0) {
    return (
      <>
        {header}
        <EmptyState title="This restaurant has no prep stations">
          Tickets are not routed to any kitchen printer or display. Prep stations are set up in the point of
          sale&apos;s kitchen settings.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      {header}
      <div className={styles.stack}>
        <StationWarnings warnings={report.warnings} stations={report.stations} />
        <RoutingLanes report={report} restaurantGuid={guid} />
        <section aria-labelledby="stations-table-heading" className="card">
          <h2 id="stations-table-heading">All stations</h2>
          <StationsTable report={report} restaurantGuid={guid} />
        </section>
      </div>
    </>
  );
}
