import type { MenuModel } from "./menu-model";

/**
 * Where an item sits: the menu and the chain of groups from the menu's top-level group down to
 * the group that lists the item. Inheritance walks this chain upwards, so the same item can
 * resolve differently in two placements.
 */
export interface Placement {
  menu: string;
  /** Group guids, top-level group first, the group that lists the item last. */
  path: string[];
}

export interface ItemPlacement extends Placement {
  item: string;
}

/**
 * Every item placement of the whole menu, in tree order (menus, then groups depth first, a
 * group's items before its subgroups). A group already on the current path is not entered
 * again, so a malformed cycle of subgroups ends.
 */
export function* itemPlacements(model: MenuModel): Generator<ItemPlacement> {
  for (const menu of model.menus) {
    const stack: { group: string; path: string[] }[] = (menu.groups ?? [])
      .map((g) => ({ group: g, path: [g] }))
      .reverse();
    while (stack.length > 0) {
      const { group, path } = stack.pop()!;
      const node = model.groups[group];
      if (!node) continue;
      for (const item of node.items ?? []) yield { item, menu: menu.guid, path };
      const children = (node.groups ?? []).filter((child) => !path.includes(child));
      for (let i = children.length - 1; i >= 0; i -= 1)
        stack.push({ group: children[i]!, path: [...path, children[i]!] });
    }
  }
}

/** "Menu > Group > Subgroup > Item", the path a manager reads in the CSV and in search results. */
export function placementLabel(model: MenuModel, placement: Placement, itemGuid?: string): string {
  const parts = [model.menus.find((m) => m.guid === placement.menu)?.name ?? "Unknown menu"];
  for (const g of placement.path) parts.push(model.groups[g]?.name ?? "Unknown group");
  if (itemGuid) parts.push(model.items[itemGuid]?.name ?? "Unknown item");
  return parts.join(" > ");
}
