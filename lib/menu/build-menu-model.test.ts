import { describe, expect, it } from "vitest";

import { itemTypeWords, unitWords } from "@/lib/vocabulary/menu-enum-words";
import { groupEntity, itemEntity, menuEntity, refs, sampleSources } from "@/test/fixtures/menu-sources";

import { buildMenuModel } from "./build-menu-model";
import { resolveUnitOfMeasure } from "./inheritance";
import { menuItemsCsv } from "./menu-csv";
import { itemPlacements, placementLabel } from "./menu-placements";
import { buildSearchIndex, searchMenu } from "./menu-search";
import { preModifierWords } from "./menu-words";

describe("buildMenuModel", () => {
  it("normalizes the lists into a tree with counts per menu and group", () => {
    const model = buildMenuModel(sampleSources());
    expect(model.menus.map((m) => [m.name, m.itemCount])).toEqual([["Dinner", 3]]);
    expect(model.groups["g-mains"]).toMatchObject({
      itemCount: 3,
      groups: ["g-grill"],
      items: ["i-fries"],
      optionGroups: ["og-mains"],
      inheritUnit: true,
    });
    expect(model.groups["g-steaks"]).toMatchObject({ itemCount: 2, unit: "OZ" });
    expect(model.groups["g-steaks"]!.inheritUnit).toBeUndefined();
    expect(model.counts).toEqual({
      menus: 1,
      groups: 3,
      items: 2,
      placements: 3,
      optionGroups: 4,
      modifiers: 3,
      preModifiers: 3,
    });
    expect(model.optionGroups["og-grill"]).toEqual({
      guid: "og-grill",
      name: "Temperature",
      options: ["i-salt"],
      min: 1,
      max: 1,
    });
  });

  it("groups pre-modifiers under their parent and keeps orphans visible", () => {
    const model = buildMenuModel(sampleSources());
    expect(model.preModifierGroups.map((g) => [g.name, g.preModifiers.map((p) => p.name)])).toEqual([
      ["Standard", ["Extra", "On the side"]],
      ["Bar", []],
      ["Pre-modifiers without a group", ["Lost"]],
    ]);
    expect(model.missing).toContainEqual({
      from: { kind: "preModifier", guid: "pm-lost", name: "Lost" },
      field: "parent",
      guid: "pmg-gone",
    });
  });

  it("drops and reports references to entities the API did not return", () => {
    const sources = sampleSources();
    sources.menuGroups[2] = { ...sources.menuGroups[2]!, items: refs(["i-ribeye", "i-ghost"], "MenuItem") };
    const model = buildMenuModel(sources);
    expect(model.groups["g-steaks"]!.items).toEqual(["i-ribeye"]);
    expect(model.missing).toContainEqual({
      from: { kind: "group", guid: "g-steaks", name: "Steaks" },
      field: "items",
      guid: "i-ghost",
    });
  });

  it("attaches a group whose parent does not list it, and survives a subgroup cycle", () => {
    const model = buildMenuModel({
      ...sampleSources(),
      menus: [menuEntity("m", "M", { groups: refs(["a"]) })],
      menuGroups: [
        groupEntity("a", "A", { subgroups: refs(["b"]), items: refs(["x"], "MenuItem") }),
        groupEntity("b", "B", { subgroups: refs(["a"]), items: refs(["y"], "MenuItem") }),
        groupEntity("c", "C", {
          parent: { guid: "b", entityType: "MenuGroup" },
          items: refs(["x"], "MenuItem"),
        }),
      ],
      menuItems: [itemEntity("x", "X"), itemEntity("y", "Y")],
    });
    expect(model.groups.b!.groups).toEqual(["a", "c"]);
    const placements = [...itemPlacements(model)].map((p) => placementLabel(model, p, p.item));
    expect(placements).toEqual(["M > A > X", "M > A > B > Y", "M > A > B > C > X"]);
    expect(model.counts.placements).toBe(3);
  });
});

describe("menu search", () => {
  const model = buildMenuModel(sampleSources());
  const index = buildSearchIndex(model);

  it("finds every placement of an item, accent- and case-insensitively, with its path", () => {
    const result = searchMenu(index, "FRITES");
    expect(result.total).toBe(2);
    expect(result.matches.map((m) => m.where)).toEqual(["Dinner > Mains", "Dinner > Mains > Grill > Steaks"]);
    expect(searchMenu(index, "ribéye").matches.map((m) => m.name)).toEqual(["Ribeye"]);
  });

  it("requires every word, puts prefix matches first and caps the list", () => {
    expect(searchMenu(index, "eye rib").total).toBe(1);
    expect(searchMenu(index, "e").matches.map((m) => m.name)).toEqual(["Frites", "Frites", "Ribeye"]);
    expect(searchMenu(index, "e", 1)).toMatchObject({ total: 3, matches: [{ name: "Frites" }] });
    expect(searchMenu(index, "   ").total).toBe(0);
  });
});

describe("menuItemsCsv", () => {
  it("writes one row per placement with the full path and resolved inheritance", () => {
    const lines = menuItemsCsv(buildMenuModel(sampleSources())).trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      "path,menu,group,item,item_guid,type,sku,plu,calories,unit_of_measure,unit_source,own_modifier_groups,inherited_modifier_groups,images",
    );
    const ribeye = lines.find((l) => l.startsWith("Dinner > Mains > Grill > Steaks > Ribeye"))!;
    expect(ribeye).toContain(
      "Ounces (oz),Inherited from group Steaks,Sauce,Temperature (from Grill); Sides (from Mains)",
    );
  });
});

describe("values the contract does not name", () => {
  // A unit and an item type added after the published list, and a new pre-modifier display mode.
  const withFutureValues = () => {
    const sources = sampleSources();
    sources.menus[0]!.unitOfMeasure = "EACH";
    const steaks = sources.menuGroups.find((g) => g.guid === "g-steaks")!;
    steaks.unitOfMeasure = "PORTION_6OZ";
    const ribeye = sources.menuItems.find((i) => i.guid === "i-ribeye")!;
    ribeye.type = "GIFT_CARD";
    sources.preModifiers[0]!.displayMode = "INFIX";
    return sources;
  };

  it("keeps them in the model verbatim and resolves inheritance through them", () => {
    const model = buildMenuModel(withFutureValues());
    expect(model.menus[0]!.unit).toBe("EACH");
    expect(model.items["i-ribeye"]!.type).toBe("GIFT_CARD");
    expect(model.preModifierGroups[0]!.preModifiers[0]!.displayMode).toBe("INFIX");
    const steaks = { menu: "m1", path: ["g-mains", "g-grill", "g-steaks"] };
    expect(resolveUnitOfMeasure(model, "i-ribeye", steaks)).toMatchObject({
      unit: "PORTION_6OZ",
      inherited: true,
      source: { kind: "group", name: "Steaks" },
    });
    expect(resolveUnitOfMeasure(model, "i-fries", { menu: "m1", path: ["g-mains"] })).toMatchObject({
      unit: "EACH",
      source: { kind: "menu" },
    });
  });

  it("shows them as sent in words and keeps the known ones' words", () => {
    expect(unitWords("EACH")).toBe("EACH");
    expect(unitWords("constructor")).toBe("constructor");
    expect(unitWords("FL_OZ")).toBe("Fluid ounces (fl oz)");
    expect(itemTypeWords("GIFT_CARD")).toBe("GIFT_CARD");
    expect(itemTypeWords("OPEN_ITEM")).toBe("Open item (price entered at sale)");
    const model = buildMenuModel(withFutureValues());
    expect(preModifierWords(model.preModifierGroups[0]!.preModifiers[0]!)).toBe(
      "display mode INFIX, price ×2",
    );
    expect(preModifierWords(model.preModifierGroups[0]!.preModifiers[1]!)).toBe(
      "shown after the modifier, adds $0.00",
    );
  });

  it("writes them verbatim in items.csv", () => {
    const lines = menuItemsCsv(buildMenuModel(withFutureValues())).trim().split("\r\n");
    const header = lines[0]!.split(",");
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(",").map((v, i) => [header[i], v])));
    const ribeye = rows.find((r) => r.item === "Ribeye")!;
    expect(ribeye).toMatchObject({
      type: "GIFT_CARD",
      unit_of_measure: "PORTION_6OZ",
      unit_source: "Inherited from group Steaks",
    });
    expect(rows.find((r) => r.item === "Frites" && r.group === "Mains")).toMatchObject({
      unit_of_measure: "EACH",
      unit_source: "Inherited from menu Dinner",
    });
  });
});
