"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { ErrorState, LoadingState } from "@/components/ui/states";
import type { AuditResponse } from "@/lib/audit/audit-contract";
import { auditQuery, auditSearch, type AuditFilters } from "@/lib/queries/admin";

import { AdminTable } from "./shared/admin-form";
import styles from "./shared/admin.module.css";

const FIELDS: { name: keyof AuditFilters; label: string; type?: string }[] = [
  { name: "actor", label: "Who (e-mail)" },
  { name: "action", label: "Action (e.g. person.update)" },
  { name: "restaurant", label: "Restaurant GUID" },
  { name: "from", label: "From", type: "date" },
  { name: "to", label: "To", type: "date" },
];

const shown = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** The audit log, newest first, filtered; the CSV link downloads the same filtered entries. */
export function AuditView({ initial }: { initial: AuditResponse }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const unfiltered = Object.values(filters).every((v) => !v);
  const audit = useQuery({ ...auditQuery(filters), ...(unfiltered ? { initialData: initial } : {}) });

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilters(Object.fromEntries(FIELDS.map((f) => [f.name, String(form.get(f.name) ?? "").trim()])));
  }

  return (
    <>
      <form className={styles.form} onSubmit={onFilter} aria-label="Filter the audit log">
        {FIELDS.map((f) => (
          <div key={f.name} className={styles.field}>
            <label htmlFor={`audit-${f.name}`}>{f.label}</label>
            <input id={`audit-${f.name}`} name={f.name} type={f.type ?? "text"} className="input" />
          </div>
        ))}
        <button type="submit" className="button button-primary">
          Filter
        </button>
        <a className="button" href={`/api/admin/audit.csv${auditSearch(filters)}`} download>
          Download CSV
        </a>
      </form>
      {audit.isPending ? <LoadingState label="Loading the audit log…" /> : null}
      {audit.isError ? <ErrorState error={audit.error} onRetry={() => void audit.refetch()} /> : null}
      {audit.data ? (
        <AdminTable
          caption="Audit log, newest first"
          columns={["When", "Who", "Action", "Subject", "Restaurant", "Before", "After"]}
          after={audit.data.entries.length === 0 ? <p className={styles.muted}>No entries match.</p> : null}
        >
          {audit.data.entries.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.at).toLocaleString()}</td>
              <td className="mono">{e.actorEmail}</td>
              <td className="mono">{e.action}</td>
              <td>
                {e.subjectKind} {e.subjectId}
              </td>
              <td className="mono">{e.restaurantGuid ?? ""}</td>
              <td className="mono">{shown(e.before)}</td>
              <td className="mono">{shown(e.after)}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </>
  );
}
