"use client";

import { parseAsString, useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";

import type { MenuModel } from "@/lib/menu/menu-model";
import { itemPlacements } from "@/lib/menu/menu-placements";

import { groupKey, type MenuSelection } from "./menu-selection";

/**
 * The Menu page's selected item in the URL (issue 34): `?item=<item GUID>&in=<menu>/<group>/…`,
 * so a reload or a shared link opens the same item in the same place, and every choice pushes a
 * history entry (Back returns to the item before). `in` tells two placements of one item apart
 * (inheritance can differ); without it, or when it no longer names a placement of the item, the
 * item's first placement in tree order is shown.
 */
const menuUrlParams = { item: parseAsString, in: parseAsString };

/** The selection the URL names, if the menu holds that item; null otherwise. */
function selectionOf(model: MenuModel | undefined, item: string | null, at: string | null) {
  if (!model || !item || !model.items[item]) return null;
  let first: MenuSelection | null = null;
  for (const p of itemPlacements(model)) {
    if (p.item !== item) continue;
    const selection = { item, placement: { menu: p.menu, path: p.path } };
    if (at === null || groupKey(p.menu, p.path) === at) return selection;
    first ??= selection;
  }
  return first;
}

export function useMenuSelectionUrl(model: MenuModel | undefined) {
  const [params, setParams] = useQueryStates(menuUrlParams);
  const selection = useMemo(
    () => selectionOf(model, params.item, params.in),
    [model, params.item, params.in],
  );
  const setSelection = useCallback(
    (next: MenuSelection) =>
      void setParams(
        { item: next.item, in: groupKey(next.placement.menu, next.placement.path) },
        { history: "push" },
      ),
    [setParams],
  );
  return { selection, setSelection, asked: params.item };
}
