import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ConfigResourceView } from "@/components/config/config-resource-view";
import { requireRestaurant } from "@/lib/access/page-access";
import { isExplorerResource, RESOURCE_INFO } from "@/lib/config-explorer/resource-catalog";

type Params = Promise<{ guid: string; resource: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { guid, resource } = await params;
  const restaurant = await requireRestaurant(guid);
  return {
    title: `${restaurant.name} · ${isExplorerResource(resource) ? RESOURCE_INFO[resource].title : "Configuration"}`,
  };
}

/**
 * One configuration resource. An unknown resource is a 404; the lastModified filter travels in
 * the URL and is validated by the API, whose 400 the view shows as an error with a way out.
 */
export default async function ConfigResourcePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { guid, resource } = await params;
  const restaurant = await requireRestaurant(guid);
  if (!isExplorerResource(resource)) notFound();
  const raw = (await searchParams).lastModified;
  const lastModified = (Array.isArray(raw) ? raw[0] : raw)?.trim() || null;
  return (
    <ConfigResourceView
      key={`${restaurant.guid}/${resource}`}
      guid={restaurant.guid}
      restaurantName={restaurant.name}
      resource={resource}
      lastModified={lastModified}
    />
  );
}
