import type { CSSProperties, ReactNode } from "react";
import styles from "./states.module.css";

/**
 * The states every data view goes through. Each is announced to assistive technology: loading
 * and progress politely, errors assertively.
 */

export function LoadingState({ label = "Loading…" }: { label?: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A grey block that holds the space of content still loading, so the layout does not jump. */
export function Skeleton({ height = 16, width = "100%", style }: { height?: number | string; width?: number | string; style?: CSSProperties }) {
  return <span className={styles.skeleton} style={{ height, width, ...style }} aria-hidden="true" />;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={`${styles.state} ${styles.empty}`} role="status">
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}

/** Error text for people: the API's message when it has one, never a stack trace. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string") return error;
  return "Something went wrong.";
}

export function ErrorState({
  title = "This could not be loaded",
  error,
  onRetry,
  children,
}: {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.state} ${styles.error}`} role="alert">
      <p className={styles.title}>{title}</p>
      {error !== undefined ? <p className={styles.body}>{errorMessage(error)}</p> : null}
      {children}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** Partial data, stale data, configuration problems: the page works but the reader must know. */
export function Notice({ tone = "warning", title, children }: { tone?: "warning" | "info"; title: string; children?: ReactNode }) {
  return (
    <div className={`${styles.state} ${tone === "warning" ? styles.warning : styles.info}`} role="status">
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}

/** Determinate progress for long work (a cold date range being fetched). */
export function ProgressState({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className={`${styles.state} ${styles.info}`} role="status" aria-live="polite">
      <p className={styles.title}>{label}</p>
      <progress className={styles.progress} value={value} max={Math.max(max, 1)} aria-label={label}>
        {value} of {max}
      </progress>
      <span className={styles.body}>
        {value} of {max}
      </span>
    </div>
  );
}
