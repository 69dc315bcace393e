import Link from "next/link";

import styles from "./shared/admin.module.css";

const PAGES = [
  { href: "/admin/people", label: "People" },
  { href: "/admin/areas", label: "Areas" },
  { href: "/admin/restaurants", label: "Restaurants" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/outbox", label: "Outbox" },
] as const;

/** The admin pages' own navigation; the current page is marked for assistive technology. */
export function AdminNav({ current }: { current: (typeof PAGES)[number]["href"] }) {
  return (
    <nav aria-label="Administration" className={styles.nav}>
      {PAGES.map((p) => (
        <Link key={p.href} href={p.href} aria-current={p.href === current ? "page" : undefined}>
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
