import type { CashDrawer, NamedEntity } from "@/lib/platform/schemas";

import type { Versioned } from "./context";
import { printerGuid, stationPlan } from "./prep-stations";
import { ref } from "./references";
import type { Scope } from "./scope";

const RECEIPT_PRINTERS = [
  "Receipt Printer - Host",
  "Receipt Printer - Bar",
  "Takeout Label Printer",
] as const;

/** Kitchen printers named by the prep stations, then the front-of-house receipt printers. */
export function generatePrinters(scope: Scope): Versioned<NamedEntity>[] {
  const names = new Set<string>();
  for (const s of stationPlan(scope)) if (s.printerName) names.add(s.printerName);
  for (const n of RECEIPT_PRINTERS) names.add(n);
  return [...names].map((name) =>
    scope.versioned({ guid: printerGuid(scope, name), entityType: "Printer", name }),
  );
}

/** Each cash drawer is attached to a receipt printer that exists in /printers. */
export function generateCashDrawers(scope: Scope): Versioned<CashDrawer>[] {
  const drawers = [
    { code: "HOST", printer: "Receipt Printer - Host" },
    { code: "BAR", printer: "Receipt Printer - Bar" },
    { code: "TOGO", printer: "Receipt Printer - Host" },
  ];
  return drawers.map((d) =>
    scope.versioned({
      guid: scope.guid("CashDrawer", d.code),
      entityType: "CashDrawer",
      printer: ref(printerGuid(scope, d.printer), "Printer"),
    }),
  );
}
