"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { parseKitchenView, serializeKitchenView, type KitchenView } from "@/lib/kitchen/ui/view-state";

/**
 * The Kitchen page's view, read from and written to the URL. Writes go through the History API,
 * which Next keeps in step with useSearchParams: the view changes without a server round trip,
 * and a reload or a shared link renders the same view. A filter tweak replaces the history entry
 * rather than adding one to go "back" through.
 */
export function useKitchenView(today: string) {
  const params = useSearchParams();
  const pathname = usePathname();
  const paramString = params.toString();

  const { view, problems } = useMemo(() => parseKitchenView(new URLSearchParams(paramString), today), [paramString, today]);

  const setView = useCallback(
    (patch: Partial<KitchenView>) => {
      const next = serializeKitchenView({ ...view, ...patch }).toString();
      if (next === paramString) return;
      window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
    },
    [view, paramString, pathname],
  );

  return { view, problems, setView };
}
