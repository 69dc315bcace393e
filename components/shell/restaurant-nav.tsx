"use client";

import Link from "next/link";
import { useParams, usePathname } from "next/navigation";
import styles from "./app-shell.module.css";
import { RESTAURANT_SECTIONS, restaurantPath, sectionOfPath, type ShellRestaurant } from "./sections";

/** Overview, then the chosen restaurant's pages; the page being viewed is marked aria-current. */
export function RestaurantNav({ restaurants }: { restaurants: ShellRestaurant[] }) {
  const params = useParams<{ guid?: string }>();
  const pathname = usePathname();
  const current = restaurants.find((r) => r.guid === params.guid);
  const section = sectionOfPath(pathname);

  return (
    <nav className={styles.nav} aria-label="Main">
      <ul className={styles.navList}>
        <li>
          <Link href="/" className={styles.navLink} aria-current={pathname === "/" ? "page" : undefined}>
            Overview
          </Link>
        </li>
        {current
          ? RESTAURANT_SECTIONS.map((s) => (
              <li key={s.slug}>
                <Link
                  href={restaurantPath(current.guid, s.slug)}
                  className={styles.navLink}
                  aria-current={section === s.slug ? "page" : undefined}
                >
                  {s.label}
                </Link>
              </li>
            ))
          : null}
      </ul>
    </nav>
  );
}
