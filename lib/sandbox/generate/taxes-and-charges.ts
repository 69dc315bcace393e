import type { ServiceCharge, TaxRate } from "@/lib/platform/schemas";

import type { Versioned } from "./context";
import type { Scope } from "./scope";

/** Combined sales tax on restaurant meals by state (the world's restaurants are all in the US). */
const SALES_TAX: Record<string, { name: string; rate: number; local: { name: string; rate: number } }> = {
  MA: { name: "MA Sales Tax", rate: 0.0625, local: { name: "Local Meals Tax", rate: 0.0075 } },
  CA: { name: "CA Sales Tax", rate: 0.1025, local: { name: "Tourism District Fee", rate: 0.01 } },
  IL: { name: "IL Sales Tax", rate: 0.1025, local: { name: "Chicago Restaurant Tax", rate: 0.005 } },
  WA: { name: "WA Sales Tax", rate: 0.1035, local: { name: "Local Option Tax", rate: 0.005 } },
};
const DEFAULT_TAX = { name: "Sales Tax", rate: 0.07, local: { name: "Local Meals Tax", rate: 0.01 } };

/** A bracket table: the first rows are one-off ranges, the rest a repeating pattern (2.8 TaxTableRow.pattern). */
const BRACKETS = [
  [0.0, 0.1, 0.0, false],
  [0.11, 0.24, 0.01, false],
  [0.25, 0.41, 0.02, true],
  [0.42, 0.58, 0.03, true],
  [0.59, 0.74, 0.04, true],
  [0.75, 0.91, 0.05, true],
  [0.92, 1.08, 0.06, true],
] as const;

export function generateTaxRates(scope: Scope): Versioned<TaxRate>[] {
  const state = SALES_TAX[scope.ctx.restaurant.stateCode] ?? DEFAULT_TAX;
  const base = (key: string, name: string) => ({
    guid: scope.guid("TaxRate", key),
    entityType: "TaxRate",
    name,
  });
  const rates: TaxRate[] = [
    {
      ...base("sales", state.name),
      isDefault: true,
      rate: state.rate,
      type: "PERCENT",
      roundingType: "HALF_UP",
      taxTable: [],
      // Marketplaces collect the tax themselves on their deliveries.
      conditionalTaxRates: [{ condition: "Dining option is Third-Party Delivery", rate: 0 }],
    },
    {
      ...base("local", state.local.name),
      isDefault: false,
      rate: state.local.rate,
      type: "PERCENT",
      roundingType: "HALF_EVEN",
      taxTable: [],
      conditionalTaxRates: [
        { condition: "Dining option is Take Out", rate: state.local.rate / 2 },
        { condition: "Dining option is Curbside Pickup", rate: state.local.rate / 2 },
      ],
    },
    {
      ...base("deposit", "Bottle Deposit"),
      isDefault: false,
      rate: 0.05,
      type: "FIXED",
      roundingType: null,
      taxTable: [],
      conditionalTaxRates: [],
    },
    {
      ...base("bracket", "Bracket Tax (Legacy)"),
      isDefault: false,
      rate: null,
      type: "TABLE",
      roundingType: null,
      taxTable: BRACKETS.map(([start, end, tax, pattern]) => ({ start, end, tax, pattern })),
      conditionalTaxRates: [],
    },
    {
      ...base("exempt", "Tax Exempt"),
      isDefault: false,
      rate: null,
      type: "NONE",
      roundingType: null,
      taxTable: [],
      conditionalTaxRates: [],
    },
    {
      ...base("external", "Marketplace Facilitator Tax"),
      isDefault: false,
      rate: null,
      type: "EXTERNAL",
      roundingType: null,
      taxTable: [],
      conditionalTaxRates: [],
    },
  ];
  return rates.map((r) => scope.versioned(r));
}

const noCriteria = {
  minCheckAmount: 0,
  delivery: false,
  maxCheckAmount: null,
  minDeliveryDistance: null,
  takeout: false,
  dineIn: false,
};

/** Service charges of every amountType and destination; destination names the operator as the brand in upper case. */
export function generateServiceCharges(
  scope: Scope,
  taxRates: readonly Versioned<TaxRate>[],
): Versioned<ServiceCharge>[] {
  const [sales, local] = taxRates.map((t) => t.entity);
  const operator = scope.ctx.brand.toUpperCase();
  type ChargeFields = Pick<
    ServiceCharge,
    | "amountType"
    | "amount"
    | "percent"
    | "criteria"
    | "gratuity"
    | "taxable"
    | "applicableTaxes"
    | "serviceChargeCalculation"
    | "destination"
  >;
  const charge = (code: string, name: string, fields: ChargeFields): ServiceCharge => ({
    guid: scope.guid("ServiceCharge", code),
    entityType: "ServiceCharge",
    externalId: `POS:SC-${code}`,
    name,
    taxInclusive: false,
    taxProrated: false,
    ...fields,
  });
  const charges: ServiceCharge[] = [
    charge("GRAT20", "Large Party Gratuity (20%)", {
      amountType: "PERCENT",
      amount: null,
      percent: 20,
      criteria: { ...noCriteria, minCheckAmount: 150, dineIn: true },
      gratuity: true,
      taxable: false,
      applicableTaxes: [],
      serviceChargeCalculation: "PRE_DISCOUNT",
      destination: "SERVER",
    }),
    charge("KITCHEN3", "Kitchen Appreciation (3%)", {
      amountType: "PERCENT",
      amount: null,
      percent: 3,
      criteria: { ...noCriteria, dineIn: true, takeout: true, delivery: true },
      gratuity: false,
      taxable: true,
      applicableTaxes: sales ? [sales] : [],
      serviceChargeCalculation: "POST_DISCOUNT",
      destination: "RESTAURANT",
    }),
    charge("DELIVERY", "Delivery Fee", {
      amountType: "FIXED",
      amount: 4.99,
      percent: null,
      criteria: {
        ...noCriteria,
        minCheckAmount: 15,
        delivery: true,
        maxCheckAmount: 250,
        minDeliveryDistance: 0.5,
      },
      gratuity: false,
      taxable: true,
      applicableTaxes: [sales, local].filter((t): t is TaxRate => t !== undefined),
      serviceChargeCalculation: null,
      destination: "RESTAURANT",
    }),
    charge("ONLINE", "Online Ordering Fee", {
      amountType: "FIXED",
      amount: 0.99,
      percent: null,
      criteria: { ...noCriteria, takeout: true, delivery: true },
      gratuity: false,
      taxable: false,
      applicableTaxes: [],
      serviceChargeCalculation: null,
      destination: operator,
    }),
    charge("MARKETPLACE", "Marketplace Service Fee", {
      amountType: "FIXED",
      amount: 2,
      percent: null,
      criteria: { ...noCriteria, delivery: true },
      gratuity: false,
      taxable: false,
      applicableTaxes: [],
      serviceChargeCalculation: null,
      destination: "THIRD_PARTY",
    }),
    charge("EVENT", "Private Event Fee", {
      amountType: "OPEN",
      amount: null,
      percent: null,
      criteria: { ...noCriteria, dineIn: true },
      gratuity: false,
      taxable: true,
      applicableTaxes: sales ? [sales] : [],
      serviceChargeCalculation: null,
      destination: "RESTAURANT",
    }),
  ];
  return charges.map((c) => scope.versioned(c));
}
