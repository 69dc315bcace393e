"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, Skeleton } from "@/components/ui/states";
import {
  EXPLORER_RESOURCES,
  RESOURCE_INFO,
  RESOURCE_SECTIONS,
  type ResourceCount,
} from "@/lib/config-explorer/resource-catalog";
import { configIndexQuery } from "@/lib/queries/config";

import styles from "./config.module.css";

export function configResourceHref(guid: string, resource: string): string {
  return `/restaurants/${encodeURIComponent(guid)}/config/${resource}`;
}

/**
 * Every configuration resource of the restaurant, grouped, with how many of each it has. The
 * catalogue is known without asking the Platform, so the links are usable at once and the
 * counts fill in when the lists have been read (a 5,000-item menu takes a while).
 */
export function ConfigIndexView({ guid, restaurantName }: { guid: string; restaurantName: string }) {
  const query = useQuery(configIndexQuery(guid));
  const counts = new Map<string, ResourceCount>((query.data?.resources ?? []).map((r) => [r.resource, r]));

  return (
    <>
      <PageHeader
        eyebrow={restaurantName}
        title="Configuration"
        subtitle="Everything the point of sale's configuration API holds for this restaurant, in words. Choose a list to see every field."
      />
      {query.isPending ? (
        <p className="visually-hidden" role="status">
          Counting configuration…
        </p>
      ) : null}
      {query.isError ? (
        <div className={styles.indexError}>
          <ErrorState
            title="The counts could not be loaded"
            error={query.error}
            onRetry={() => void query.refetch()}
          >
            <p>Each list below can still be opened on its own.</p>
          </ErrorState>
        </div>
      ) : null}
      <div className={styles.sections}>
        {RESOURCE_SECTIONS.map((section) => {
          const inSection = EXPLORER_RESOURCES.filter((r) => RESOURCE_INFO[r].section === section);
          const id = `section-${section.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <section key={section} aria-labelledby={id}>
              <h2 id={id}>{section}</h2>
              <ul className={styles.resourceGrid}>
                {inSection.map((resource) => {
                  const info = RESOURCE_INFO[resource];
                  const count = counts.get(resource);
                  return (
                    <li key={resource}>
                      <Link href={configResourceHref(guid, resource)} className={styles.resourceCard}>
                        <span className={styles.resourceTitle}>{info.title}</span>
                        {count ? (
                          <span className={count.error ? styles.resourceError : styles.resourceCount}>
                            {count.error ?? count.summary ?? (count.count ?? 0).toLocaleString("en-US")}
                          </span>
                        ) : query.isPending ? (
                          <Skeleton width={32} height={18} />
                        ) : (
                          <span className={styles.resourceCount}>—</span>
                        )}
                        <span className={styles.resourceDescription}>{info.description}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
