import type { Placement } from "@/lib/menu/menu-placements";

/** An item as opened in the tree or the search: the item and where it sits. */
export interface MenuSelection {
  item: string;
  placement: Placement;
}

/** Tree nodes are keyed by their path, because one group can appear in two places. */
export function groupKey(menu: string, path: readonly string[]): string {
  return [menu, ...path].join("/");
}

export function selectionKey(selection: MenuSelection): string {
  return `${groupKey(selection.placement.menu, selection.placement.path)}#${selection.item}`;
}

/** The keys to expand so a placement is visible in the tree: its menu and every group on its path. */
export function ancestorKeys(placement: Placement): string[] {
  const keys = [placement.menu];
  for (let i = 1; i <= placement.path.length; i += 1)
    keys.push(groupKey(placement.menu, placement.path.slice(0, i)));
  return keys;
}

export function domId(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}
