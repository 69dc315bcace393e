import Link from "next/link";

import { EmptyState } from "@/components/ui/states";

/** A page inside a permitted restaurant that does not exist (an unknown config resource, say). */
export default function RestaurantNotFound() {
  return (
    <EmptyState title="Not found" heading>
      <p>This page does not exist for this restaurant.</p>
      <p>
        <Link href="/">Back to the overview</Link>
      </p>
    </EmptyState>
  );
}
