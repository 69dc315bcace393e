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

/**
 * A grey block that holds the space of content still loading, so the layout does not jump. It
 * pulses while the content loads. `waiting`: the content is not loading but waits to be needed (a
 * card below the fold, mounted when the reader comes near); the block then stays still, since a
 * pulse would say "loading" for as long as nobody scrolls, and keep the browser drawing a frame
 * every 16 ms all that time, on the CPU the page's own load needs (issue 16).
 */
export function Skeleton({
  height = 16,
  width = "100%",
  style,
  waiting = false,
}: {
  height?: number | string;
  width?: number | string;
  style?: CSSProperties;
  waiting?: boolean;
}) {
  return (
    <span
      className={waiting ? `${styles.skeleton} ${styles.waiting}` : styles.skeleton}
      style={{ height, width, ...style }}
      aria-hidden="true"
      data-placeholder={waiting ? "waiting" : "loading"}
    />
  );
}

/**
 * A region still loading: grey blocks of the heights the content will take, and its words for a
 * screen reader (the blocks themselves say nothing).
 */
export function LoadingBlocks({
  label,
  heights,
  className,
}: {
  label: string;
  heights: readonly number[];
  className?: string;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {heights.map((h, i) => (
        <Skeleton key={i} height={h} />
      ))}
    </div>
  );
}

/** `heading`: the title is the page's h1 (a page that is only this state, such as "Not found"). */
export function EmptyState({
  title,
  heading,
  children,
}: {
  title: string;
  heading?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.state} ${styles.empty}`} role="status">
      {heading ? <h1 className={styles.title}>{title}</h1> : <p className={styles.title}>{title}</p>}
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
export function Notice({
  tone = "warning",
  title,
  children,
}: {
  tone?: "warning" | "info";
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.state} ${tone === "warning" ? styles.warning : styles.info}`} role="status">
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}

/**
 * Determinate progress for long work (a cold date range being fetched): a labelled bar with the
 * progressbar role and its values, so assistive technology reads "12 of 30 days ready".
 */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
}) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span className={styles.barFill} style={{ width: `${(share * 100).toFixed(1)}%` }} />
    </div>
  );
}
