import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { cellText } from "@/lib/config-explorer/config-cell";
import { configCsv } from "@/lib/config-explorer/config-csv";
import { loadExplorerTable } from "@/lib/config-explorer/load-explorer";
import { resolveUnitOfMeasure } from "@/lib/menu/inheritance";
import { loadMenuModel } from "@/lib/menu/load-menu";
import { menuItemsCsv } from "@/lib/menu/menu-csv";
import { preModifierWords } from "@/lib/menu/menu-words";
import { createPlatformClient } from "@/lib/platform";
import { loadStationsReport } from "@/lib/stations/load-stations";
import { stationsCsv } from "@/lib/stations/stations-csv";
import { itemTypeWords, unitWords } from "@/lib/vocabulary/menu-enum-words";

import {
  startFixtureServer,
  type FixtureReply,
  type FixtureRequest,
  type FixtureRoute,
  type FixtureServer,
} from "../contract-fixtures/fixture-server";
import { setAppEnv } from "../support/app-env";
import { contractLoginBody } from "../support/login-body";

/**
 * Enum values the published definitions do not list, as the real service sends them once it
 * adds values (the configuration API's unitOfMeasure grew from 5 to 14 between versions): bodies
 * in test/contract-fixtures/config carry a new value in each of the seventeen enumerated fields,
 * over paged lists. The real client reads them over HTTP, and the stations, menu and
 * configuration pages' own loaders and presenters turn them into what the pages and CSVs show.
 * Nothing may be rejected, and every such value must come out exactly as sent.
 */

const FIXTURES = path.join(__dirname, "../contract-fixtures/config");
const body = (file: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8"));
const RESTAURANT = "3b7e9a10-52c4-4d1e-9f6a-0c8d2e4b6a71";
const HEADER = "platform-restaurant-external-id";
const NEXT = "Platform-Next-Page-Token";

/** A JWT whose payload carries the scopes (2.3); the signature is the service's business, not ours. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.c2lnbmF0dXJl`;
}

const loginBody = contractLoginBody(
  jwt({
    sub: "enum-fixture@clients",
    scope: "kitchen:read config:read restaurants:read",
    exp: Math.floor(Date.now() / 1000) + 86400,
  }),
);

/** A list endpoint: the restaurant header is required (4.3), and pages follow the next-page token (4.5). */
function list(...pages: string[]): FixtureRoute {
  return (request: FixtureRequest): FixtureReply => {
    if (request.headers[HEADER] !== RESTAURANT)
      return {
        status: 400,
        body: { status: 400, code: 10400, message: "Platform-Restaurant-External-ID is required" },
      };
    const index = Number(request.query.get("pageToken") ?? "0");
    const file = pages[index];
    if (file === undefined)
      return { status: 400, body: { status: 400, code: 10401, message: "bad page token" } };
    return { body: body(file), headers: index + 1 < pages.length ? { [NEXT]: String(index + 1) } : {} };
  };
}

const CONFIG_LISTS: Record<string, string[]> = {
  printers: ["printers.json"],
  menus: ["menus.json"],
  menuGroups: ["menu-groups.json"],
  menuItems: ["menu-items-page-1.json", "menu-items-page-2.json"],
  menuOptionGroups: ["menu-option-groups.json"],
  preModifierGroups: ["pre-modifier-groups.json"],
  preModifiers: ["pre-modifiers.json"],
  diningOptions: ["dining-options.json"],
  discounts: ["discounts.json"],
  serviceAreas: ["service-areas.json"],
  serviceCharges: ["service-charges.json"],
  taxRates: ["tax-rates.json"],
  revenueCenters: [],
};

const VARS = ["PLATFORM_BRAND", "DATABASE_URL"] as const;
let restoreEnv: (() => void) | undefined;
let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer({
    "POST /authentication/v1/authentication/login": () => ({ body: loginBody }),
    "GET /kitchen/v1/published/prepStations": list("prep-stations-page-1.json", "prep-stations-page-2.json"),
    // An empty list is a page too: references to it stay as guids.
    "GET /config/v2/revenueCenters": () => ({ body: [] }),
  });
  for (const [resource, files] of Object.entries(CONFIG_LISTS))
    if (files.length) server.route(`GET /config/v2/${resource}`, list(...files));
  // The app's own client (lib/platform-wiring/platform-client.ts) reads its target from the environment.
  restoreEnv = setAppEnv(VARS, {
    PLATFORM_BASE_URL: server.url,
    PLATFORM_CLIENT_ID: "enum-fixture",
    PLATFORM_CLIENT_SECRET: "fixture-secret",
  });
});

afterAll(async () => {
  restoreEnv?.();
  await server?.close();
});

describe("the real client over pages with enum values the contract does not list", () => {
  it("rejects nothing and keeps every value exactly as sent, every page followed", async () => {
    const client = createPlatformClient({
      baseUrl: server.url,
      clientId: "enum-fixture",
      clientSecret: "fixture-secret",
    });
    const stations = await client.kitchen.prepStations(RESTAURANT);
    expect(stations).toEqual([
      ...(body("prep-stations-page-1.json") as object[]),
      ...(body("prep-stations-page-2.json") as object[]),
    ]);
    for (const [resource, files] of Object.entries(CONFIG_LISTS)) {
      const sent = files.flatMap((file) => body(file) as object[]);
      expect(
        await client.config.list(resource as Parameters<typeof client.config.list>[0], RESTAURANT),
        resource,
      ).toEqual(sent);
    }
    expect(server.count("/config/v2/menuItems")).toBe(2);
  });
});

describe("the pages' loaders and presenters", () => {
  it("stations: the report keeps the new printing mode and routing, places the lanes, warns, and writes them in the CSV", async () => {
    const report = await loadStationsReport(RESTAURANT);
    const byName = Object.fromEntries(report.stations.map((s) => [s.name, s]));
    expect(byName.Wok).toMatchObject({
      printingMode: "KDS_ONLY",
      printingModeLabel: "KDS_ONLY",
      effectiveExpoRouting: "SEND_TO_EXPO",
    });
    expect(byName["Noodle Line"]).toMatchObject({
      expoRouting: "HOLD_AT_EXPO",
      expoRoutingLabel: "HOLD_AT_EXPO",
      effectiveExpoRouting: "SEND_TO_EXPO",
    });
    expect(byName.Dumplings).toMatchObject({
      expoRouting: "HOLD_AT_EXPO",
      effectiveExpoRouting: "SKIP_EXPO",
      printingModeLabel: "Prints only when the display is offline",
    });
    expect(report.expediter.sendToExpo.map((s) => s.name)).toEqual(["Noodle Line", "Wok"]);
    // Expo watches the line: the expediter lane, not "station only".
    expect(report.expediter.skipExpo.map((s) => s.name)).toEqual(["Dumplings"]);
    expect(report.expediter.expediters.map((s) => s.name)).toEqual(["Expo"]);
    const hotLine = report.printers.find((p) => p.name === "Hot Line Printer")!;
    expect(hotLine.otherModes.map((s) => [s.name, s.printingMode])).toEqual([["Wok", "KDS_ONLY"]]);
    expect(report.warnings.filter((w) => w.kind === "unknown-value").map((w) => w.message)).toEqual([
      "Dumplings: expediter routing “HOLD_AT_EXPO” is not one this app knows; it is placed as “Station only (skips the expediter)” because “include with expediter” is off.",
      "Noodle Line: expediter routing “HOLD_AT_EXPO” is not one this app knows; it is placed as “Station and expediter” because “include with expediter” is on.",
      "Wok: printing mode “KDS_ONLY” is not one this app knows; it is shown as sent.",
    ]);
    const csv = stationsCsv(report);
    expect(csv).toContain(",KDS_ONLY,KDS_ONLY,SEND_TO_EXPO,Station and expediter,");
    expect(csv).toContain(",ON,Always prints,HOLD_AT_EXPO,HOLD_AT_EXPO,");
  });

  it("menu: the model keeps the new unit, item type and display mode, inheritance resolves through them, and items.csv shows them", async () => {
    const model = await loadMenuModel(RESTAURANT);
    const item = (name: string) => Object.values(model.items).find((i) => i.name === name)!;
    const group = Object.values(model.groups)[0]!;
    expect(group.unit).toBe("EACH");
    expect(item("Gift Card $25").type).toBe("GIFT_CARD");
    expect(itemTypeWords(item("Gift Card $25").type!)).toBe("GIFT_CARD");
    const placement = { menu: model.menus[0]!.guid, path: [group.guid] };
    const ramen = resolveUnitOfMeasure(model, item("Tonkotsu Ramen").guid, placement);
    expect(ramen).toMatchObject({
      unit: "EACH",
      inherited: true,
      source: { kind: "group", name: "Noodles & Dumplings" },
    });
    expect(unitWords(ramen.unit)).toBe("EACH");
    expect(resolveUnitOfMeasure(model, item("Gyoza").guid, placement)).toMatchObject({
      unit: "PIECE",
      inherited: false,
    });
    expect(preModifierWords(model.preModifierGroups[0]!.preModifiers[0]!)).toBe(
      "display mode INLINE, price ×2",
    );

    const [header, ...rows] = menuItemsCsv(model).trim().split("\r\n");
    const columns = header!.split(",");
    const csv = Object.fromEntries(
      rows.map((row) => row.split(",")).map((cells) => [cells[columns.indexOf("item")], cells]),
    );
    const cell = (name: string, column: string) => csv[name]![columns.indexOf(column)];
    expect(cell("Tonkotsu Ramen", "unit_of_measure")).toBe("EACH");
    expect(cell("Gyoza", "unit_of_measure")).toBe("PIECE");
    expect(cell("Gift Card $25", "type")).toBe("GIFT_CARD");
  });

  it("configuration: every new value is shown as sent, in the table and the CSV, and known neighbours keep their words", async () => {
    // Resource, the row's name, and its cells as the page shows them.
    const expected: [Parameters<typeof loadExplorerTable>[1], string, Record<string, string>][] = [
      ["menus", "All Day", { visibility: "KIOSK_ONLY", orderableOnline: "Yes" }],
      [
        "menuGroups",
        "Noodles & Dumplings",
        { orderableOnline: "SCHEDULED", unitOfMeasure: "EACH", visibility: "Everywhere" },
      ],
      ["menuItems", "Gift Card $25", { type: "GIFT_CARD", unitOfMeasure: "Not measured" }],
      ["menuItems", "Gyoza", { type: "Standard item", unitOfMeasure: "PIECE" }],
      ["preModifiers", "Extra", { displayMode: "INLINE" }],
      ["diningOptions", "Catering", { behavior: "CATERING" }],
      ["diningOptions", "Dine In", { behavior: "Dine in" }],
      [
        "discounts",
        "Ramen Night",
        {
          type: "FIXED_PRICE",
          selectionType: "COMBO",
          itemPickingPriority: "HIGHEST_MARGIN",
          promoCodes: "Code: SLURP, Name: Ramen Night (SLURP), Usage: SINGLE_USE_EMAIL",
        },
      ],
      ["serviceAreas", "Pickup Lane", { serviceAreaType: "CURBSIDE" }],
      [
        "serviceCharges",
        "Event Service",
        {
          amountType: "TIERED",
          serviceChargeCalculation: "POST_TAX",
          destination: "DELIVERY_PARTNER",
          applicableTaxes: "City + County (0.1025)",
        },
      ],
      // The meaning of an unknown tax type's rate is unknown: the number is shown as sent.
      ["taxRates", "City + County", { type: "COMPOUND", roundingType: "HALF_DOWN", rate: "0.1025" }],
    ];
    for (const [resource, name, cells] of expected) {
      const table = await loadExplorerTable(RESTAURANT, resource, null);
      const row = table.rows.find((r) => cellText(r.cells.name) === name)!;
      expect(row, `${resource} ${name}`).toBeDefined();
      for (const [key, text] of Object.entries(cells))
        expect(cellText(row.cells[key]), `${resource} ${name} ${key}`).toBe(text);
      const csv = configCsv(table);
      for (const text of Object.values(cells)) expect(csv, resource).toContain(text);
    }
    // Both pages of items, none dropped.
    expect((await loadExplorerTable(RESTAURANT, "menuItems", null)).rows).toHaveLength(4);
  });
});
