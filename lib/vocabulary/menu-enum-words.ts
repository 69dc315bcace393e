import type { KnownUnitOfMeasure, MENU_ITEM_TYPES } from "@/lib/platform/schemas";
// The zod-free module, not the schemas: these words reach the browser bundle.
import { knownEntry } from "@/lib/platform/schemas/open-enum";

/**
 * Menu enumerations in words. The tables are keyed by the values the contract names; the service
 * adds values without notice (2.9 grew from 5 to 14 units), so every lookup goes through a
 * function that shows any other value as sent. Shared by the menu and the configuration explorer.
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
