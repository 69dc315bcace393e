import type { KnownUnitOfMeasure, MENU_ITEM_TYPES } from "@/lib/platform/schemas";
// The zod-free module, not the schemas: these words reach the browser bundle.
import { knownEntry } from "@/lib/platform/schemas/open-enum";
import type { InheritanceSource } from "./inheritance";
import type { PreModifierNode } from "./menu-model";

/**
 * Menu enumerations in words. The tables are keyed by the values the contract names; the service
 * adds values without notice (2.9 grew from 5 to 14 units), so every lookup goes through a
 * function that shows any other value as sent.
 */

/** 2.9 units in words. */
export const UNIT_WORDS: Record<KnownUnitOfMeasure, string> = {
  NONE: "Not measured",
  LB: "Pounds (lb)",
  OZ: "Ounces (oz)",
  KG: "Kilograms (kg)",
  G: "Grams (g)",
  GAL: "Gallons (gal)",
  L: "Litres (l)",
  ML: "Millilitres (ml)",
  FL_OZ: "Fluid ounces (fl oz)",
  M: "Metres (m)",
  CM: "Centimetres (cm)",
  FT: "Feet (ft)",
  IN: "Inches (in)",
  YD: "Yards (yd)",
};

export const ITEM_TYPE_WORDS: Record<(typeof MENU_ITEM_TYPES)[number], string> = {
  NONE: "Standard item",
  OPEN_ITEM: "Open item (price entered at sale)",
  SPECIAL_REQUEST: "Special request",
  PORTION: "Portion",
};

/** A unit in words, or the unit as sent when the contract does not name it. */
export function unitWords(unit: string): string {
  return knownEntry(UNIT_WORDS, unit) ?? unit;
}

/** An item type in words, or the type as sent when the contract does not name it. */
export function itemTypeWords(type: string): string {
  return knownEntry(ITEM_TYPE_WORDS, type) ?? type;
}

/** "Choose 1 to 3", "Optional, up to 2", "Choose exactly 1". */
export function selectionRule(min: number | undefined, max: number | undefined): string {
  const lo = min ?? 0;
  if (max == null || max <= 0) return lo > 0 ? `Choose at least ${lo}` : "Optional, any number";
  if (lo === max) return `Choose exactly ${lo}`;
  if (lo === 0) return `Optional, up to ${max}`;
  return `Choose ${lo} to ${max}`;
}

/** "group Grill", "menu Dinner": where an inherited setting comes from. */
export function sourceWords(source: InheritanceSource): string {
  return source.kind === "menu" ? `menu ${source.name}` : source.kind === "group" ? `group ${source.name}` : source.name;
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "shown before the modifier, price ×2". */
export function preModifierWords(pm: PreModifierNode): string {
  const parts: string[] = [];
  if (pm.displayMode === "PREFIX") parts.push("shown before the modifier");
  else if (pm.displayMode === "SUFFIX") parts.push("shown after the modifier");
  else if (pm.displayMode) parts.push(`display mode ${pm.displayMode}`);
  if (pm.scalePrice === true && pm.scaleFactor != null) parts.push(`price ×${pm.scaleFactor}`);
  else if (pm.scalePrice === false && pm.basePrice != null) parts.push(`adds ${money.format(pm.basePrice)}`);
  if (pm.chargeAsExtra) parts.push("charged as an extra portion");
  return parts.join(", ");
}
