import { knownEntry } from "@/lib/platform/schemas/open-enum";
import { ITEM_TYPE_WORDS, UNIT_WORDS } from "@/lib/vocabulary/menu-enum-words";

/** The configuration API's enumerations (2.8) in words a manager reads. */
export const ENUM_WORDS = {
  behavior: { DINE_IN: "Dine in", TAKE_OUT: "Take out", DELIVERY: "Delivery" },
  discountType: {
    PERCENT: "Percent off",
    FIXED: "Amount off",
    OPEN_PERCENT: "Open percent (entered at sale)",
    OPEN_FIXED: "Open amount (entered at sale)",
    BOGO: "Buy one, get one",
    FIXED_TOTAL: "Fixed total (combo)",
  },
  selectionType: { CHECK: "Whole check", ITEM: "Single item", BOGO: "Buy one, get one" },
  itemPickingPriority: {
    FIRST: "First item",
    LEAST_EXPENSIVE: "Least expensive item",
    MOST_EXPENSIVE: "Most expensive item",
  },
  promoUsage: {
    SINGLE_USE_PHONE: "Once per phone number",
    SINGLE_USE_UNIQUE_CODE: "Once per unique code",
    MULTI_USE: "Many times",
  },
  orderableOnline: { YES: "Yes", NO: "No" },
  visibility: { ALL: "Everywhere", POS_ONLY: "POS only", NONE: "Hidden" },
  unitOfMeasure: UNIT_WORDS,
  itemType: ITEM_TYPE_WORDS,
  displayMode: { PREFIX: "Before the modifier", SUFFIX: "After the modifier" },
  serviceAreaType: { ON_PREMISES: "On premises", OFF_PREMISES: "Off premises" },
  amountType: { FIXED: "Fixed amount", PERCENT: "Percent of check", OPEN: "Open (entered at sale)" },
  serviceChargeCalculation: { PRE_DISCOUNT: "Before discounts", POST_DISCOUNT: "After discounts" },
  destination: { RESTAURANT: "Restaurant", SERVER: "Server", THIRD_PARTY: "Third party" },
  taxType: {
    PERCENT: "Percent",
    FIXED: "Fixed amount",
    TABLE: "Tax table",
    NONE: "No tax",
    EXTERNAL: "Calculated externally",
  },
  roundingType: {
    HALF_UP: "Half up",
    HALF_EVEN: "Half even (banker's rounding)",
    ALWAYS_UP: "Always up",
    ALWAYS_DOWN: "Always down",
  },
} as const satisfies Record<string, Record<string, string>>;

export type EnumName = keyof typeof ENUM_WORDS;

/**
 * A value in words. A value the contract does not name (the service adds values without notice)
 * is shown exactly as sent, so a manager can match it with what the POS shows and the CSV keeps
 * it. The one value of destination the contract leaves unspelled is the operator's own name in
 * upper case (2.8); it is kept as sent too, with who that is.
 */
export function enumWords(name: EnumName, value: string): string {
  const words = knownEntry<string, string>(ENUM_WORDS[name], value);
  if (words !== undefined) return words;
  return name === "destination" && /^[A-Z][A-Z0-9]*$/.test(value) ? `${value} (platform operator)` : value;
}
