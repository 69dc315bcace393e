import "server-only";

import { readConfigList, readTipWithholding } from "@/lib/config-reads/config-reads";
import type { ConfigResource } from "@/lib/platform/schemas";

import type { ConfigTable } from "./config-cell";
import { nameLookups, presentResource } from "./present-resource";
import {
  EXPLORER_RESOURCES,
  RESOURCE_INFO,
  type ExplorerResource,
  type ResourceCount,
} from "./resource-catalog";
import { RESOURCE_SPECS, type Entity } from "./resource-columns";

/**
 * One resource as the explorer's table. References resolve through the full lists of their
 * targets; a target that fails to load leaves its references as guids rather than failing the
 * table, while a failure of the resource itself is thrown to the route.
 */
export async function loadExplorerTable(
  restaurantGuid: string,
  resource: ExplorerResource,
  lastModified: Date | null,
): Promise<ConfigTable> {
  const targets = RESOURCE_SPECS[resource].references;
  const [entities, ...targetLists] = await Promise.all([
    resource === "tipWithholding"
      ? readTipWithholding(restaurantGuid).then((tw) => [tw as Entity])
      : (readConfigList(restaurantGuid, resource, lastModified) as Promise<Entity[]>),
    ...targets.map((target) =>
      // A self-reference (menu groups naming their parent) needs the whole list, not the filtered one.
      (readConfigList(restaurantGuid, target) as Promise<Entity[]>).catch(() => null),
    ),
  ]);
  const loaded: Partial<Record<ConfigResource, Entity[]>> = {};
  targets.forEach((target, i) => {
    const list = targetLists[i];
    if (list) loaded[target] = list;
  });
  return presentResource(resource, entities, nameLookups(loaded), lastModified);
}

/** Every resource with its count; one failing resource is reported on its row, not for the page. */
export async function loadResourceCounts(restaurantGuid: string): Promise<ResourceCount[]> {
  const results = await Promise.allSettled(
    EXPLORER_RESOURCES.map(async (resource): Promise<Pick<ResourceCount, "count" | "summary">> => {
      if (resource === "tipWithholding") {
        const tw = await readTipWithholding(restaurantGuid);
        return { count: 1, summary: tw.enabled ? "On" : "Off" };
      }
      return { count: (await readConfigList(restaurantGuid, resource)).length };
    }),
  );
  return EXPLORER_RESOURCES.map((resource, i) => {
    const result = results[i]!;
    const info = RESOURCE_INFO[resource];
    const base = { resource, title: info.title, section: info.section, description: info.description };
    if (result.status === "fulfilled") return { ...base, ...result.value };
    return { ...base, count: null, error: errorText(result.reason) };
  });
}

function errorText(error: unknown): string {
  const status = (error as { status?: unknown })?.status;
  if (status === 403) return "Not permitted for this restaurant";
  if (status === 404) return "Not available";
  return "Could not be loaded";
}
