"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";

import {
  kitchenViewParams,
  kitchenViewUpdate,
  kitchenViewUrlKeys,
  resolveKitchenView,
  type KitchenView,
} from "@/lib/url-state/kitchen-view";

/**
 * The Kitchen page's view, read from and written to the URL through the one schema in
 * lib/url-state. Writes are shallow (no server round trip); a reload or a shared link renders the
 * same view. Every change adds a history entry (as Grafana does for a time range), so Back and
 * Forward walk through the views a manager looked at.
 */
export function useKitchenView(today: string) {
  const [params, setParams] = useQueryStates(kitchenViewParams, { urlKeys: kitchenViewUrlKeys });
  const { view, problems } = useMemo(() => resolveKitchenView(params, today), [params, today]);

  const setView = useCallback(
    (patch: Partial<KitchenView>) => {
      // From the latest params, not the last render: two quick changes (level, then metric) both land.
      void setParams((current) => kitchenViewUpdate(current, patch, today), { history: "push" });
    },
    [setParams, today],
  );

  return { view, problems, setView };
}
