import { z } from "zod";

import { MENU_ITEM_TYPES } from "@/lib/platform/schemas";

import catalogJson from "./menu-catalog.json";

/**
 * What the generated menus are made of, declared in menu-catalog.json (hand-editable, like
 * world.json) and validated here: dish families, modifier groups and pre-modifier groups.
 */

/** The kitchen line an item is cooked on; each maps to one prep station. */
export const FOOD_KINDS = ["grill", "fry", "saute", "cold", "pizza", "bar", "pastry"] as const;
export type FoodKind = (typeof FOOD_KINDS)[number];

export type DishFamilyKey = keyof typeof catalogJson.dishFamilies;
export type ModifierGroupKey = keyof typeof catalogJson.modifierGroups;

const MODIFIER_GROUP_KEYS = Object.keys(catalogJson.modifierGroups) as [
  ModifierGroupKey,
  ...ModifierGroupKey[],
];
const modifierGroupKey = z.enum(MODIFIER_GROUP_KEYS);

/**
 * A family of dishes a top-level menu group is filled from. Item names are base x style
 * (x size when a large menu needs more), so Harbor's 5000 items read like a menu, not "Item 4711".
 */
const dishFamily = z.strictObject({
  kind: z.enum(FOOD_KINDS),
  /** SKU / externalId prefix. */
  code: z.string().min(1),
  bases: z.array(z.string().min(1)).min(1),
  styles: z.array(z.string().min(1)).min(1),
  /** "Bourbon Old Fashioned" (style first, the default) or "Rigatoni Bolognese" (base first). */
  baseFirst: z.boolean().optional(),
  sizes: z.array(z.string().min(1)).min(1),
  calories: z.tuple([z.number(), z.number()]),
  /** Modifier groups set on the top-level group and inherited down to its items. */
  groupOptions: z.array(modifierGroupKey),
  /** Modifier groups some items carry themselves, on top of what they inherit. */
  itemOptions: z.array(modifierGroupKey),
});
export type DishFamily = z.infer<typeof dishFamily>;

const modifierSpec = z.strictObject({
  name: z.string().min(1),
  calories: z.number().nullable(),
  type: z.enum(MENU_ITEM_TYPES).optional(),
});

const modifierGroupSpec = z.strictObject({
  name: z.string().min(1),
  min: z.number().int().min(0),
  max: z.number().int().min(0),
  /** Options are menu items too (served in /menuItems, never sold alone). */
  options: z.array(modifierSpec).min(1),
});

const preModifierGroupSpec = z.strictObject({
  name: z.string().min(1),
  isDefault: z.boolean(),
  items: z.array(
    z.strictObject({
      name: z.string().min(1),
      scalePrice: z.boolean(),
      basePrice: z.number().nullable(),
      scaleFactor: z.number().nullable(),
      displayMode: z.enum(["PREFIX", "SUFFIX"]),
      chargeAsExtra: z.boolean().nullable(),
    }),
  ),
});

const menuCatalog = z.strictObject({
  dishFamilies: z.record(z.string(), dishFamily),
  modifierGroups: z.record(z.string(), modifierGroupSpec),
  preModifierGroups: z.array(preModifierGroupSpec),
});

const catalog = menuCatalog.parse(catalogJson);

export const DISH_FAMILIES = catalog.dishFamilies as Record<DishFamilyKey, DishFamily>;
export const MODIFIER_GROUPS = catalog.modifierGroups as Record<
  ModifierGroupKey,
  z.infer<typeof modifierGroupSpec>
>;
export const PRE_MODIFIER_GROUPS = catalog.preModifierGroups;

/** Zero-calorie drinks: the contract says calories may be zero, and these are. */
export const ZERO_CALORIE_BASES: ReadonlySet<string> = new Set([
  "Sparkling Water",
  "Espresso",
  "Iced Tea",
  "Soda",
]);
