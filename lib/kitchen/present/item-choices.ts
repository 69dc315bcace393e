import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import type { MenuModel } from "@/lib/menu/menu-model";

/**
 * The item picker's choices: every menu item placed in a group of the restaurant's menu (the
 * dishes, not the modifiers), named with its group so two "Soup of the day" can be told apart,
 * and the items the kitchen summary names that the menu no longer lists (sold in the range, then
 * removed). Sorted by name.
 */
export interface ItemChoice {
  guid: string;
  name: string;
  /** Where it sits ("Pizzas"), or "not on the menu now". */
  detail: string;
}

export function itemChoices(
  menu: MenuModel | undefined,
  summary: Pick<KitchenSummary, "items"> | undefined,
): ItemChoice[] {
  const choices = new Map<string, ItemChoice>();
  for (const group of Object.values(menu?.groups ?? {})) {
    for (const guid of group.items ?? []) {
      const item = menu!.items[guid];
      if (!item) continue;
      const known = choices.get(guid);
      if (known) {
        if (!known.detail.split(", ").includes(group.name)) known.detail = `${known.detail}, ${group.name}`;
      } else {
        choices.set(guid, { guid, name: item.name, detail: group.name });
      }
    }
  }
  for (const i of summary?.items ?? []) {
    if (i.itemGuid && !choices.has(i.itemGuid))
      choices.set(i.itemGuid, {
        guid: i.itemGuid,
        name: i.itemName ?? i.itemGuid,
        detail: "not on the menu now",
      });
  }
  return [...choices.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.detail.localeCompare(b.detail),
  );
}

/** The choices whose name (or group, or GUID) holds every word typed, case and accents ignored. */
export function matchingChoices(choices: readonly ItemChoice[], text: string): ItemChoice[] {
  // Nothing typed: no folding (its Unicode-property pattern is costly to build the first time).
  if (!text.trim()) return [...choices];
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = fold(text).split(/\s+/).filter(Boolean);
  return choices.filter((c) => {
    const hay = fold(`${c.name} ${c.detail} ${c.guid}`);
    return words.every((w) => hay.includes(w));
  });
}
