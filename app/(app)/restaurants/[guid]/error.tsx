"use client";

import Link from "next/link";
import { ErrorState } from "@/components/ui/states";

export default function RestaurantError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorState title="This restaurant page could not be loaded" onRetry={reset}>
      <p>
        The Platform did not answer as expected. Try again, or go <Link href="/">back to the overview</Link>.
        {error.digest ? <span className="mono"> (reference {error.digest})</span> : null}
      </p>
    </ErrorState>
  );
}
