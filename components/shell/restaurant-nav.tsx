"use client";

import { useParams, usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

import { IntentLink } from "@/components/ui/intent-link";

import styles from "./app-shell.module.css";
import { RESTAURANT_SECTIONS, restaurantPath, sectionOfPath, type ShellRestaurant } from "./sections";

/** Overview, then the chosen restaurant's pages; the page being viewed is marked aria-current. */
export function RestaurantNav({ restaurants }: { restaurants: ShellRestaurant[] }) {
  const params = useParams<{ guid?: string }>();
  const pathname = usePathname();
  const current = restaurants.find((r) => r.guid === params.guid);
  const section = sectionOfPath(pathname);
  const navRef = useRef<HTMLElement>(null);

  // On a phone the list scrolls sideways: bring the page being viewed into sight ("Info" was off-screen).
  useEffect(() => {
    navRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);

  return (
    <nav className={styles.nav} aria-label="Main" ref={navRef}>
      <ul className={styles.navList}>
        <li>
          <IntentLink
            href="/"
            className={styles.navLink}
            aria-current={pathname === "/" ? "page" : undefined}
          >
            Overview
          </IntentLink>
        </li>
        {current
          ? // A restaurant without the kitchen tier has no kitchen figures to link to.
            RESTAURANT_SECTIONS.filter((s) => s.slug !== "kitchen" || current.kitchenEntitled !== false).map(
              (s) => (
                <li key={s.slug}>
                  <IntentLink
                    href={restaurantPath(current.guid, s.slug)}
                    className={styles.navLink}
                    aria-current={section === s.slug ? "page" : undefined}
                  >
                    {s.label}
                  </IntentLink>
                </li>
              ),
            )
          : null}
      </ul>
    </nav>
  );
}
