import type { RevenueCenter, ServiceArea, Table } from "@/lib/platform/schemas";

import type { Versioned } from "./context";
import { extRef, ref } from "./references";
import type { Scope } from "./scope";

export interface FloorPlan {
  revenueCenters: Versioned<RevenueCenter>[];
  serviceAreas: Versioned<ServiceArea>[];
  tables: Versioned<Table>[];
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Tables sit in service areas, which belong to revenue centers; every reference resolves. */
export function generateFloorPlan(scope: Scope): FloorPlan {
  const perDay = scope.ctx.restaurant.ticketsPerDay;
  const centers = [
    {
      code: "DINING",
      name: "Dining Room",
      description: "Full-service tables in the main room and on the patio.",
    },
    { code: "BAR", name: "Bar", description: "Bar top and lounge." },
    {
      code: "TOGO",
      name: "Takeout & Delivery",
      description: "Counter pickup, curbside, delivery and marketplace orders.",
    },
  ];
  const rcRef = new Map(
    centers.map(
      (c) =>
        [c.code, extRef(scope.guid("RevenueCenter", c.code), "RevenueCenter", `POS:RC-${c.code}`)] as const,
    ),
  );
  const revenueCenters = centers.map((c) =>
    scope.versioned({
      guid: scope.guid("RevenueCenter", c.code),
      entityType: "RevenueCenter",
      name: c.name,
      description: c.description,
    }),
  );

  const areas = [
    {
      code: "MAIN",
      name: "Main Dining",
      type: "ON_PREMISES" as const,
      center: "DINING",
      prefix: "",
      tables: clamp(Math.round(perDay / 40), 10, 48),
    },
    {
      code: "PATIO",
      name: "Patio",
      type: "ON_PREMISES" as const,
      center: "DINING",
      prefix: "P",
      tables: clamp(Math.round(perDay / 120), 4, 16),
    },
    {
      code: "BAR",
      name: "Bar & Lounge",
      type: "ON_PREMISES" as const,
      center: "BAR",
      prefix: "B",
      tables: clamp(Math.round(perDay / 150), 4, 12),
    },
    {
      code: "PICKUP",
      name: "Pickup Counter",
      type: "OFF_PREMISES" as const,
      center: "TOGO",
      prefix: "",
      tables: 0,
    },
  ];
  const serviceAreas: Versioned<ServiceArea>[] = [];
  const tables: Versioned<Table>[] = [];
  for (const a of areas) {
    const areaGuid = scope.guid("ServiceArea", a.code);
    const center = rcRef.get(a.center) ?? null;
    serviceAreas.push(
      scope.versioned({
        guid: areaGuid,
        entityType: "ServiceArea",
        name: a.name,
        serviceAreaType: a.type,
        revenueCenter: center,
      }),
    );
    for (let i = 1; i <= a.tables; i++) {
      tables.push(
        scope.versioned({
          guid: scope.guid("Table", a.code, i),
          entityType: "Table",
          name: `${a.prefix}${i}`,
          serviceArea: ref(areaGuid, "ServiceArea"),
          revenueCenter: center,
        }),
      );
    }
  }
  return { revenueCenters, serviceAreas, tables };
}
