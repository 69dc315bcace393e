import "server-only";

import { readConfigList } from "@/lib/config-reads/config-reads";
import { cachedRead } from "@/lib/config-reads/read-cache";

import { buildMenuModel } from "./build-menu-model";
import type { MenuModel } from "./menu-model";

/** The restaurant's menu model from the six menu lists, built once per cache period. */
export function loadMenuModel(restaurantGuid: string): Promise<MenuModel> {
  return cachedRead(restaurantGuid, "model:menu", async () => {
    const [menus, menuGroups, menuItems, menuOptionGroups, preModifierGroups, preModifiers] =
      await Promise.all([
        readConfigList(restaurantGuid, "menus"),
        readConfigList(restaurantGuid, "menuGroups"),
        readConfigList(restaurantGuid, "menuItems"),
        readConfigList(restaurantGuid, "menuOptionGroups"),
        readConfigList(restaurantGuid, "preModifierGroups"),
        readConfigList(restaurantGuid, "preModifiers"),
      ]);
    return buildMenuModel({
      menus,
      menuGroups,
      menuItems,
      menuOptionGroups,
      preModifierGroups,
      preModifiers,
    });
  });
}
