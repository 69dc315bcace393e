import { isKnownValue, TAX_TYPES, type ConfigResource } from "@/lib/platform/schemas";

import type { ConfigCell, ListEntry, RichCell } from "./config-cell";
import { enumWords, type EnumName } from "./enum-words";
import {
  formatDurationMinutes,
  formatFraction,
  formatMoney,
  formatNumber,
  formatPercent,
  yesNo,
} from "./format";
import type { ExplorerResource } from "./resource-catalog";

/**
 * The columns of each resource: which fields, in what order, in what words. Each column reads
 * one or more fields of the entity (`keys`), so fields no column reads can be found and shown
 * too (the service adds fields without notice, and the explorer promises every field).
 */
export type Entity = Record<string, unknown> & { guid: string };

/** Names of the entities of a loaded resource; a resource absent from the map was not loaded. */
export type NameLookups = Partial<Record<ConfigResource, ReadonlyMap<string, string>>>;

export interface ColumnSpec {
  key: string;
  label: string;
  keys: string[];
  align?: "right";
  cell: (entity: Entity, lookups: NameLookups) => ConfigCell;
}

export interface ResourceSpec {
  columns: ColumnSpec[];
  /** Resources whose names this one's references resolve to. */
  references: ConfigResource[];
}

type Ref = { guid: string };
const isRef = (v: unknown): v is Ref => !!v && typeof v === "object" && typeof (v as Ref).guid === "string";
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

// --- column builders -------------------------------------------------------------------------

const text = (key: string, label: string): ColumnSpec => ({
  key,
  label,
  keys: [key],
  cell: (e) => str(e[key]),
});

const code = (key: string, label: string): ColumnSpec => ({
  key,
  label,
  keys: [key],
  cell: (e) => {
    const v = str(e[key]);
    return v ? { text: v, mono: true } : null;
  },
});

const guid = (): ColumnSpec => code("guid", "GUID");
const externalId = (): ColumnSpec => code("externalId", "External ID");
const name = (): ColumnSpec => text("name", "Name");

const flag = (key: string, label: string, words?: { yes: string; no: string }): ColumnSpec => ({
  key,
  label,
  keys: [key],
  cell: (e) => {
    const v = bool(e[key]);
    if (v === null) return null;
    return words ? (v ? words.yes : words.no) : yesNo(v);
  },
});

/** A number column. `asNumber` false keeps the CSV in words where the unit is in the words ("1 h 30 min"). */
const numeric = (key: string, label: string, format: (n: number) => string, asNumber = true): ColumnSpec => ({
  key,
  label,
  keys: [key],
  align: "right",
  cell: (e) => {
    const v = num(e[key]);
    if (v === null) return null;
    return asNumber ? { text: format(v), sort: v, number: v } : { text: format(v), sort: v };
  },
});

const enumeration = (key: string, label: string, words: EnumName): ColumnSpec => ({
  key,
  label,
  keys: [key],
  cell: (e) => {
    const v = str(e[key]);
    return v ? enumWords(words, v) : null;
  },
});

function resolveName(ref: Ref, target: ConfigResource, lookups: NameLookups): ListEntry {
  const names = lookups[target];
  if (!names) return { text: ref.guid };
  const found = names.get(ref.guid);
  return found === undefined ? { text: `Not found (${ref.guid})`, missing: true } : { text: found };
}

const reference = (key: string, label: string, target: ConfigResource): ColumnSpec => ({
  key,
  label,
  keys: [key],
  cell: (e, lookups) => {
    const v = e[key];
    if (!isRef(v)) return null;
    const entry = resolveName(v, target, lookups);
    return entry.missing
      ? { text: entry.text, missing: true }
      : lookups[target]
        ? entry.text
        : { text: entry.text, mono: true };
  },
});

function listCell(entries: ListEntry[]): ConfigCell {
  if (entries.length === 0) return null;
  return { text: entries.map((e) => e.text).join("; "), list: entries, sort: entries.length };
}

const references = (key: string, label: string, target: ConfigResource): ColumnSpec => ({
  key,
  label,
  keys: [key],
  cell: (e, lookups) =>
    listCell(
      arr(e[key])
        .filter(isRef)
        .map((r) => resolveName(r, target, lookups)),
    ),
});

const images = (): ColumnSpec => ({
  key: "images",
  label: "Images",
  keys: ["images"],
  cell: (e) =>
    listCell(
      arr(e.images)
        .map((i) => (i && typeof i === "object" ? str((i as { url?: unknown }).url) : null))
        .filter((u): u is string => u !== null)
        .map((url) => ({ text: url, href: url })),
    ),
});

function tableCell(columns: string[], rows: string[][]): ConfigCell {
  if (rows.length === 0) return null;
  const flat = rows.map((r) => r.map((v, i) => `${columns[i]}: ${v}`).join(", ")).join("; ");
  return { text: flat, table: { columns, rows }, sort: rows.length };
}

const dash = "—";

// --- resource specs ---------------------------------------------------------------------------

/**
 * A tax rate's rate reads by its type: a fraction for PERCENT, an amount for FIXED. For a type the
 * contract does not name, nobody knows what the number means, so it is shown as sent.
 */
function taxRateText(type: unknown, rate: number): string {
  if (type === "FIXED") return formatMoney(rate);
  if (type == null || isKnownValue(TAX_TYPES, typeof type === "string" ? type : null))
    return formatFraction(rate);
  return formatNumber(rate);
}

/** A menu entity's closing columns: its pictures, the two deprecated flags, its ids. */
const menuEntityEnd = (): ColumnSpec[] => [
  images(),
  enumeration("orderableOnline", "Orderable online (deprecated)", "orderableOnline"),
  enumeration("visibility", "Visibility (deprecated)", "visibility"),
  externalId(),
  guid(),
];

/** What a menu group and a menu item may inherit from above: modifier groups and the unit of measure. */
const inheritableMenuFields = (): ColumnSpec[] => [
  references("optionGroups", "Own modifier groups", "menuOptionGroups"),
  flag("inheritOptionGroups", "Inherits modifier groups"),
  enumeration("unitOfMeasure", "Unit of measure", "unitOfMeasure"),
  flag("inheritUnitOfMeasure", "Inherits unit of measure"),
];

const named = (): ResourceSpec => ({ columns: [name(), guid()], references: [] });

export const RESOURCE_SPECS: Record<ExplorerResource, ResourceSpec> = {
  alternatePaymentTypes: { columns: [name(), externalId(), guid()], references: [] },
  breakTypes: {
    references: [],
    columns: [
      name(),
      flag("active", "Active"),
      flag("paid", "Paid"),
      numeric("duration", "Duration", formatDurationMinutes, false),
      flag("enforceMinimumTime", "Minimum time enforced"),
      flag("trackMissedBreaks", "Tracks missed breaks"),
      {
        key: "breakInterval",
        label: "Break due after",
        keys: ["breakIntervalHrs", "breakIntervalMins"],
        align: "right",
        cell: (e) => {
          const h = num(e.breakIntervalHrs);
          const m = num(e.breakIntervalMins);
          if (h === null && m === null) return null;
          const minutes = (h ?? 0) * 60 + (m ?? 0);
          return { text: formatDurationMinutes(minutes), sort: minutes };
        },
      },
      flag("trackBreakAcknowledgement", "Acknowledgement collected"),
      guid(),
    ],
  },
  cashDrawers: { references: ["printers"], columns: [reference("printer", "Printer", "printers"), guid()] },
  diningOptions: {
    references: [],
    columns: [
      name(),
      enumeration("behavior", "Behavior", "behavior"),
      flag("curbside", "Curbside"),
      flag("driveThru", "Drive-thru"),
      externalId(),
      guid(),
    ],
  },
  discounts: {
    references: [],
    columns: [
      name(),
      flag("active", "Active"),
      enumeration("type", "Type", "discountType"),
      numeric("percentage", "Percentage", formatPercent),
      numeric("amount", "Amount", formatMoney),
      numeric("fixedTotal", "Fixed total", formatMoney),
      enumeration("selectionType", "Applies to", "selectionType"),
      enumeration("itemPickingPriority", "Item picked", "itemPickingPriority"),
      flag("nonExclusive", "Combines with other discounts"),
      {
        key: "promoCodes",
        label: "Promo codes",
        keys: ["promoCodes"],
        cell: (e) =>
          tableCell(
            ["Code", "Name", "Usage"],
            arr(e.promoCodes)
              .filter((p): p is Record<string, unknown> => !!p && typeof p === "object")
              .map((p) => [
                str(p.code) ?? dash,
                str(p.name) ?? dash,
                str(p.usageType) ? enumWords("promoUsage", p.usageType as string) : dash,
              ]),
          ),
      },
      guid(),
    ],
  },
  menuGroups: {
    references: ["menus", "menuGroups", "menuItems", "menuOptionGroups"],
    columns: [
      name(),
      reference("menu", "Menu", "menus"),
      reference("parent", "Parent group", "menuGroups"),
      references("subgroups", "Subgroups", "menuGroups"),
      references("items", "Items", "menuItems"),
      ...inheritableMenuFields(),
      ...menuEntityEnd(),
    ],
  },
  menuItems: {
    references: ["menuOptionGroups"],
    columns: [
      name(),
      enumeration("type", "Type", "itemType"),
      code("sku", "SKU"),
      code("plu", "PLU"),
      numeric("calories", "Calories", formatNumber),
      ...inheritableMenuFields(),
      ...menuEntityEnd(),
    ],
  },
  menuOptionGroups: {
    references: ["menuItems"],
    columns: [
      name(),
      numeric("minSelections", "Minimum selections", formatNumber),
      numeric("maxSelections", "Maximum selections", formatNumber),
      references("options", "Options", "menuItems"),
      externalId(),
      guid(),
    ],
  },
  menus: {
    references: ["menuGroups"],
    columns: [
      name(),
      references("groups", "Groups", "menuGroups"),
      enumeration("unitOfMeasure", "Unit of measure", "unitOfMeasure"),
      ...menuEntityEnd(),
    ],
  },
  preModifiers: {
    references: ["preModifierGroups"],
    columns: [
      name(),
      reference("parent", "Group", "preModifierGroups"),
      enumeration("displayMode", "Shown", "displayMode"),
      flag("scalePrice", "Price rule", {
        yes: "Multiplies the modifier price",
        no: "Adds to the modifier price",
      }),
      {
        key: "basePrice",
        label: "Added price",
        keys: ["basePrice"],
        align: "right",
        cell: (e) => {
          const v = num(e.basePrice);
          if (v === null) return null;
          // 2.8: basePrice is used only when scalePrice is false.
          return { text: e.scalePrice === true ? `${formatMoney(v)} (not used)` : formatMoney(v), sort: v };
        },
      },
      {
        key: "scaleFactor",
        label: "Price multiplier",
        keys: ["scaleFactor"],
        align: "right",
        cell: (e) => {
          const v = num(e.scaleFactor);
          if (v === null) return null;
          return {
            text: e.scalePrice === false ? `×${formatNumber(v)} (not used)` : `×${formatNumber(v)}`,
            sort: v,
          };
        },
      },
      {
        key: "chargeAsExtra",
        label: "Charged as an extra portion",
        keys: ["chargeAsExtra"],
        cell: (e) =>
          e.chargeAsExtra === null
            ? "Not set"
            : bool(e.chargeAsExtra) === null
              ? null
              : yesNo(e.chargeAsExtra as boolean),
      },
      guid(),
    ],
  },
  preModifierGroups: { references: [], columns: [name(), flag("isDefault", "Default group"), guid()] },
  noSaleReasons: named(),
  payoutReasons: named(),
  priceGroups: named(),
  printers: named(),
  restaurantServices: named(),
  salesCategories: named(),
  voidReasons: named(),
  revenueCenters: { references: [], columns: [name(), text("description", "Description"), guid()] },
  serviceAreas: {
    references: ["revenueCenters"],
    columns: [
      name(),
      enumeration("serviceAreaType", "Type", "serviceAreaType"),
      reference("revenueCenter", "Revenue center", "revenueCenters"),
      guid(),
    ],
  },
  serviceCharges: {
    references: ["taxRates"],
    columns: [
      name(),
      enumeration("amountType", "Amount type", "amountType"),
      numeric("amount", "Amount", formatMoney),
      numeric("percent", "Percent", formatPercent),
      enumeration("serviceChargeCalculation", "Calculated", "serviceChargeCalculation"),
      {
        key: "criteria",
        label: "Applies when",
        keys: ["criteria"],
        cell: (e) => {
          const c = e.criteria;
          if (!c || typeof c !== "object") return null;
          const r = c as Record<string, unknown>;
          const fields: { label: string; value: string }[] = [];
          const types = (
            [
              ["dineIn", "Dine in"],
              ["takeout", "Take out"],
              ["delivery", "Delivery"],
            ] as const
          ).filter(([key]) => r[key] === true);
          const anySet = ["dineIn", "takeout", "delivery"].some((key) => typeof r[key] === "boolean");
          fields.push({
            label: "Orders",
            value: types.length ? types.map(([, label]) => label).join(", ") : anySet ? "None" : "Not set",
          });
          const min = num(r.minCheckAmount);
          const max = num(r.maxCheckAmount);
          const from = min !== null && min > 0 ? formatMoney(min) : null;
          const to = max !== null ? formatMoney(max) : null;
          // 2.8: below the minimum the charge does not apply; above the maximum it is waived.
          fields.push({
            label: "Check",
            value:
              from && to ? `${from} to ${to}` : from ? `${from} or more` : to ? `up to ${to}` : "Any amount",
          });
          const distance = num(r.minDeliveryDistance);
          fields.push({
            label: "Delivery distance",
            value: distance === null ? "Any" : `${formatNumber(distance)} or more`,
          });
          const known = new Set([
            "minCheckAmount",
            "maxCheckAmount",
            "minDeliveryDistance",
            "dineIn",
            "takeout",
            "delivery",
          ]);
          for (const [key, value] of Object.entries(r))
            if (!known.has(key)) fields.push({ label: key, value: describeValue(value) });
          const rich: RichCell = { text: fields.map((f) => `${f.label}: ${f.value}`).join("; "), fields };
          return rich;
        },
      },
      flag("gratuity", "Gratuity"),
      flag("taxable", "Taxable"),
      {
        key: "applicableTaxes",
        label: "Taxes applied",
        keys: ["applicableTaxes"],
        cell: (e, lookups) =>
          listCell(
            arr(e.applicableTaxes)
              .filter(isRef)
              .map((t) => {
                const tax = t as Ref & Record<string, unknown>;
                const own = str(tax.name);
                const entry = own ? { text: own } : resolveName(tax, "taxRates", lookups);
                const rate = num(tax.rate);
                return rate === null
                  ? entry
                  : { ...entry, text: `${entry.text} (${taxRateText(tax.type, rate)})` };
              }),
          ),
      },
      enumeration("destination", "Paid to", "destination"),
      flag("taxInclusive", "Tax inclusive (reserved)"),
      flag("taxProrated", "Tax prorated (reserved)"),
      externalId(),
      guid(),
    ],
  },
  tables: {
    references: ["serviceAreas", "revenueCenters"],
    columns: [
      name(),
      reference("serviceArea", "Service area", "serviceAreas"),
      reference("revenueCenter", "Revenue center", "revenueCenters"),
      guid(),
    ],
  },
  taxRates: {
    references: [],
    columns: [
      name(),
      enumeration("type", "Type", "taxType"),
      {
        key: "rate",
        label: "Rate",
        keys: ["rate"],
        align: "right",
        cell: (e) => {
          const v = num(e.rate);
          return v === null ? null : { text: taxRateText(e.type, v), sort: v };
        },
      },
      flag("isDefault", "Default"),
      enumeration("roundingType", "Rounding", "roundingType"),
      {
        key: "taxTable",
        label: "Tax table",
        keys: ["taxTable"],
        cell: (e) =>
          tableCell(
            ["From", "To", "Tax", "Pattern"],
            arr(e.taxTable)
              .filter((r): r is Record<string, unknown> => !!r && typeof r === "object")
              .map((r) => [
                num(r.start) === null ? dash : formatMoney(num(r.start)!),
                num(r.end) === null ? dash : formatMoney(num(r.end)!),
                num(r.tax) === null ? dash : formatMoney(num(r.tax)!),
                bool(r.pattern) === null ? dash : yesNo(r.pattern as boolean),
              ]),
          ),
      },
      {
        key: "conditionalTaxRates",
        label: "Conditional rates",
        keys: ["conditionalTaxRates"],
        cell: (e) =>
          tableCell(
            ["Condition", "Rate"],
            arr(e.conditionalTaxRates)
              .filter((r): r is Record<string, unknown> => !!r && typeof r === "object")
              .map((r) => [
                str(r.condition) ?? dash,
                num(r.rate) === null ? dash : taxRateText(e.type, num(r.rate)!),
              ]),
          ),
      },
      guid(),
    ],
  },
  tipWithholding: {
    references: [],
    columns: [
      flag("enabled", "Enabled"),
      {
        key: "percentage",
        label: "Share of card tips withheld",
        keys: ["percentage"],
        align: "right",
        cell: (e) => {
          const v = num(e.percentage);
          if (v === null) return null;
          const shown = formatPercent(v);
          // 2.8: the percentage is ignored when withholding is off.
          return { text: e.enabled === false ? `${shown} (not applied)` : shown, sort: v };
        },
      },
      guid(),
    ],
  },
};

/** Any JSON value as one readable line, for fields no column knows. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return yesNo(value);
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(describeValue).join("; ");
  if (isRef(value) && typeof (value as { name?: unknown }).name === "string")
    return (value as unknown as { name: string }).name;
  if (isRef(value)) return value.guid;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${describeValue(v)}`)
    .join(", ");
}
