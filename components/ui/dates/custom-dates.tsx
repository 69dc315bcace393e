"use client";

import { useState, type FormEvent } from "react";

import styles from "@/components/ui/dates/custom-dates.module.css";
import { businessDateFromIso, businessDateToIso } from "@/lib/business-date/business-date";

/**
 * A from-to dates form for the pages beside the Kitchen page (the items matrix, capacity): applied
 * as one history entry, so Back returns to the preset; a missing or reversed pair is refused in words.
 */
export function CustomDates({
  from,
  to,
  onApply,
}: {
  from: string | null;
  to: string | null;
  onApply: (from: string, to: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const f = businessDateFromIso(String(data.get("from") ?? ""));
    const t = businessDateFromIso(String(data.get("to") ?? ""));
    if (!f || !t) return setError("Enter both dates.");
    if (f > t) return setError("The first date must not be after the last.");
    setError(null);
    onApply(f, t);
  };
  return (
    <form className={styles.custom} onSubmit={submit} aria-label="Custom dates">
      <label>
        From <input type="date" name="from" defaultValue={from ? businessDateToIso(from) : ""} required />
      </label>
      <label>
        To <input type="date" name="to" defaultValue={to ? businessDateToIso(to) : ""} required />
      </label>
      <button type="submit" className="button">
        Show
      </button>
      {error ? (
        <span role="alert" className={styles.bad}>
          {error}
        </span>
      ) : null}
    </form>
  );
}
