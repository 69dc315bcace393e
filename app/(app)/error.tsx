"use client";

import { ErrorState } from "@/components/ui/states";
import { loginFailureFromDigest } from "@/lib/api/platform-login-words";

/** A page that failed to render: say so, offer a retry, keep the shell around it. */
export default function SignedInError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  // Production builds replace server error messages with a digest: show our sentence, not theirs.
  // A failed Platform login carries its own digest, so that one can be said in words.
  const login = loginFailureFromDigest(error.digest);
  return (
    <ErrorState
      title={login ? "The app cannot sign in to the Platform" : "This page could not be loaded"}
      onRetry={reset}
    >
      <p>
        {login ?? "The data behind it is unavailable right now. Try again in a moment."}
        {error.digest && !login ? <span className="mono"> (reference {error.digest})</span> : null}
      </p>
    </ErrorState>
  );
}
