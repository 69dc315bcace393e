import { describe, expect, it } from "vitest";

import { groupEntity, itemEntity, menuEntity, refs, sampleSources } from "@/test/fixtures/menu-sources";

import { buildMenuModel } from "./build-menu-model";
import { resolveOptionGroups, resolvePreModifierGroups, resolveUnitOfMeasure } from "./inheritance";

const steaks = { menu: "m1", path: ["g-mains", "g-grill", "g-steaks"] };
const mains = { menu: "m1", path: ["g-mains"] };

describe("resolveOptionGroups", () => {
  const model = buildMenuModel(sampleSources());

  it("lists the item's own groups, then each inheriting ancestor's, stopping at the first that does not inherit", () => {
    const groups = resolveOptionGroups(model, "i-ribeye", steaks);
    expect(groups.map((g) => [g.guid, g.source.name, g.inherited])).toEqual([
      ["og-sauce", "Ribeye", false],
      // Steaks has no groups of its own but inherits from Grill...
      ["og-grill", "Grill", true],
      // ...and Grill inherits from Mains, which does not inherit further.
      ["og-mains", "Mains", true],
    ]);
  });

  it("resolves a reused item differently in each placement", () => {
    expect(resolveOptionGroups(model, "i-fries", mains).map((g) => g.guid)).toEqual(["og-mains"]);
    expect(resolveOptionGroups(model, "i-fries", steaks).map((g) => g.guid)).toEqual([
      "og-grill",
      "og-mains",
    ]);
  });

  it("inherits nothing when the item does not inherit, or has no placement", () => {
    const sources = sampleSources();
    sources.menuItems[0] = { ...sources.menuItems[0]!, inheritOptionGroups: false };
    expect(resolveOptionGroups(buildMenuModel(sources), "i-ribeye", steaks).map((g) => g.guid)).toEqual([
      "og-sauce",
    ]);
    expect(resolveOptionGroups(model, "i-ribeye", null).map((g) => g.guid)).toEqual(["og-sauce"]);
  });

  it("stops at a group in the middle that does not inherit", () => {
    const sources = sampleSources();
    sources.menuGroups[1] = { ...sources.menuGroups[1]!, inheritOptionGroups: false };
    expect(resolveOptionGroups(buildMenuModel(sources), "i-ribeye", steaks).map((g) => g.guid)).toEqual([
      "og-sauce",
      "og-grill",
    ]);
  });

  it("reaches the menu's groups when every group inherits, and lists a repeated group once at its nearest level", () => {
    const sources = sampleSources();
    sources.menus[0] = {
      ...sources.menus[0]!,
      optionGroups: refs(["og-heat", "og-sauce"], "MenuOptionGroup"),
    } as (typeof sources.menus)[0];
    sources.menuGroups[0] = { ...sources.menuGroups[0]!, inheritOptionGroups: true };
    const groups = resolveOptionGroups(buildMenuModel(sources), "i-ribeye", steaks);
    expect(groups.map((g) => [g.guid, g.source.kind])).toEqual([
      ["og-sauce", "item"],
      ["og-grill", "group"],
      ["og-mains", "group"],
      ["og-heat", "menu"],
    ]);
  });
});

describe("resolveUnitOfMeasure", () => {
  const model = buildMenuModel(sampleSources());

  it("takes the unit of the nearest group that does not inherit", () => {
    expect(resolveUnitOfMeasure(model, "i-ribeye", steaks)).toMatchObject({
      unit: "OZ",
      inherited: true,
      source: { kind: "group", name: "Steaks" },
    });
  });

  it("reaches the menu when every group on the way inherits", () => {
    expect(resolveUnitOfMeasure(model, "i-fries", mains)).toMatchObject({
      unit: "LB",
      inherited: true,
      source: { kind: "menu", name: "Dinner" },
    });
  });

  it("defaults the menu's unit to NONE", () => {
    const sources = sampleSources();
    sources.menus[0] = { ...sources.menus[0]!, unitOfMeasure: null };
    expect(resolveUnitOfMeasure(buildMenuModel(sources), "i-fries", mains)).toMatchObject({
      unit: "NONE",
      source: { kind: "menu" },
    });
  });

  it("keeps the item's own unit when it does not inherit, ignoring the group's", () => {
    const model2 = buildMenuModel({
      ...sampleSources(),
      menus: [menuEntity("m1", "Dinner", { unitOfMeasure: "LB", groups: refs(["g"]) })],
      menuGroups: [groupEntity("g", "G", { items: refs(["a", "b"], "MenuItem"), unitOfMeasure: "KG" })],
      menuItems: [
        itemEntity("a", "A", { unitOfMeasure: "G", inheritUnitOfMeasure: false }),
        itemEntity("b", "B", { unitOfMeasure: "G", inheritUnitOfMeasure: true }),
      ],
    });
    expect(resolveUnitOfMeasure(model2, "a", { menu: "m1", path: ["g"] })).toMatchObject({
      unit: "G",
      inherited: false,
    });
    // The group's unit counts because the group does not inherit; the item's own "G" is irrelevant.
    expect(resolveUnitOfMeasure(model2, "b", { menu: "m1", path: ["g"] })).toMatchObject({
      unit: "KG",
      inherited: true,
    });
  });
});

describe("resolvePreModifierGroups", () => {
  it("applies the default pre-modifier group to modifier groups with options, unless one names its own", () => {
    const sources = sampleSources();
    expect(resolvePreModifierGroups(buildMenuModel(sources), ["og-sauce", "og-mains"])).toEqual(["pmg-1"]);
    sources.menuOptionGroups[2] = {
      ...sources.menuOptionGroups[2]!,
      preModifierGroup: { guid: "pmg-2", entityType: "PreModifierGroup" },
    } as (typeof sources.menuOptionGroups)[2];
    expect(resolvePreModifierGroups(buildMenuModel(sources), ["og-sauce", "og-mains"])).toEqual([
      "pmg-2",
      "pmg-1",
    ]);
  });
});
