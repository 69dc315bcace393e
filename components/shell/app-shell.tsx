import type { ReactNode } from "react";

import { IntentLink } from "@/components/ui/intent-link";

import styles from "./app-shell.module.css";
import { RestaurantNav } from "./restaurant-nav";
import { RestaurantSwitcher } from "./restaurant-switcher";
import type { ShellRestaurant } from "./sections";
import { SignOutButton } from "./sign-out-button";
import { SkipLink } from "./skip-link";

/** The signed-in frame: header (product, restaurant switcher, account), navigation, main. */
export function AppShell({
  account,
  admin = false,
  restaurants,
  restaurantsUnavailable,
  children,
}: {
  account: { email: string; name: string | null };
  /** Whether the person is an owner or admin: the header links the admin pages. */
  admin?: boolean;
  restaurants: ShellRestaurant[];
  restaurantsUnavailable?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.bar}>
          <IntentLink href="/" className={styles.brand}>
            <span aria-hidden="true" className={styles.logo}>
              ◔
            </span>
            Kitchen Pulse
          </IntentLink>
          <RestaurantSwitcher restaurants={restaurants} unavailable={restaurantsUnavailable} />
          <div className={styles.account}>
            <span className={styles.accountName} title={account.email}>
              <span className="visually-hidden">Signed in as </span>
              <span data-testid="account-email">{account.email}</span>
            </span>
            {admin ? (
              <IntentLink href="/admin/people" className={styles.accountLink}>
                Admin
              </IntentLink>
            ) : null}
            <IntentLink href="/account" className={styles.accountLink}>
              Account
            </IntentLink>
            <SignOutButton />
          </div>
        </div>
        <RestaurantNav restaurants={restaurants} />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
