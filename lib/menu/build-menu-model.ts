import type {
  Image,
  Menu,
  MenuGroup,
  MenuItem,
  MenuOptionGroup,
  PreModifier,
  PreModifierGroup,
} from "@/lib/platform/schemas";

import type {
  GroupNode,
  ItemNode,
  MenuModel,
  MenuNode,
  MissingReference,
  OptionGroupNode,
  PreModifierGroupNode,
} from "./menu-model";
import { itemPlacements } from "./menu-placements";

export interface MenuSources {
  menus: readonly Menu[];
  menuGroups: readonly MenuGroup[];
  menuItems: readonly MenuItem[];
  menuOptionGroups: readonly MenuOptionGroup[];
  preModifierGroups: readonly PreModifierGroup[];
  preModifiers: readonly PreModifier[];
}

type Ref = { guid: string };

const nameOf = (entity: { name?: string | null; guid: string }, kind: string) =>
  entity.name?.trim() || `Unnamed ${kind} ${entity.guid.slice(0, 8)}`;

function imageUrls(images: readonly Image[] | null | undefined): string[] | undefined {
  const urls = (images ?? [])
    .map((i) => i.url)
    .filter((u): u is string => typeof u === "string" && u.length > 0);
  return urls.length ? urls : undefined;
}

/** A reference the contract does not define but the service may send (loose objects keep it). */
function looseRef(entity: object, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = (entity as Record<string, unknown>)[key];
    if (value && typeof value === "object" && typeof (value as Ref).guid === "string")
      return (value as Ref).guid;
  }
  return undefined;
}

function looseRefs(entity: object, key: string): Ref[] | undefined {
  const value = (entity as Record<string, unknown>)[key];
  if (!Array.isArray(value)) return undefined;
  return value.filter((v): v is Ref => !!v && typeof v === "object" && typeof (v as Ref).guid === "string");
}

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length ? list : undefined);

/**
 * Normalizes the six menu lists of the configuration API into one MenuModel. The tree follows
 * menu.groups and group.subgroups; a group that names a parent (or a menu) which does not list it
 * is attached there too, so no configured group disappears from the tree. References to entities
 * the API did not return are dropped from the tree and reported in `missing`.
 */
export function buildMenuModel(src: MenuSources): MenuModel {
  const missing: MissingReference[] = [];
  const index: SourceIndex = {
    groups: new Map(src.menuGroups.map((g) => [g.guid, g])),
    items: new Map(src.menuItems.map((i) => [i.guid, i])),
    optionGroups: new Map(src.menuOptionGroups.map((g) => [g.guid, g])),
    preModifierGroups: new Set(src.preModifierGroups.map((g) => g.guid)),
    menus: new Set(src.menus.map((m) => m.guid)),
  };
  const resolve = referenceResolver(missing);

  const { optionGroups, modifierGuids } = optionGroupNodes(src, index, resolve, missing);
  const items = itemNodes(src, index, resolve);
  const groups = groupNodes(src, index, resolve, missing);
  const menus = menuNodes(src, index, resolve);
  attachUnlistedGroups(menus, groups);
  countItems(menus, groups);
  const preModifierGroups = preModifierGroupNodes(src, missing);

  const model: MenuModel = {
    menus,
    groups,
    items,
    optionGroups,
    preModifierGroups,
    counts: {
      menus: menus.length,
      groups: src.menuGroups.length,
      items: 0,
      placements: 0,
      optionGroups: src.menuOptionGroups.length,
      modifiers: modifierGuids.size,
      preModifiers: src.preModifiers.length,
    },
    missing,
  };
  // Counted from the tree a manager sees, so the totals match the CSV's rows.
  const placed = new Set<string>();
  for (const placement of itemPlacements(model)) {
    placed.add(placement.item);
    model.counts.placements += 1;
  }
  model.counts.items = placed.size;
  return model;
}

interface SourceIndex {
  groups: Map<string, MenuGroup>;
  items: Map<string, MenuItem>;
  optionGroups: Map<string, MenuOptionGroup>;
  preModifierGroups: Set<string>;
  menus: Set<string>;
}

type Resolve = (
  refs: readonly Ref[] | null | undefined,
  known: { has(guid: string): boolean },
  from: MissingReference["from"],
  field: string,
) => string[];

/** Resolves a list of references once each, reporting those the API did not return in `missing`. */
function referenceResolver(missing: MissingReference[]): Resolve {
  return (refs, known, from, field) => {
    const out: string[] = [];
    const seen = new Set<string>();
    for (const ref of refs ?? []) {
      if (seen.has(ref.guid)) continue;
      seen.add(ref.guid);
      if (known.has(ref.guid)) out.push(ref.guid);
      else missing.push({ from, field, guid: ref.guid });
    }
    return out;
  };
}

function optionGroupNodes(
  src: MenuSources,
  index: SourceIndex,
  resolve: Resolve,
  missing: MissingReference[],
) {
  const optionGroups: Record<string, OptionGroupNode> = {};
  const modifierGuids = new Set<string>();
  for (const og of src.menuOptionGroups) {
    const name = nameOf(og, "modifier group");
    const options = resolve(og.options, index.items, { kind: "optionGroup", guid: og.guid, name }, "options");
    for (const o of options) modifierGuids.add(o);
    const node: OptionGroupNode = { guid: og.guid, name, options: nonEmpty(options) };
    if (og.minSelections != null) node.min = og.minSelections;
    if (og.maxSelections != null) node.max = og.maxSelections;
    const pmg = looseRef(og, "preModifierGroup", "preModifierGroupReference");
    if (pmg && index.preModifierGroups.has(pmg)) node.preModifierGroup = pmg;
    else if (pmg)
      missing.push({
        from: { kind: "optionGroup", guid: og.guid, name },
        field: "preModifierGroup",
        guid: pmg,
      });
    optionGroups[og.guid] = node;
  }
  return { optionGroups, modifierGuids };
}

function itemNodes(src: MenuSources, index: SourceIndex, resolve: Resolve): Record<string, ItemNode> {
  const items: Record<string, ItemNode> = {};
  for (const item of src.menuItems) {
    const name = nameOf(item, "item");
    const node: ItemNode = { guid: item.guid, name };
    if (item.sku) node.sku = item.sku;
    if (item.plu) node.plu = item.plu;
    if (item.calories != null) node.calories = item.calories;
    if (item.type) node.type = item.type;
    const own = resolve(
      item.optionGroups,
      index.optionGroups,
      { kind: "item", guid: item.guid, name },
      "optionGroups",
    );
    if (own.length) node.optionGroups = own;
    if (item.inheritOptionGroups) node.inheritOptionGroups = true;
    if (item.inheritUnitOfMeasure) node.inheritUnit = true;
    else if (item.unitOfMeasure && item.unitOfMeasure !== "NONE") node.unit = item.unitOfMeasure;
    const images = imageUrls(item.images);
    if (images) node.images = images;
    items[item.guid] = node;
  }
  return items;
}

function groupNodes(
  src: MenuSources,
  index: SourceIndex,
  resolve: Resolve,
  missing: MissingReference[],
): Record<string, GroupNode> {
  const groups: Record<string, GroupNode> = {};
  for (const group of src.menuGroups) {
    const name = nameOf(group, "group");
    const from = { kind: "group" as const, guid: group.guid, name };
    const node: GroupNode = { guid: group.guid, name, itemCount: 0 };
    if (group.menu?.guid) {
      if (index.menus.has(group.menu.guid)) node.menu = group.menu.guid;
      else missing.push({ from, field: "menu", guid: group.menu.guid });
    }
    if (group.parent?.guid) {
      if (index.groups.has(group.parent.guid)) node.parent = group.parent.guid;
      else missing.push({ from, field: "parent", guid: group.parent.guid });
    }
    node.groups = nonEmpty(
      resolve(group.subgroups, index.groups, from, "subgroups").filter((g) => g !== group.guid),
    );
    node.items = nonEmpty(resolve(group.items, index.items, from, "items"));
    node.optionGroups = nonEmpty(resolve(group.optionGroups, index.optionGroups, from, "optionGroups"));
    if (group.inheritOptionGroups) node.inheritOptionGroups = true;
    if (group.inheritUnitOfMeasure) node.inheritUnit = true;
    else if (group.unitOfMeasure && group.unitOfMeasure !== "NONE") node.unit = group.unitOfMeasure;
    const images = imageUrls(group.images);
    if (images) node.images = images;
    groups[group.guid] = node;
  }
  return groups;
}

function menuNodes(src: MenuSources, index: SourceIndex, resolve: Resolve): MenuNode[] {
  return src.menus.map((menu) => {
    const name = nameOf(menu, "menu");
    const from = { kind: "menu" as const, guid: menu.guid, name };
    const node: MenuNode = { guid: menu.guid, name, itemCount: 0 };
    node.groups = nonEmpty(resolve(menu.groups, index.groups, from, "groups"));
    const menuOptionGroups = looseRefs(menu, "optionGroups");
    if (menuOptionGroups)
      node.optionGroups = nonEmpty(resolve(menuOptionGroups, index.optionGroups, from, "optionGroups"));
    if (menu.unitOfMeasure && menu.unitOfMeasure !== "NONE") node.unit = menu.unitOfMeasure;
    const images = imageUrls(menu.images);
    if (images) node.images = images;
    return node;
  });
}

/** Attaches groups that name a parent or menu which does not list them. */
function attachUnlistedGroups(menus: MenuNode[], groups: Record<string, GroupNode>): void {
  const listed = new Set<string>();
  for (const m of menus) for (const g of m.groups ?? []) listed.add(g);
  for (const g of Object.values(groups)) for (const c of g.groups ?? []) listed.add(c);
  for (const g of Object.values(groups)) {
    if (listed.has(g.guid)) continue;
    if (g.parent && g.parent !== g.guid) {
      const parent = groups[g.parent]!;
      parent.groups = [...(parent.groups ?? []), g.guid];
    } else if (g.menu) {
      const menu = menus.find((m) => m.guid === g.menu)!;
      menu.groups = [...(menu.groups ?? []), g.guid];
    }
  }
}

/** Placements below each group and menu; a malformed cycle of subgroups counts each group once. */
function countItems(menus: MenuNode[], groups: Record<string, GroupNode>): void {
  const counting = new Set<string>();
  const counted = new Set<string>();
  const countGroup = (guid: string): number => {
    const group = groups[guid]!;
    if (counted.has(guid)) return group.itemCount;
    if (counting.has(guid)) return 0;
    counting.add(guid);
    let total = group.items?.length ?? 0;
    for (const child of group.groups ?? []) total += countGroup(child);
    counting.delete(guid);
    counted.add(guid);
    group.itemCount = total;
    return total;
  };
  for (const guid of Object.keys(groups)) countGroup(guid);
  for (const menu of menus)
    menu.itemCount = (menu.groups ?? []).reduce((sum, g) => sum + groups[g]!.itemCount, 0);
}

/** Pre-modifier groups with their pre-modifiers; those without a known group gather in one more. */
function preModifierGroupNodes(src: MenuSources, missing: MissingReference[]): PreModifierGroupNode[] {
  const preModifierGroups: PreModifierGroupNode[] = src.preModifierGroups.map((g) => ({
    guid: g.guid,
    name: nameOf(g, "pre-modifier group"),
    ...(g.isDefault ? { isDefault: true as const } : {}),
    preModifiers: [],
  }));
  const pmgByGuid = new Map(preModifierGroups.map((g) => [g.guid, g]));
  let ungrouped: PreModifierGroupNode | undefined;
  for (const pm of src.preModifiers) {
    const node = {
      guid: pm.guid,
      name: nameOf(pm, "pre-modifier"),
      ...(pm.displayMode ? { displayMode: pm.displayMode } : {}),
      ...(pm.scalePrice != null ? { scalePrice: pm.scalePrice } : {}),
      ...(pm.basePrice != null ? { basePrice: pm.basePrice } : {}),
      ...(pm.scaleFactor != null ? { scaleFactor: pm.scaleFactor } : {}),
      ...(pm.chargeAsExtra != null ? { chargeAsExtra: pm.chargeAsExtra } : {}),
    };
    const parent = pm.parent?.guid ? pmgByGuid.get(pm.parent.guid) : undefined;
    if (parent) {
      parent.preModifiers.push(node);
      continue;
    }
    if (pm.parent?.guid)
      missing.push({
        from: { kind: "preModifier", guid: pm.guid, name: node.name },
        field: "parent",
        guid: pm.parent.guid,
      });
    ungrouped ??= { guid: "ungrouped", name: "Pre-modifiers without a group", preModifiers: [] };
    ungrouped.preModifiers.push(node);
  }
  if (ungrouped) preModifierGroups.push(ungrouped);
  return preModifierGroups;
}
