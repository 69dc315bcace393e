"use client";

import { useMutation, useQuery } from "@tanstack/react-query";

import { ErrorState, LoadingState } from "@/components/ui/states";
import { accountSessionsQuery } from "@/lib/queries/admin";
import { apiDelete } from "@/lib/queries/api-client";

import { AdminTable, FormMessages } from "./shared/admin-form";
import styles from "./shared/admin.module.css";

/** The person's live sessions, this one marked, and "Sign out everywhere" (this one included). */
export function AccountSessions() {
  const sessions = useQuery(accountSessionsQuery());
  const everywhere = useMutation({
    mutationFn: () => apiDelete<{ ended: number }>("/api/account/sessions"),
    // This session ended too: reloading the page sends the browser to the sign-in page.
    onSuccess: () => window.location.reload(),
  });
  if (sessions.isPending) return <LoadingState label="Loading your sessions…" />;
  if (sessions.isError) return <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  return (
    <section className={styles.section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Your sessions</h2>
      <AdminTable
        columns={[
          "Signed in",
          "Ends",
          <span key="current" className="visually-hidden">
            This session
          </span>,
        ]}
      >
        {sessions.data.sessions.map((s) => (
          <tr key={s.createdAt + s.expiresAt} aria-current={s.current ? "true" : undefined}>
            <td>{new Date(s.createdAt).toLocaleString()}</td>
            <td>{new Date(s.expiresAt).toLocaleString()}</td>
            <td>{s.current ? "This session" : ""}</td>
          </tr>
        ))}
      </AdminTable>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate()}
        >
          Sign out everywhere
        </button>
      </div>
      <FormMessages error={everywhere.error} />
    </section>
  );
}
