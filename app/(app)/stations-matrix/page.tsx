import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

import { StationsMatrixView } from "@/components/chain/stations-matrix-view";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";
import { requireSession } from "@/lib/access/page-access";

export const metadata: Metadata = { title: "Stations across restaurants" };

/**
 * The same station across restaurants (issue 36): the stations matrix of every restaurant the
 * account may see. The view reads its state from the URL in the browser (nuqs), hence the Suspense.
 */
export default async function StationsMatrixPage() {
  await requireSession();
  return (
    <>
      <PageHeader
        title="Stations across restaurants"
        eyebrow={<Link href="/">Overview</Link>}
        subtitle="The same prep station in each of your restaurants: how long its p90 is, on how many records."
      />
      <Suspense fallback={<LoadingState label="Loading the stations matrix…" />}>
        <StationsMatrixView />
      </Suspense>
    </>
  );
}
