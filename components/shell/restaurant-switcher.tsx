"use client";

import { useParams, usePathname, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";

import { IntentLink } from "@/components/ui/intent-link";
import { portableKitchenSearch } from "@/lib/url-state/portable-kitchen-search";

import styles from "./app-shell.module.css";
import { DEFAULT_SECTION, restaurantPath, sectionOfPath, type ShellRestaurant } from "./sections";

/**
 * Disclosure button with a list of links (not an ARIA menu): Tab and Enter work as everywhere,
 * Escape closes and returns focus. Choosing a restaurant keeps the section being viewed, so a
 * manager comparing kitchens stays on Kitchen, with the same view (period, level, metric; not
 * the station, which belongs to one restaurant).
 */
export function RestaurantSwitcher({
  restaurants,
  unavailable,
}: {
  restaurants: ShellRestaurant[];
  unavailable?: boolean;
}) {
  const params = useParams<{ guid?: string }>();
  const pathname = usePathname();
  // Open "on this path": navigating anywhere closes the list without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = restaurants.find((r) => r.guid === params.guid);
  const section = sectionOfPath(pathname) ?? DEFAULT_SECTION;
  const search = useSearchParams();
  const carried =
    sectionOfPath(pathname) === "kitchen"
      ? portableKitchenSearch(new URLSearchParams(search.toString()))
      : "";

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  if (unavailable) return <span className={styles.switcherNote}>Restaurants unavailable</span>;
  if (restaurants.length === 0) return <span className={styles.switcherNote}>No restaurants</span>;

  return (
    <div className={styles.switcher} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.switcherButton}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Restaurant: </span>
        <span className={styles.switcherLabel}>{current ? current.name : "Choose a restaurant"}</span>
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
      <ul id={listId} className={styles.switcherList} hidden={!open} aria-label="Your restaurants">
        {restaurants.map((r) => (
          <li key={r.guid}>
            <IntentLink
              href={`${restaurantPath(r.guid, section)}${carried}`}
              className={styles.switcherItem}
              aria-current={r.guid === current?.guid ? "true" : undefined}
              onClick={() => setOpen(false)}
            >
              <span className={styles.switcherName}>{r.name}</span>
              <span className={styles.switcherMeta}>
                {r.locationName}
                {r.archived ? " · archived" : ""}
              </span>
            </IntentLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
