"use client";

import { useState, type FormEvent } from "react";

import styles from "./config.module.css";

/** "2024-05-01T09:30" in the browser's zone, the value a datetime-local input takes. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Only objects created or modified after a moment (4.3 lastModified). The manager picks a local
 * date and time; the URL carries the instant as ISO-8601 UTC.
 */
export function LastModifiedFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (iso: string | null) => void;
}) {
  const [draft, setDraft] = useState(() => toLocalInput(value));
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) {
      setProblem(null);
      onChange(null);
      return;
    }
    const instant = new Date(draft);
    if (Number.isNaN(instant.getTime())) {
      setProblem("Enter a date and time.");
      return;
    }
    setProblem(null);
    onChange(instant.toISOString());
  }

  return (
    <form className={styles.filter} onSubmit={submit} aria-label="Changed since">
      <label htmlFor="last-modified">Changed after</label>
      <input
        id="last-modified"
        className="input"
        type="datetime-local"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        aria-describedby={problem ? "last-modified-problem" : "last-modified-hint"}
        aria-invalid={problem ? true : undefined}
      />
      <button type="submit" className="button">
        Apply
      </button>
      {value ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            setDraft("");
            onChange(null);
          }}
        >
          Clear
        </button>
      ) : null}
      <span id="last-modified-hint" className={styles.hint}>
        Your local time. Shows only what was created or changed after it.
      </span>
      {problem ? (
        <span id="last-modified-problem" className={styles.missing} role="alert">
          {problem}
        </span>
      ) : null}
    </form>
  );
}
