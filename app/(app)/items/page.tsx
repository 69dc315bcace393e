import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";

import { ItemsMatrixView } from "@/components/items-matrix/items-matrix-view";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingState } from "@/components/ui/states";
import { requireSession } from "@/lib/access/page-access";

export const metadata: Metadata = { title: "Items across restaurants" };

/**
 * The same dish across restaurants (issue 15): the items matrix of every restaurant the account
 * may see. The view reads its state from the URL in the browser (nuqs), hence the Suspense.
 */
export default async function ItemsMatrixPage() {
  await requireSession();
  return (
    <>
      <PageHeader
        title="Items across restaurants"
        eyebrow={<Link href="/">Overview</Link>}
        subtitle="The same menu item in each of your restaurants: where it is slowest, and by how much."
      />
      <Suspense fallback={<LoadingState label="Loading the items matrix…" />}>
        <ItemsMatrixView />
      </Suspense>
    </>
  );
}
