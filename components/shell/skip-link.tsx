import styles from "./app-shell.module.css";

/** First focusable element of every page: jumps past the header to the page's <main id="main">. */
export function SkipLink() {
  return (
    <a className={styles.skipLink} href="#main">
      Skip to content
    </a>
  );
}
