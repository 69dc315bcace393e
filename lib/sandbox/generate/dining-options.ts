import type { DiningOption } from "@/lib/platform/schemas";

import type { Versioned } from "./context";
import type { Scope } from "./scope";

/** Every behavior, plus the curbside and drive-thru flavours of take-out and both kinds of delivery. */
const DINING_OPTIONS: readonly {
  name: string;
  code: string;
  behavior: NonNullable<DiningOption["behavior"]>;
  curbside: boolean;
  driveThru: boolean;
}[] = [
  { name: "Dine In", code: "DINE-IN", behavior: "DINE_IN", curbside: false, driveThru: false },
  { name: "Bar", code: "BAR", behavior: "DINE_IN", curbside: false, driveThru: false },
  { name: "Take Out", code: "TAKE-OUT", behavior: "TAKE_OUT", curbside: false, driveThru: false },
  { name: "Curbside Pickup", code: "CURBSIDE", behavior: "TAKE_OUT", curbside: true, driveThru: false },
  { name: "Pickup Window", code: "WINDOW", behavior: "TAKE_OUT", curbside: false, driveThru: true },
  { name: "Delivery", code: "DELIVERY", behavior: "DELIVERY", curbside: false, driveThru: false },
  {
    name: "Third-Party Delivery",
    code: "3P-DELIVERY",
    behavior: "DELIVERY",
    curbside: false,
    driveThru: false,
  },
];

export function generateDiningOptions(scope: Scope): Versioned<DiningOption>[] {
  return DINING_OPTIONS.map((o) =>
    scope.versioned({
      guid: scope.guid("DiningOption", o.code),
      entityType: "DiningOption",
      externalId: `POS:DO-${o.code}`,
      name: o.name,
      behavior: o.behavior,
      curbside: o.curbside,
      driveThru: o.driveThru,
    }),
  );
}
