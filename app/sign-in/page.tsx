import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";

import { AuthCard } from "@/components/shell/auth-card";
import { SignInForm } from "@/components/shell/sign-in-form";
import styles from "@/components/shell/sign-in.module.css";
import { optionalSession } from "@/lib/access/page-access";
import { usingDemoAccounts } from "@/lib/auth/accounts";
import { oidcSignIn } from "@/lib/auth/auth-options";
import { postSignInPath } from "@/lib/auth/post-sign-in";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const callbackPath = postSignInPath(first(query.callbackUrl));
  if (await optionalSession()) redirect(callbackPath);
  const sso = oidcSignIn();
  return (
    <AuthCard>
      <h1 className={styles.title}>Sign in</h1>
      <p className={styles.lead}>Kitchen performance for the restaurants you manage.</p>
      <SignInForm callbackPath={callbackPath} initialError={first(query.error)} sso={sso} />
      <p className={styles.forgot}>
        <Link href="/reset-password">Forgot your password?</Link>
      </p>
      {usingDemoAccounts() ? (
        <p className={styles.demo}>
          Demo accounts: <span className="mono">admin@kitchen.test</span>,{" "}
          <span className="mono">ana@kitchen.test</span>, <span className="mono">ben@kitchen.test</span>;
          password <span className="mono">kitchen-demo</span>. Set ACCOUNTS_FILE to use your own.
        </p>
      ) : null}
    </AuthCard>
  );
}
