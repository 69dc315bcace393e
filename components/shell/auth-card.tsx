import type { ReactNode } from "react";

import styles from "@/components/shell/sign-in.module.css";
import { SkipLink } from "@/components/shell/skip-link";

/** The card of the signed-out pages: sign-in, and the pages the e-mail links land on. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className={styles.page}>
        <div className={styles.card}>
          <p className={styles.brand}>
            <span aria-hidden="true">◔</span> Kitchen Pulse
          </p>
          {children}
        </div>
      </main>
    </>
  );
}
