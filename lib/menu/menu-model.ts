import type { MenuItem, PreModifier, UnitOfMeasure } from "@/lib/platform/schemas";

/**
 * The menu as the /api/restaurants/[guid]/menu route sends it: one normalized document, every
 * entity once, keyed by guid, references as guid arrays. Empty arrays, false flags and absent
 * values are left out so that a 5,000-item menu stays small on the wire: an absent unit is NONE
 * (the contract's default), and a unit the contract calls irrelevant (inheritUnitOfMeasure is
 * true) is not sent. Inheritance is not
 * resolved here: it depends on where an item is placed (an item can sit in several groups),
 * so lib/menu/inheritance.ts resolves it per placement.
 */
export interface MenuModel {
  menus: MenuNode[];
  groups: Record<string, GroupNode>;
  /** Menu items and modifiers (options are menu items too). */
  items: Record<string, ItemNode>;
  optionGroups: Record<string, OptionGroupNode>;
  preModifierGroups: PreModifierGroupNode[];
  counts: MenuCounts;
  /** References that point at nothing the configuration API returned. */
  missing: MissingReference[];
}

export interface MenuCounts {
  menus: number;
  groups: number;
  /** Distinct items placed in at least one group. */
  items: number;
  /** Item placements: an item reused in three groups counts three times. */
  placements: number;
  optionGroups: number;
  /** Distinct menu items used as options of a modifier group. */
  modifiers: number;
  preModifiers: number;
}

export interface MenuNode {
  guid: string;
  name: string;
  groups?: string[];
  /** Not in the contract, but honoured when the service sends it: the end of the inheritance chain. */
  optionGroups?: string[];
  unit?: UnitOfMeasure;
  images?: string[];
  /** Item placements in the whole menu. */
  itemCount: number;
}

export interface GroupNode {
  guid: string;
  name: string;
  menu?: string;
  parent?: string;
  groups?: string[];
  items?: string[];
  optionGroups?: string[];
  inheritOptionGroups?: true;
  unit?: UnitOfMeasure;
  inheritUnit?: true;
  images?: string[];
  /** Item placements in this group and every subgroup below it. */
  itemCount: number;
}

/** Open, like every enumeration of the contract: a type the service adds is kept as sent. */
export type MenuItemType = NonNullable<MenuItem["type"]>;

export interface ItemNode {
  guid: string;
  name: string;
  sku?: string;
  plu?: string;
  calories?: number;
  type?: MenuItemType;
  optionGroups?: string[];
  inheritOptionGroups?: true;
  unit?: UnitOfMeasure;
  inheritUnit?: true;
  images?: string[];
}

export interface OptionGroupNode {
  guid: string;
  name: string;
  options?: string[];
  min?: number;
  max?: number;
  /** The pre-modifier group this modifier group names, when the service sends such a reference. */
  preModifierGroup?: string;
}

export interface PreModifierNode {
  guid: string;
  name: string;
  displayMode?: NonNullable<PreModifier["displayMode"]>;
  scalePrice?: boolean;
  basePrice?: number;
  scaleFactor?: number;
  chargeAsExtra?: boolean;
}

export interface PreModifierGroupNode {
  guid: string;
  name: string;
  isDefault?: true;
  preModifiers: PreModifierNode[];
}

export interface MissingReference {
  from: { kind: "menu" | "group" | "item" | "optionGroup" | "preModifier"; guid: string; name: string };
  field: string;
  guid: string;
}
