import type { Menu, MenuGroup, MenuItem, MenuOptionGroup, PreModifier, PreModifierGroup } from "@/lib/platform/schemas";
import type { MenuSources } from "./build-menu-model";

/** Small hand-built menu lists for the menu unit tests. */
const ref = (guid: string, entityType = "MenuGroup") => ({ guid, entityType });

export function menuEntity(guid: string, name: string, extra: Partial<Menu> = {}): Menu {
  return { guid, entityType: "Menu", name, groups: [], ...extra };
}
export function groupEntity(guid: string, name: string, extra: Partial<MenuGroup> = {}): MenuGroup {
  return { guid, entityType: "MenuGroup", name, items: [], subgroups: [], optionGroups: [], ...extra };
}
export function itemEntity(guid: string, name: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { guid, entityType: "MenuItem", name, optionGroups: [], ...extra };
}
export function optionGroupEntity(guid: string, name: string, options: string[], extra: Partial<MenuOptionGroup> = {}): MenuOptionGroup {
  return { guid, entityType: "MenuOptionGroup", name, options: options.map((o) => ref(o, "MenuItem")), ...extra };
}
export const refs = (guids: string[], entityType = "MenuGroup") => guids.map((g) => ref(g, entityType));

/**
 * Dinner (unit LB) > Mains (ogMains, no inheritance, unit inherited from the menu)
 *   > Grill (ogGrill, inherits groups and unit) > Steaks (inherits groups, own unit OZ)
 * Items: ribeye in Steaks (inherits everything, own ogSteakSauce); fries in Mains and in Steaks.
 */
export type MutableSources = { -readonly [K in keyof MenuSources]: MenuSources[K] extends readonly (infer T)[] ? T[] : never };

export function sampleSources(): MutableSources {
  const menus = [menuEntity("m1", "Dinner", { unitOfMeasure: "LB", groups: refs(["g-mains"]) })];
  const menuGroups: MenuGroup[] = [
    groupEntity("g-mains", "Mains", {
      menu: ref("m1", "Menu"),
      subgroups: refs(["g-grill"]),
      items: refs(["i-fries"], "MenuItem"),
      optionGroups: refs(["og-mains"], "MenuOptionGroup"),
      inheritOptionGroups: false,
      inheritUnitOfMeasure: true,
    }),
    groupEntity("g-grill", "Grill", {
      menu: ref("m1", "Menu"),
      parent: ref("g-mains"),
      subgroups: refs(["g-steaks"]),
      optionGroups: refs(["og-grill"], "MenuOptionGroup"),
      inheritOptionGroups: true,
      inheritUnitOfMeasure: true,
    }),
    groupEntity("g-steaks", "Steaks", {
      menu: ref("m1", "Menu"),
      parent: ref("g-grill"),
      items: refs(["i-ribeye", "i-fries"], "MenuItem"),
      inheritOptionGroups: true,
      unitOfMeasure: "OZ",
      inheritUnitOfMeasure: false,
    }),
  ];
  const menuItems: MenuItem[] = [
    itemEntity("i-ribeye", "Ribeye", {
      sku: "RIB-1",
      calories: 900,
      type: "NONE",
      optionGroups: refs(["og-sauce"], "MenuOptionGroup"),
      inheritOptionGroups: true,
      inheritUnitOfMeasure: true,
    }),
    itemEntity("i-fries", "Frites", { inheritOptionGroups: true, inheritUnitOfMeasure: true }),
    itemEntity("i-pepper", "Pepper sauce", { optionGroups: refs(["og-heat"], "MenuOptionGroup") }),
    itemEntity("i-mild", "Mild"),
    itemEntity("i-salt", "Salt"),
  ];
  const menuOptionGroups: MenuOptionGroup[] = [
    optionGroupEntity("og-mains", "Sides", ["i-salt"], { minSelections: 0, maxSelections: 2 }),
    optionGroupEntity("og-grill", "Temperature", ["i-salt"], { minSelections: 1, maxSelections: 1 }),
    optionGroupEntity("og-sauce", "Sauce", ["i-pepper"], { minSelections: 0, maxSelections: 1 }),
    optionGroupEntity("og-heat", "Heat", ["i-mild"]),
  ];
  const preModifierGroups: PreModifierGroup[] = [
    { guid: "pmg-1", entityType: "PreModifierGroup", name: "Standard", isDefault: true },
    { guid: "pmg-2", entityType: "PreModifierGroup", name: "Bar", isDefault: false },
  ];
  const preModifiers: PreModifier[] = [
    { guid: "pm-extra", entityType: "PreModifier", name: "Extra", parent: ref("pmg-1", "PreModifierGroup"), scalePrice: true, scaleFactor: 2, displayMode: "PREFIX" },
    { guid: "pm-side", entityType: "PreModifier", name: "On the side", parent: ref("pmg-1", "PreModifierGroup"), scalePrice: false, basePrice: 0, displayMode: "SUFFIX" },
    { guid: "pm-lost", entityType: "PreModifier", name: "Lost", parent: ref("pmg-gone", "PreModifierGroup") },
  ];
  return { menus, menuGroups, menuItems, menuOptionGroups, preModifierGroups, preModifiers };
}
