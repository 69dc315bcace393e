import Link from "next/link";

import { EmptyState } from "@/components/ui/states";

/** Unknown page, unknown restaurant and someone else's restaurant all look the same. */
export default function SignedInNotFound() {
  return (
    <EmptyState title="Not found" heading>
      <p>This page or restaurant does not exist, or your account cannot see it.</p>
      <p>
        <Link href="/">Back to the overview</Link>
      </p>
    </EmptyState>
  );
}
