import { toCsv, type CsvColumn } from "@/lib/csv/csv";
import { itemTypeWords, unitWords } from "@/lib/vocabulary/menu-enum-words";

import { resolveOptionGroups, resolveUnitOfMeasure } from "./inheritance";
import type { MenuModel } from "./menu-model";
import { itemPlacements, placementLabel, type ItemPlacement } from "./menu-placements";

interface ItemRow {
  placement: ItemPlacement;
  path: string;
  ownGroups: string;
  inheritedGroups: string;
  unit: string;
  unitSource: string;
}

/** One row per placement: an item in two groups is two rows, each with its own inheritance. */
export function menuItemsCsv(model: MenuModel): string {
  const optionGroupName = (guid: string) => model.optionGroups[guid]?.name ?? guid;
  const rows: ItemRow[] = [];
  for (const placement of itemPlacements(model)) {
    const groups = resolveOptionGroups(model, placement.item, placement);
    const unit = resolveUnitOfMeasure(model, placement.item, placement);
    rows.push({
      placement,
      path: placementLabel(model, placement, placement.item),
      ownGroups: groups
        .filter((g) => !g.inherited)
        .map((g) => optionGroupName(g.guid))
        .join("; "),
      inheritedGroups: groups
        .filter((g) => g.inherited)
        .map((g) => `${optionGroupName(g.guid)} (from ${g.source.name})`)
        .join("; "),
      unit: unitWords(unit.unit),
      unitSource: unit.inherited ? `Inherited from ${unit.source.kind} ${unit.source.name}` : "Own setting",
    });
  }
  const item = (r: ItemRow) => model.items[r.placement.item]!;
  const columns: CsvColumn<ItemRow>[] = [
    { header: "path", value: (r) => r.path },
    { header: "menu", value: (r) => model.menus.find((m) => m.guid === r.placement.menu)?.name ?? "" },
    { header: "group", value: (r) => model.groups[r.placement.path.at(-1)!]?.name ?? "" },
    { header: "item", value: (r) => item(r).name },
    { header: "item_guid", value: (r) => r.placement.item },
    { header: "type", value: (r) => (item(r).type ? itemTypeWords(item(r).type!) : "") },
    { header: "sku", value: (r) => item(r).sku ?? "" },
    { header: "plu", value: (r) => item(r).plu ?? "" },
    { header: "calories", value: (r) => item(r).calories },
    { header: "unit_of_measure", value: (r) => r.unit },
    { header: "unit_source", value: (r) => r.unitSource },
    { header: "own_modifier_groups", value: (r) => r.ownGroups },
    { header: "inherited_modifier_groups", value: (r) => r.inheritedGroups },
    { header: "images", value: (r) => (item(r).images ?? []).join(" ") },
  ];
  return toCsv(columns, rows);
}
