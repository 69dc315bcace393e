import { describe, expect, it } from "vitest";

import type { MenuGroup, MenuItem, PrepStation } from "@/lib/platform/schemas";
import type { ServiceWeek } from "@/lib/restaurants/schedule";

import { configChanges, fingerprintConfig, type ConfigRead } from "./config-fingerprint";

const station = (guid: string, name: string, extra: Partial<PrepStation> = {}): PrepStation => ({
  guid,
  entityType: "PrepStation",
  name,
  printingMode: "ON",
  expoRouting: "SEND_TO_EXPO",
  includeWithExpediter: true,
  connectedPrepStations: [],
  kitchenPrinter: { guid: `printer-${guid}`, entityType: "Printer" },
  ...extra,
});
const item = (guid: string, name: string) => ({ guid, entityType: "MenuItem", name }) as MenuItem;
const group = (guid: string, items: string[]) =>
  ({
    guid,
    entityType: "MenuGroup",
    items: items.map((g) => ({ guid: g, entityType: "MenuItem" })),
  }) as MenuGroup;
const dinner = { name: "Dinner", startMinutes: 17 * 60, endMinutes: 22 * 60, overnight: false };
const week = (friday = [dinner]): ServiceWeek => ({
  monday: [dinner],
  tuesday: [dinner],
  wednesday: [dinner],
  thursday: [dinner],
  friday,
  saturday: [dinner],
  sunday: [],
});

const base: ConfigRead = {
  stations: [station("g", "Grill"), station("f", "Fry")],
  menuItems: [item("i1", "Burger"), item("i2", "Fries")],
  menuGroups: [group("mains", ["i1"]), group("sides", ["i2"])],
  serviceWeek: week(),
};
const changesFrom = (after: Partial<ConfigRead>) =>
  configChanges(fingerprintConfig(base), fingerprintConfig({ ...base, ...after }));

describe("the configuration's fingerprints and the changes between two reads", () => {
  it("find nothing when nothing changed, whatever the order the lists came in", () => {
    const reordered = {
      ...base,
      stations: [...base.stations].reverse(),
      menuItems: [...base.menuItems].reverse(),
    };
    expect(fingerprintConfig(reordered)).toEqual(fingerprintConfig(base));
    expect(configChanges(fingerprintConfig(base), fingerprintConfig(reordered))).toEqual([]);
  });

  it("tell a station's routing change from its renaming, and name the station", () => {
    const routed = changesFrom({
      stations: [
        station("g", "Grill", { connectedPrepStations: [{ guid: "f", entityType: "PrepStation" }] }),
        station("f", "Fry"),
      ],
    });
    expect(routed).toEqual([{ part: "routing", key: "g", text: "Routing of prep station “Grill” changed" }]);
    const renamed = changesFrom({ stations: [station("g", "Grill & Plancha"), station("f", "Fry")] });
    expect(renamed).toEqual([
      { part: "prep-station", key: "g", text: "Prep station “Grill” renamed “Grill & Plancha”" },
    ]);
    const expo = changesFrom({
      stations: [station("g", "Grill", { expoRouting: "SKIP_EXPO" }), station("f", "Fry")],
    });
    expect(expo.map((c) => c.part)).toEqual(["routing"]);
  });

  it("say a station added or removed once, as a station, not again as routing", () => {
    const added = changesFrom({ stations: [...base.stations, station("p", "Pizza")] });
    expect(added).toEqual([{ part: "prep-station", key: "p", text: "Prep station “Pizza” added" }]);
    const removed = changesFrom({ stations: [station("g", "Grill")] });
    expect(removed).toEqual([{ part: "prep-station", key: "f", text: "Prep station “Fry” removed" }]);
  });

  it("sum the menu's changes in one marker: items added, removed, renamed or moved", () => {
    const menu = changesFrom({
      menuItems: [item("i1", "Smash Burger"), item("i3", "Onion Rings")],
      menuGroups: [group("mains", ["i1"]), group("sides", ["i3"])],
    });
    expect(menu).toEqual([
      {
        part: "menu",
        key: "*",
        text: "Menu items: 1 added (“Onion Rings”); 1 removed (“Fries”); 1 renamed or moved (“Smash Burger”)",
      },
    ]);
    const moved = changesFrom({ menuGroups: [group("mains", ["i1", "i2"]), group("sides", [])] });
    expect(moved[0]!.text).toBe("Menu items: 1 renamed or moved (“Fries”)");
  });

  it("name the weekdays whose services changed, and read an unread schedule as no change", () => {
    const later = { ...dinner, endMinutes: 23 * 60 };
    expect(changesFrom({ serviceWeek: week([later]) })).toEqual([
      { part: "schedule", key: "*", text: "Schedule changed: Friday" },
    ]);
    expect(changesFrom({ serviceWeek: null })).toEqual([]);
  });

  it("keep a long menu change within a note's 280 characters", () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      item(`n${i}`, `A dish with a rather long name number ${i}`),
    );
    const [change] = changesFrom({ menuItems: [...base.menuItems, ...many] });
    expect(change!.text.length).toBeLessThanOrEqual(280);
    expect(change!.text).toMatch(/^Menu items: 400 added \(“A dish/);
    expect(change!.text).toMatch(/and 397 more\)$/);
  });
});
