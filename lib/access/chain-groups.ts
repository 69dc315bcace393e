import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import type { OverviewAreaRef } from "@/lib/kitchen/contract/chain";
import { listAreas } from "@/lib/people/areas";
import { readDiscoveredLocations } from "@/lib/restaurants/discovery-store";

/**
 * The Overview's groups of these restaurants (issue 36): the areas each belongs to (ordered by
 * name; a restaurant in several is counted in each area's figures and listed under the first),
 * restaurants in none under "No area". While the deployment has no area, the management group each
 * restaurant's discovery listing named (lib/restaurants/discovery-store.ts), "No management group
 * known" where none did. Only the GUIDs given (the viewer's) are grouped: an area never shows a
 * restaurant its viewer may not see, and an area none of whose restaurants they see is absent.
 */
export async function overviewGroupsOf(guids: readonly string[]): Promise<Map<string, OverviewAreaRef[]>> {
  const db = await getPeopleDatabase();
  const areas = await listAreas(db);
  const out = new Map<string, OverviewAreaRef[]>(guids.map((g) => [g, []]));
  if (areas.length > 0) {
    for (const area of areas)
      for (const guid of area.restaurantGuids)
        out.get(guid)?.push({ kind: "area", key: `area:${area.id}`, name: area.name });
    for (const refs of out.values())
      if (refs.length === 0) refs.push({ kind: "none", key: "none", name: "No area" });
    return out;
  }
  const groupOf = new Map((await readDiscoveredLocations(db)).map((l) => [l.guid, l.managementGroupGuid]));
  for (const [guid, refs] of out) {
    const group = groupOf.get(guid) ?? null;
    refs.push(
      group === null
        ? { kind: "none", key: "none", name: "No management group known" }
        : { kind: "management_group", key: `group:${group}`, name: `Management group ${group.slice(0, 8)}` },
    );
  }
  return out;
}
