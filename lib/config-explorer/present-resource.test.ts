import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import type { ConfigCell, RichCell } from "./config-cell";
import { configCsv } from "./config-csv";
import { lastModifiedQuery } from "./last-modified-query";
import { nameLookups, presentResource } from "./present-resource";
import {
  EXPLORER_RESOURCES,
  isExplorerResource,
  RESOURCE_INFO,
  type ExplorerResource,
} from "./resource-catalog";
import { RESOURCE_SPECS } from "./resource-columns";
import { EXPLORER_RESOURCE_NAMES, isUnknownResourcePage } from "./resource-names";

const rich = (cell: ConfigCell | undefined) => cell as RichCell;

describe("resource catalog", () => {
  it("offers the 23 lists and tip withholding, each with a title and columns", () => {
    expect(EXPLORER_RESOURCES).toHaveLength(24);
    for (const r of EXPLORER_RESOURCES) {
      expect(RESOURCE_INFO[r].title).not.toBe("");
      expect(RESOURCE_SPECS[r].columns.length).toBeGreaterThan(0);
    }
    expect(isExplorerResource("taxRates")).toBe(true);
    expect(isExplorerResource("tipWithholding")).toBe(true);
    expect(isExplorerResource("employees")).toBe(false);
    expect(isExplorerResource("constructor")).toBe(false);
  });

  it("keeps the proxy's plain list of names equal to the catalogue", () => {
    expect([...EXPLORER_RESOURCE_NAMES]).toEqual([...EXPLORER_RESOURCES]);
  });

  it("recognises a config page with an unknown resource, and only that", () => {
    expect(isUnknownResourcePage("/restaurants/abc/config/employees")).toBe(true);
    expect(isUnknownResourcePage("/restaurants/abc/config/%E0%A4%A")).toBe(true);
    expect(isUnknownResourcePage("/restaurants/abc/config/taxRates")).toBe(false);
    expect(isUnknownResourcePage("/restaurants/abc/config/tipWithholding/")).toBe(false);
    expect(isUnknownResourcePage("/restaurants/abc/config")).toBe(false);
    expect(isUnknownResourcePage("/restaurants/abc/menu")).toBe(false);
  });
});

describe("presentResource", () => {
  const revenueCenters = [{ guid: "rc1", entityType: "RevenueCenter", name: "Dining room" }];
  const serviceAreas = [
    {
      guid: "sa1",
      entityType: "ServiceArea",
      name: "Patio",
      serviceAreaType: "ON_PREMISES",
      revenueCenter: { guid: "rc1", entityType: "RevenueCenter" },
    },
  ];

  it("resolves a table's service area and revenue center to names and flags what is missing", () => {
    const lookups = nameLookups({ serviceAreas, revenueCenters });
    const table = presentResource(
      "tables",
      [
        {
          guid: "t1",
          entityType: "Table",
          name: "T1",
          serviceArea: { guid: "sa1", entityType: "ServiceArea" },
          revenueCenter: { guid: "rc1", entityType: "RevenueCenter" },
        },
        {
          guid: "t2",
          entityType: "Table",
          name: "T2",
          serviceArea: { guid: "gone", entityType: "ServiceArea" },
        },
      ],
      lookups,
    );
    expect(table.columns.map((c) => c.label)).toEqual(["Name", "Service area", "Revenue center", "GUID"]);
    expect(table.rows[0]!.cells.serviceArea).toBe("Patio");
    expect(table.rows[0]!.cells.revenueCenter).toBe("Dining room");
    expect(table.rows[1]!.cells.serviceArea).toEqual({ text: "Not found (gone)", missing: true });
    expect(table.rows[1]!.cells.revenueCenter).toBeNull();
  });

  it("shows the guid of a reference whose resource was not loaded", () => {
    const table = presentResource(
      "cashDrawers",
      [{ guid: "cd1", entityType: "CashDrawer", printer: { guid: "p9", entityType: "Printer" } }],
      {},
    );
    expect(table.rows[0]!.cells.printer).toEqual({ text: "p9", mono: true });
    const resolved = presentResource(
      "cashDrawers",
      [{ guid: "cd1", entityType: "CashDrawer", printer: { guid: "p9", entityType: "Printer" } }],
      nameLookups({ printers: [{ guid: "p9", name: "Bar printer" }] }),
    );
    expect(resolved.rows[0]!.cells.printer).toBe("Bar printer");
  });

  it("formats tax rates as percentages of fractions, fixed taxes as money, and nested tables readably", () => {
    const table = presentResource(
      "taxRates",
      [
        {
          guid: "tx1",
          entityType: "TaxRate",
          name: "State",
          type: "PERCENT",
          rate: 0.0625,
          roundingType: "HALF_EVEN",
          isDefault: true,
          taxTable: [],
          conditionalTaxRates: [{ condition: "TAKE_OUT", rate: 0.07 }],
        },
        { guid: "tx2", entityType: "TaxRate", name: "Bottle", type: "FIXED", rate: 0.05 },
        {
          guid: "tx3",
          entityType: "TaxRate",
          name: "Meals",
          type: "TABLE",
          taxTable: [
            { start: 0, end: 0.1, tax: 0, pattern: false },
            { start: 0.11, end: 0.24, tax: 0.01, pattern: true },
          ],
        },
      ],
      {},
    );
    const [state, bottle, meals] = table.rows;
    expect(state!.cells.rate).toEqual({ text: "6.25%", sort: 0.0625 });
    expect(state!.cells.type).toBe("Percent");
    expect(state!.cells.roundingType).toBe("Half even (banker's rounding)");
    expect(state!.cells.isDefault).toBe("Yes");
    expect(state!.cells.taxTable).toBeNull();
    expect(rich(state!.cells.conditionalTaxRates).table).toEqual({
      columns: ["Condition", "Rate"],
      rows: [["TAKE_OUT", "7%"]],
    });
    expect(bottle!.cells.rate).toEqual({ text: "$0.05", sort: 0.05 });
    expect(rich(meals!.cells.taxTable).table!.rows).toEqual([
      ["$0.00", "$0.10", "$0.00", "No"],
      ["$0.11", "$0.24", "$0.01", "Yes"],
    ]);
    expect(rich(meals!.cells.taxTable).text).toBe(
      "From: $0.00, To: $0.10, Tax: $0.00, Pattern: No; From: $0.11, To: $0.24, Tax: $0.01, Pattern: Yes",
    );
  });

  it("shows a service charge's criteria, taxes and enums in words", () => {
    const table = presentResource(
      "serviceCharges",
      [
        {
          guid: "sc1",
          entityType: "ServiceCharge",
          name: "Large party",
          amountType: "PERCENT",
          percent: 18,
          serviceChargeCalculation: "PRE_DISCOUNT",
          destination: "PLATFORM",
          gratuity: true,
          criteria: {
            minCheckAmount: 100,
            maxCheckAmount: null,
            dineIn: true,
            takeout: false,
            delivery: false,
            minDeliveryDistance: null,
          },
          applicableTaxes: [
            { guid: "tx1", entityType: "TaxRate", name: "State", type: "PERCENT", rate: 0.0625 },
            { guid: "tx9", entityType: "TaxRate" },
          ],
        },
      ],
      nameLookups({ taxRates: [{ guid: "tx1", name: "State" }] }),
    );
    const cells = table.rows[0]!.cells;
    expect(cells.percent).toEqual({ text: "18%", sort: 18, number: 18 });
    expect(cells.amountType).toBe("Percent of check");
    expect(cells.serviceChargeCalculation).toBe("Before discounts");
    // The operator's own name, which the contract leaves unspelled, is kept as sent.
    expect(cells.destination).toBe("PLATFORM (platform operator)");
    expect(rich(cells.criteria).fields).toEqual([
      { label: "Orders", value: "Dine in" },
      { label: "Check", value: "$100.00 or more" },
      { label: "Delivery distance", value: "Any" },
    ]);
    expect(rich(cells.criteria).text).toBe("Orders: Dine in; Check: $100.00 or more; Delivery distance: Any");
    expect(rich(cells.applicableTaxes).list).toEqual([
      { text: "State (6.25%)" },
      { text: "Not found (tx9)", missing: true },
    ]);
  });

  it("lists a discount's promo codes and adds a column for fields no spec knows", () => {
    const table = presentResource(
      "discounts",
      [
        {
          guid: "d1",
          entityType: "Discount",
          name: "Ten off",
          type: "PERCENT",
          percentage: 10,
          promoCodes: [
            { guid: "pc", entityType: "PromoCode", code: "TEN", name: "Ten", usageType: "MULTI_USE" },
          ],
          channel: { guid: "x", entityType: "Channel", name: "Online" },
        },
      ],
      {},
    );
    expect(rich(table.rows[0]!.cells.promoCodes).table!.rows).toEqual([["TEN", "Ten", "Many times"]]);
    expect(table.columns.at(-1)).toEqual({ key: "field:channel", label: "Channel" });
    expect(table.rows[0]!.cells["field:channel"]).toBe("Online");
    expect(table.columns.some((c) => c.label === "Entity type")).toBe(false);
  });

  it("writes a CSV with the table's headers and one row per entity, flattening nested cells", () => {
    const table = presentResource(
      "serviceAreas",
      [
        ...serviceAreas,
        { guid: "sa2", entityType: "ServiceArea", name: "=Bar", serviceAreaType: "OFF_PREMISES" },
      ],
      nameLookups({ revenueCenters }),
    );
    const lines = configCsv(table).trim().split("\r\n");
    expect(lines).toEqual([
      "name,type,revenue_center,guid",
      "Patio,On premises,Dining room,sa1",
      "'=Bar,Off premises,,sa2",
    ]);
  });

  it("reads a check range and the order types a charge applies to", () => {
    const table = presentResource(
      "serviceCharges",
      [
        {
          guid: "a",
          entityType: "ServiceCharge",
          criteria: {
            minCheckAmount: 15,
            maxCheckAmount: 250,
            minDeliveryDistance: 0.5,
            dineIn: false,
            takeout: true,
            delivery: true,
          },
        },
        {
          guid: "b",
          entityType: "ServiceCharge",
          criteria: { minCheckAmount: 0, maxCheckAmount: 40, dineIn: false, takeout: false, delivery: false },
        },
      ],
      {},
    );
    expect(rich(table.rows[0]!.cells.criteria).fields).toEqual([
      { label: "Orders", value: "Take out, Delivery" },
      { label: "Check", value: "$15.00 to $250.00" },
      { label: "Delivery distance", value: "0.5 or more" },
    ]);
    expect(rich(table.rows[1]!.cells.criteria).fields!.slice(0, 2)).toEqual([
      { label: "Orders", value: "None" },
      { label: "Check", value: "up to $40.00" },
    ]);
  });

  it("shows every enumerated value the contract does not name exactly as sent, and known ones in words", () => {
    const cases: [ExplorerResource, Record<string, unknown>, Record<string, string>][] = [
      ["diningOptions", { behavior: "CATERING" }, { behavior: "CATERING" }],
      [
        "discounts",
        { type: "PERCENT_PER_ITEM", selectionType: "COMBO", itemPickingPriority: "constructor" },
        { type: "PERCENT_PER_ITEM", selectionType: "COMBO", itemPickingPriority: "constructor" },
      ],
      [
        "menus",
        { unitOfMeasure: "EACH", orderableOnline: "SOMETIMES", visibility: "KIOSK_ONLY" },
        { unitOfMeasure: "EACH", orderableOnline: "SOMETIMES", visibility: "KIOSK_ONLY" },
      ],
      ["menuGroups", { unitOfMeasure: "DOZEN" }, { unitOfMeasure: "DOZEN" }],
      [
        "menuItems",
        { type: "GIFT_CARD", unitOfMeasure: "FL_OZ" },
        { type: "GIFT_CARD", unitOfMeasure: "Fluid ounces (fl oz)" },
      ],
      ["preModifiers", { displayMode: "INFIX" }, { displayMode: "INFIX" }],
      ["serviceAreas", { serviceAreaType: "CURBSIDE" }, { serviceAreaType: "CURBSIDE" }],
      [
        "serviceCharges",
        { amountType: "TIERED", serviceChargeCalculation: "POST_TAX", destination: "DELIVERY_PARTNER" },
        { amountType: "TIERED", serviceChargeCalculation: "POST_TAX", destination: "DELIVERY_PARTNER" },
      ],
      [
        "taxRates",
        { type: "COMPOUND", roundingType: "HALF_DOWN" },
        { type: "COMPOUND", roundingType: "HALF_DOWN" },
      ],
    ];
    for (const [resource, fields, expected] of cases) {
      const table = presentResource(resource, [{ guid: "g1", entityType: "X", ...fields }], {});
      for (const [key, text] of Object.entries(expected))
        expect(table.rows[0]!.cells[key], `${resource}.${key}`).toBe(text);
      // Nothing unknown spills into an extra column: the value sits in its own column.
      expect(
        table.columns.filter((c) => c.key.startsWith("field:")),
        resource,
      ).toEqual([]);
    }
  });

  it("shows an unknown promo usage as sent, and the rate of an unknown tax type as the number sent", () => {
    const discounts = presentResource(
      "discounts",
      [
        {
          guid: "d1",
          entityType: "Discount",
          promoCodes: [{ guid: "pc", entityType: "PromoCode", code: "HI", usageType: "SINGLE_USE_EMAIL" }],
        },
      ],
      {},
    );
    expect(rich(discounts.rows[0]!.cells.promoCodes).table!.rows).toEqual([["HI", "—", "SINGLE_USE_EMAIL"]]);
    const taxes = presentResource(
      "taxRates",
      [{ guid: "t1", entityType: "TaxRate", type: "COMPOUND", rate: 0.0625 }],
      {},
    );
    expect(taxes.rows[0]!.cells.rate).toEqual({ text: "0.0625", sort: 0.0625 });
  });

  it("writes numbers as numbers in the CSV, where the table shows them formatted", () => {
    const table = presentResource(
      "discounts",
      [{ guid: "d1", entityType: "Discount", name: "Staff", amount: 1250.5, percentage: 12.5 }],
      {},
    );
    expect(rich(table.rows[0]!.cells.amount).text).toBe("$1,250.50");
    const [header, row] = parse(configCsv(table)) as string[][];
    expect(row![header!.indexOf("amount")]).toBe("1250.5");
    expect(row![header!.indexOf("percentage")]).toBe("12.5");
  });

  it("writes unknown values verbatim in the CSV", () => {
    const table = presentResource(
      "diningOptions",
      [
        { guid: "do1", entityType: "DiningOption", name: "Catering pickup", behavior: "CATERING" },
        { guid: "do2", entityType: "DiningOption", name: "Patio", behavior: "DINE_IN" },
      ],
      {},
    );
    expect(configCsv(table).trim().split("\r\n")).toEqual([
      "name,behavior,curbside,drive_thru,external_id,guid",
      "Catering pickup,CATERING,,,,do1",
      "Patio,Dine in,,,,do2",
    ]);
  });

  it("notes the withheld share is not applied when withholding is off", () => {
    const table = presentResource(
      "tipWithholding",
      [{ guid: "tw", entityType: "TipWithholding", enabled: false, percentage: 3 }],
      {},
    );
    expect(table.rows[0]!.cells.enabled).toBe("No");
    expect(rich(table.rows[0]!.cells.percentage).text).toBe("3% (not applied)");
  });
});

describe("lastModifiedQuery", () => {
  const parse = (lastModified?: string) =>
    lastModifiedQuery.safeParse(lastModified === undefined ? {} : { lastModified });

  it("accepts instants with Z or an offset and treats empty or absent as no filter", () => {
    expect(parse("2024-05-01T09:30:00.000Z").data).toEqual({
      lastModified: new Date("2024-05-01T09:30:00.000Z"),
    });
    expect(parse("2024-05-01T09:30:00.000+02:00").data).toEqual({
      lastModified: new Date("2024-05-01T07:30:00.000Z"),
    });
    expect(parse("").data).toEqual({ lastModified: null });
    expect(parse().data).toEqual({ lastModified: null });
  });

  it.each([
    "yesterday",
    "2024-05-01",
    "2024-05-01T09:30",
    "2024-13-01T09:30:00Z",
    "2024-05-01T09:30:00 02:00",
  ])("refuses %s", (raw) => {
    const result = parse(raw);
    expect(result.success).toBe(false);
    // One issue at the root, whose message names the parameter: the API's 400 says it verbatim.
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[], "lastModified must be an ISO-8601 date-time with a zone, such as 2024-05-01T09:30:00.000Z"],
    ]);
  });
});
