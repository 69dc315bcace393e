import "server-only";

import type { KitchenService } from "@/lib/kitchen/service/kitchen-service";

import type { HealthViewer } from "./health";

/**
 * The kitchen fetches held per location (lib/kitchen/service/location-health.ts): parked after a
 * permanent refusal, backing off after transient failures, and the scope the credential lacks.
 * Anonymous viewers get counts; signed-in viewers also get their own restaurants' holds.
 */
export async function kitchenHoldsSection(service: Pick<KitchenService, "locations">, viewer: HealthViewer) {
  const { missingScope, locations } = await service.locations.holds();
  const section = {
    missingScope,
    parked: locations.filter((l) => l.state === "parked").length,
    backingOff: locations.filter((l) => l.state === "backing-off").length,
  };
  if (viewer.kind === "anonymous") return section;
  return { ...section, locations: locations.filter((l) => viewer.guids.has(l.restaurantGuid)) };
}
