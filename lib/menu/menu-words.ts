import type { InheritanceSource } from "./inheritance";
import type { PreModifierNode } from "./menu-model";

/** Menu settings in words; the enumerations' words (units, item types) are in lib/vocabulary. */

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
  return source.kind === "menu"
    ? `menu ${source.name}`
    : source.kind === "group"
      ? `group ${source.name}`
      : source.name;
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
