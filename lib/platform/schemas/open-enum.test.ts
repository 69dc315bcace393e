import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";

import {
  configResources,
  DISCOUNT_TYPES,
  EXPO_ROUTINGS,
  prepStation,
  PRINTING_MODES,
  UNITS_OF_MEASURE,
  type MenuItem,
  type PrepStation,
} from "./index";
import { isKnownValue, knownEntry, openEnum, type OpenEnum } from "./open-enum";

describe("openEnum", () => {
  const mode = openEnum(["ON", "OFFLINE_ONLY"]);

  it("accepts the known values and any other string, verbatim", () => {
    expect(mode.parse("ON")).toBe("ON");
    expect(mode.parse("KDS_ONLY")).toBe("KDS_ONLY");
    expect(mode.parse("on")).toBe("on");
    expect(mode.parse("")).toBe("");
  });

  it("still refuses a value that is not a string", () => {
    expect(mode.safeParse(1).success).toBe(false);
    expect(mode.safeParse(null).success).toBe(false);
    expect(mode.nullish().parse(null)).toBeNull();
  });

  it("keeps the known literals in the type and lets any other string through", () => {
    expectTypeOf<z.infer<typeof mode>>().toEqualTypeOf<OpenEnum<"ON" | "OFFLINE_ONLY">>();
    expectTypeOf<"KDS_ONLY">().toExtend<z.infer<typeof mode>>();
    expectTypeOf<"ON">().toExtend<z.infer<typeof mode>>();
  });
});

describe("knownEntry and isKnownValue", () => {
  const words = { ON: "Always prints", OFFLINE_ONLY: "Offline only" } as const;

  it("finds known values and nothing else, not even Object.prototype's properties", () => {
    expect(knownEntry(words, "ON")).toBe("Always prints");
    expect(knownEntry(words, "KDS_ONLY")).toBeUndefined();
    expect(knownEntry(words, "constructor")).toBeUndefined();
    expect(knownEntry(words, "__proto__")).toBeUndefined();
    expectTypeOf(knownEntry(words, "x")).toEqualTypeOf<"Always prints" | "Offline only" | undefined>();
  });

  it("narrows to the known values", () => {
    expect(isKnownValue(PRINTING_MODES, "ON")).toBe(true);
    expect(isKnownValue(PRINTING_MODES, "KDS_ONLY")).toBe(false);
    expect(isKnownValue(PRINTING_MODES, null)).toBe(false);
  });
});

describe("the contract's schemas", () => {
  it("keep the published lists exported (the sandbox generates from them)", () => {
    expect(UNITS_OF_MEASURE).toHaveLength(14);
    expect(EXPO_ROUTINGS).toEqual(["SEND_TO_EXPO", "EXPO_ONLY", "SKIP_EXPO"]);
    expect(DISCOUNT_TYPES).toContain("FIXED_TOTAL");
  });

  it("accept a prep station with values added since the published version, unchanged", () => {
    const raw = {
      guid: "s1",
      entityType: "PrepStation",
      printingMode: "KDS_ONLY",
      expoRouting: "EXPO_WHEN_READY",
      includeWithExpediter: true,
    };
    expect(prepStation.parse(raw)).toEqual(raw);
    expectTypeOf<PrepStation["printingMode"]>().toEqualTypeOf<
      OpenEnum<"ON" | "OFFLINE_ONLY"> | null | undefined
    >();
  });

  it("accept every enumerated configuration field with a new value, unchanged", () => {
    const cases: [keyof typeof configResources, Record<string, unknown>][] = [
      ["menus", { unitOfMeasure: "EACH", orderableOnline: "SOMETIMES", visibility: "KIOSK_ONLY" }],
      ["menuGroups", { unitOfMeasure: "EACH", orderableOnline: "SOMETIMES", visibility: "KIOSK_ONLY" }],
      [
        "menuItems",
        { type: "GIFT_CARD", unitOfMeasure: "EACH", orderableOnline: "SOMETIMES", visibility: "KIOSK_ONLY" },
      ],
      ["diningOptions", { behavior: "CATERING" }],
      [
        "discounts",
        {
          type: "PERCENT_PER_ITEM",
          selectionType: "COMBO",
          itemPickingPriority: "RANDOM",
          promoCodes: [{ guid: "pc", entityType: "PromoCode", usageType: "SINGLE_USE_EMAIL" }],
        },
      ],
      ["preModifiers", { displayMode: "INFIX" }],
      ["serviceAreas", { serviceAreaType: "CURBSIDE" }],
      [
        "serviceCharges",
        { amountType: "TIERED", serviceChargeCalculation: "POST_TAX", destination: "DRIVER" },
      ],
      ["taxRates", { type: "COMPOUND", roundingType: "HALF_DOWN" }],
    ];
    for (const [resource, fields] of cases) {
      const raw = { guid: "g", entityType: configResources[resource].entity, ...fields };
      expect(configResources[resource].schema.parse(raw), resource).toEqual(raw);
    }
    expectTypeOf<"PORTION">().toExtend<NonNullable<MenuItem["type"]>>();
  });
});
