"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
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
  const urlParams = params.toString();
  // Next syncs useSearchParams with replaceState a moment later; until then the view shows what
  // was just chosen, so a select does not flick back to its old value. Keyed by the URL it was
  // chosen on: once the URL moves on (to this or anything else), the URL rules again.
  const [optimistic, setOptimistic] = useState<{ on: string; next: string } | null>(null);
  const paramString = optimistic && optimistic.on === urlParams ? optimistic.next : urlParams;

  const { view, problems } = useMemo(() => parseKitchenView(new URLSearchParams(paramString), today), [paramString, today]);

  const setView = useCallback(
    (patch: Partial<KitchenView>) => {
      // The address bar, not the last render: two quick changes (level, then metric) must both
      // land even if React has not re-rendered between them.
      const current = window.location.search.replace(/^\?/, "");
      const { view: latest } = parseKitchenView(new URLSearchParams(current), today);
      const next = serializeKitchenView({ ...latest, ...patch }).toString();
      if (next === current) return;
      setOptimistic({ on: urlParams, next });
      window.history.replaceState(null, "", next ? `${pathname}?${next}` : pathname);
    },
    [pathname, today, urlParams],
  );

  return { view, problems, setView };
}
