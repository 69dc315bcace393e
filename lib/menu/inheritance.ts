import type { UnitOfMeasure } from "@/lib/platform/schemas";

import type { MenuModel } from "./menu-model";
import type { Placement } from "./menu-placements";

/**
 * Modifier groups and unit of measure as the POS applies them to an item in one placement.
 * The contract (2.8): an item's and a group's optionGroups exclude inherited ones; with
 * inheritOptionGroups the item (or group) also takes its parent's effective groups. With
 * inheritUnitOfMeasure the unit comes from the parent group, or from the menu at the top.
 */

export interface InheritanceSource {
  kind: "item" | "group" | "menu";
  guid: string;
  name: string;
}

export interface ResolvedOptionGroup {
  guid: string;
  /** Where the group is attached: the item itself, or the ancestor it is inherited from. */
  source: InheritanceSource;
  inherited: boolean;
}

export interface ResolvedUnit {
  unit: UnitOfMeasure;
  source: InheritanceSource;
  inherited: boolean;
}

function itemSource(model: MenuModel, itemGuid: string): InheritanceSource {
  return { kind: "item", guid: itemGuid, name: model.items[itemGuid]?.name ?? "Unknown item" };
}

/**
 * The item's own modifier groups, then those inherited from each ancestor in turn, nearest
 * first, stopping at the first ancestor that does not inherit. A group attached at several
 * levels is listed once, at the nearest.
 */
export function resolveOptionGroups(
  model: MenuModel,
  itemGuid: string,
  placement: Placement | null,
): ResolvedOptionGroup[] {
  const item = model.items[itemGuid];
  if (!item) return [];
  const out: ResolvedOptionGroup[] = [];
  const seen = new Set<string>();
  const add = (guids: readonly string[] | undefined, source: InheritanceSource) => {
    for (const guid of guids ?? []) {
      if (seen.has(guid)) continue;
      seen.add(guid);
      out.push({ guid, source, inherited: source.kind !== "item" });
    }
  };
  add(item.optionGroups, itemSource(model, itemGuid));
  if (!item.inheritOptionGroups || !placement) return out;

  for (let i = placement.path.length - 1; i >= 0; i -= 1) {
    const group = model.groups[placement.path[i]!];
    if (!group) return out;
    add(group.optionGroups, { kind: "group", guid: group.guid, name: group.name });
    if (!group.inheritOptionGroups) return out;
  }
  const menu = model.menus.find((m) => m.guid === placement.menu);
  if (menu) add(menu.optionGroups, { kind: "menu", guid: menu.guid, name: menu.name });
  return out;
}

/**
 * The unit the item is sold by. Without a placement (a modifier reached through a modifier
 * group) an inheriting item has no parent to ask, so its own setting stands.
 */
export function resolveUnitOfMeasure(
  model: MenuModel,
  itemGuid: string,
  placement: Placement | null,
): ResolvedUnit {
  const item = model.items[itemGuid];
  const own: ResolvedUnit = {
    unit: item?.unit ?? "NONE",
    source: itemSource(model, itemGuid),
    inherited: false,
  };
  if (!item?.inheritUnit || !placement) return own;

  for (let i = placement.path.length - 1; i >= 0; i -= 1) {
    const group = model.groups[placement.path[i]!];
    if (!group) return own;
    if (!group.inheritUnit)
      return {
        unit: group.unit ?? "NONE",
        source: { kind: "group", guid: group.guid, name: group.name },
        inherited: true,
      };
  }
  const menu = model.menus.find((m) => m.guid === placement.menu);
  if (!menu) return own;
  // The menu's unit defaults to NONE (2.8).
  return {
    unit: menu.unit ?? "NONE",
    source: { kind: "menu", guid: menu.guid, name: menu.name },
    inherited: true,
  };
}

/**
 * Pre-modifier groups that apply to an item's modifiers: each modifier group's own pre-modifier
 * group when the service names one, otherwise the restaurant's default pre-modifier group
 * (2.8: "only one group is default at a time"), which applies to every modifier.
 */
export function resolvePreModifierGroups(model: MenuModel, optionGroupGuids: readonly string[]): string[] {
  const fallback = model.preModifierGroups.find((g) => g.isDefault)?.guid;
  const out = new Set<string>();
  for (const guid of optionGroupGuids) {
    const og = model.optionGroups[guid];
    if (!og || !og.options?.length) continue;
    const pmg = og.preModifierGroup ?? fallback;
    if (pmg) out.add(pmg);
  }
  return [...out];
}
