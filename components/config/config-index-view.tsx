"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { RESOURCE_SECTIONS } from "@/lib/config-explorer/resource-catalog";
import { configIndexQuery } from "@/lib/queries/config";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, Skeleton } from "@/components/ui/states";
import styles from "./config.module.css";

export function configResourceHref(guid: string, resource: string): string {
  return `/restaurants/${encodeURIComponent(guid)}/config/${resource}`;
}

/** Every configuration resource of the restaurant, grouped, with how many of each it has. */
export function ConfigIndexView({ guid, restaurantName }: { guid: string; restaurantName: string }) {
  const query = useQuery(configIndexQuery(guid));
  const header = (
    <PageHeader
      eyebrow={restaurantName}
      title="Configuration"
      subtitle="Everything the point of sale's configuration API holds for this restaurant, in words. Choose a list to see every field."
    />
  );
  if (query.isPending) {
    return (
      <>
        {header}
        <div className={styles.sections} aria-busy="true">
          <span className="visually-hidden" role="status">
            Counting configuration…
          </span>
          {RESOURCE_SECTIONS.map((s) => (
            <Skeleton key={s} height={140} />
          ))}
        </div>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState title="The configuration could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const resources = query.data.resources;
  return (
    <>
      {header}
      <div className={styles.sections}>
        {RESOURCE_SECTIONS.map((section) => {
          const inSection = resources.filter((r) => r.section === section);
          if (inSection.length === 0) return null;
          const id = `section-${section.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <section key={section} aria-labelledby={id}>
              <h2 id={id}>{section}</h2>
              <ul className={styles.resourceGrid}>
                {inSection.map((r) => (
                  <li key={r.resource}>
                    <Link href={configResourceHref(guid, r.resource)} className={styles.resourceCard}>
                      <span className={styles.resourceTitle}>{r.title}</span>
                      <span className={r.error ? styles.resourceError : styles.resourceCount}>
                        {r.error ?? r.summary ?? (r.count ?? 0).toLocaleString("en-US")}
                      </span>
                      <span className={styles.resourceDescription}>{r.description}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
