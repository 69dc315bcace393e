"use client";

import Link from "next/link";

import { ErrorState } from "@/components/ui/states";
import { loginFailureFromDigest } from "@/lib/api/platform-login-words";

export default function RestaurantError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  // A failed Platform login carries its own digest through Next's production scrubbing.
  const login = loginFailureFromDigest(error.digest);
  if (login) {
    return (
      <ErrorState title="The app cannot sign in to the Platform" onRetry={reset}>
        <p>{login}</p>
      </ErrorState>
    );
  }
  return (
    <ErrorState title="This restaurant page could not be loaded" onRetry={reset}>
      <p>
        The Platform did not answer as expected. Try again, or go <Link href="/">back to the overview</Link>.
        {error.digest ? <span className="mono"> (reference {error.digest})</span> : null}
      </p>
    </ErrorState>
  );
}
