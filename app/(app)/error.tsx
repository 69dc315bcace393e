"use client";

import { ErrorState } from "@/components/ui/states";

/** A page that failed to render: say so, offer a retry, keep the shell around it. */
export default function SignedInError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // Production builds replace server error messages with a digest: show our sentence, not theirs.
  return (
    <ErrorState title="This page could not be loaded" onRetry={reset}>
      <p>
        The data behind it is unavailable right now. Try again in a moment.
        {error.digest ? <span className="mono"> (reference {error.digest})</span> : null}
      </p>
    </ErrorState>
  );
}
