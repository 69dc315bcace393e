import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";

import { SetupForm } from "@/components/admin/setup-form";
import styles from "@/components/shell/sign-in.module.css";
import { SkipLink } from "@/components/shell/skip-link";
import { setupAvailable } from "@/lib/auth/first-run";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Set up Kitchen Pulse" };

/**
 * The first run of an empty deployment (ADMIN_EMAIL set, no accounts file, nobody yet): the owner
 * named by ADMIN_EMAIL chooses a password. Answers 404 in every other case, and for ever after.
 */
export default async function SetupPage() {
  // Rendered per request, never at build time: whether anybody exists is the database's answer now.
  await connection();
  if (!(await setupAvailable())) notFound();
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className={styles.page}>
        <div className={styles.card}>
          <p className={styles.brand}>
            <span aria-hidden="true">◔</span> Kitchen Pulse
          </p>
          <h1 className={styles.title}>Set up</h1>
          <p className={styles.lead}>
            Choose the password of the first owner, <span className="mono">{env().ADMIN_EMAIL}</span>.
          </p>
          <SetupForm />
        </div>
      </main>
    </>
  );
}
