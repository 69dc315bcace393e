import Link from "next/link";

import { SkipLink } from "@/components/shell/skip-link";
import { EmptyState } from "@/components/ui/states";

/** Any URL no route matches. Outside the signed-in shell, so it needs no session. */
export default function NotFound() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} style={{ maxWidth: 640, margin: "10vh auto", padding: "0 16px" }}>
        <EmptyState title="Not found" heading>
          <p>There is no page at this address.</p>
          <p>
            <Link href="/">Go to the overview</Link>
          </p>
        </EmptyState>
      </main>
    </>
  );
}
