import type { UnitOfMeasure, Weekday } from "@/lib/platform/schemas";
import type { WorldRestaurant } from "../world";
import { DISH_FAMILIES, type DishFamilyKey, type FoodKind } from "./menu-catalog";
import type { ScheduleKey } from "./schedule";

/**
 * A restaurant's concept: what it cooks, how its menus are laid out, when it is open and how
 * guests order. world.json names restaurants freely, so the concept is read from the name
 * ("Pier 9 Pizza" is a pizzeria) with a full-service kitchen as the default.
 */
export interface TopGroupSpec {
  name: string;
  family: DishFamilyKey;
  /** Share of the restaurant's sellable items that live in this group's tree. */
  weight: number;
  /** Set on the group itself (inheritUnitOfMeasure false); its children inherit it. */
  unitOfMeasure?: UnitOfMeasure;
}

/** A group holding no items of its own: it lists items that already live elsewhere (one GUID, two groups). */
export interface ReuseGroupSpec {
  name: string;
  kind: FoodKind;
}

export interface MenuSpec {
  name: string;
  code: string;
  unitOfMeasure: UnitOfMeasure;
  groups: readonly TopGroupSpec[];
  reuseGroups?: readonly ReuseGroupSpec[];
}

export type ConceptKey = "kitchen" | "cantina" | "diner" | "noodle" | "grill" | "pizza";

export interface Concept {
  key: ConceptKey;
  description: string;
  coldStationName: string;
  /** Orders fire course by course (Appetizer, Entree, Dessert) as separate tickets. */
  courses: boolean;
  menus: readonly MenuSpec[];
  week: Record<Weekday, ScheduleKey>;
  /** Multiplies the base orderSource mix: a pizzeria takes more phone and online orders. */
  sourceBias: Readonly<Record<string, number>>;
}

const happyHour = (code = "HH"): MenuSpec => ({
  name: "Happy Hour",
  code,
  unitOfMeasure: "NONE",
  groups: [],
  reuseGroups: [
    { name: "Happy Hour Bites", kind: "fry" },
    { name: "Happy Hour Drinks", kind: "bar" },
  ],
});

const EVERY_DAY = (key: ScheduleKey): Record<Weekday, ScheduleKey> => ({
  monday: key,
  tuesday: key,
  wednesday: key,
  thursday: key,
  friday: key,
  saturday: key,
  sunday: key,
});

export const CONCEPTS: Record<ConceptKey, Concept> = {
  kitchen: {
    key: "kitchen",
    description: "Seafood-forward American kitchen with a raw bar, wood-fired oven and a long cocktail list.",
    coldStationName: "Garde Manger",
    courses: true,
    menus: [
      {
        name: "Lunch",
        code: "LUN",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Starters", family: "fried", weight: 1 },
          { name: "Salads", family: "salads", weight: 1 },
          { name: "Burgers & Sandwiches", family: "burgers", weight: 1.3 },
          { name: "Pastas", family: "pasta", weight: 1 },
        ],
      },
      {
        name: "Dinner",
        code: "DIN",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Appetizers", family: "fried", weight: 1 },
          { name: "Raw Bar", family: "rawBar", weight: 1, unitOfMeasure: "LB" },
          { name: "Steaks & Chops", family: "steaks", weight: 1.3 },
          { name: "Seafood", family: "seafood", weight: 1.3 },
          { name: "Wood-Fired Pizza", family: "pizzas", weight: 1 },
        ],
      },
      { name: "Brunch", code: "BRN", unitOfMeasure: "NONE", groups: [{ name: "Brunch Plates", family: "breakfast", weight: 1.2 }] },
      {
        name: "Drinks",
        code: "DRK",
        unitOfMeasure: "FL_OZ",
        groups: [
          { name: "Cocktails", family: "cocktails", weight: 1 },
          { name: "Beer & Wine", family: "beerWine", weight: 1.2 },
          { name: "Zero Proof", family: "softDrinks", weight: 0.6 },
        ],
      },
      { name: "Desserts", code: "DES", unitOfMeasure: "NONE", groups: [{ name: "Desserts", family: "desserts", weight: 0.6 }] },
      happyHour(),
    ],
    week: { monday: "weekday", tuesday: "weekday", wednesday: "weekday", thursday: "weekday", friday: "lateNight", saturday: "lateNight", sunday: "weekend" },
    sourceBias: {},
  },
  cantina: {
    key: "cantina",
    description: "Neighborhood cantina: street tacos off the plancha, fresh salsas and a tequila and mezcal bar.",
    coldStationName: "Cold Line",
    courses: false,
    menus: [
      {
        name: "Comida",
        code: "COM",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Antojitos", family: "antojitos", weight: 1 },
          { name: "Tacos & Platos", family: "tacos", weight: 2 },
          { name: "Ensaladas", family: "salads", weight: 0.5 },
        ],
      },
      {
        name: "Bebidas",
        code: "BEB",
        unitOfMeasure: "FL_OZ",
        groups: [
          { name: "Margaritas & Cócteles", family: "cocktails", weight: 1 },
          { name: "Cerveza & Vino", family: "beerWine", weight: 0.6 },
          { name: "Aguas Frescas", family: "softDrinks", weight: 0.4 },
        ],
      },
      { name: "Postres", code: "POS", unitOfMeasure: "NONE", groups: [{ name: "Postres", family: "desserts", weight: 0.4 }] },
      happyHour(),
    ],
    week: { monday: "closed", tuesday: "weekday", wednesday: "weekday", thursday: "weekday", friday: "lateNight", saturday: "lateNight", sunday: "weekend" },
    sourceBias: { API: 1.4, Online: 1.2 },
  },
  diner: {
    key: "diner",
    description: "All-day lakeside diner: griddle breakfasts, blue-plate specials, shakes and pie.",
    coldStationName: "Cold Line",
    courses: false,
    menus: [
      {
        name: "Breakfast",
        code: "BKF",
        unitOfMeasure: "NONE",
        groups: [
          { name: "From the Griddle", family: "breakfast", weight: 2 },
          { name: "Fryer Sides", family: "fried", weight: 0.5 },
        ],
      },
      {
        name: "Lunch & Dinner",
        code: "LND",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Burgers & Melts", family: "burgers", weight: 1 },
          { name: "Blue Plate Specials", family: "pasta", weight: 1 },
          { name: "Salads & Soups", family: "salads", weight: 0.6 },
          { name: "Baskets", family: "fried", weight: 0.6 },
        ],
      },
      {
        name: "Fountain",
        code: "FTN",
        unitOfMeasure: "FL_OZ",
        groups: [
          { name: "Shakes & Sodas", family: "softDrinks", weight: 0.8 },
          { name: "Beer & Wine", family: "beerWine", weight: 0.3 },
        ],
      },
      { name: "Pie Case", code: "PIE", unitOfMeasure: "NONE", groups: [{ name: "Pies & Cakes", family: "desserts", weight: 0.6 }] },
    ],
    week: { ...EVERY_DAY("dinerDaily"), saturday: "dinerWeekend", sunday: "dinerWeekend" },
    sourceBias: { Kiosk: 2, "Caller Id": 1.5 },
  },
  noodle: {
    key: "noodle",
    description: "Counter-service noodle bar: hand-pulled noodles, dumplings and late-night bowls.",
    coldStationName: "Cold Line",
    courses: false,
    menus: [
      {
        name: "Lunch",
        code: "LUN",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Noodle Bowls", family: "noodles", weight: 1.5 },
          { name: "Small Plates", family: "dumplings", weight: 0.8 },
        ],
      },
      {
        name: "Dinner",
        code: "DIN",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Noodles & Rice", family: "noodles", weight: 1.2 },
          { name: "Dumplings & Buns", family: "dumplings", weight: 0.8 },
          { name: "Cold Dishes", family: "coldAsian", weight: 0.8, unitOfMeasure: "OZ" },
        ],
      },
      {
        name: "Drinks",
        code: "DRK",
        unitOfMeasure: "FL_OZ",
        groups: [
          { name: "Sake & Cocktails", family: "cocktails", weight: 0.6 },
          { name: "Beer", family: "beerWine", weight: 0.4 },
          { name: "Tea & Soft Drinks", family: "softDrinks", weight: 0.4 },
        ],
      },
      { name: "Sweets", code: "SWT", unitOfMeasure: "NONE", groups: [{ name: "Sweets", family: "desserts", weight: 0.3 }] },
      happyHour(),
    ],
    week: { monday: "noodleWeekday", tuesday: "noodleWeekday", wednesday: "noodleWeekday", thursday: "noodleWeekday", friday: "noodleLate", saturday: "noodleLate", sunday: "noodleWeekday" },
    sourceBias: { Kiosk: 3, Online: 1.3 },
  },
  grill: {
    key: "grill",
    description: "Old-school chophouse: dry-aged steaks over hardwood, classic sides and stiff martinis.",
    coldStationName: "Garde Manger",
    courses: true,
    menus: [
      {
        name: "Dinner",
        code: "DIN",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Starters", family: "fried", weight: 0.8 },
          { name: "Salads", family: "salads", weight: 0.6 },
          { name: "Steaks & Chops", family: "steaks", weight: 2 },
          { name: "Burgers & Sandwiches", family: "burgers", weight: 0.8 },
          { name: "Seafood", family: "seafood", weight: 0.8 },
        ],
      },
      {
        name: "Bar",
        code: "BAR",
        unitOfMeasure: "FL_OZ",
        groups: [
          { name: "Cocktails", family: "cocktails", weight: 0.8 },
          { name: "Beer & Wine", family: "beerWine", weight: 0.8 },
        ],
      },
      { name: "Desserts", code: "DES", unitOfMeasure: "NONE", groups: [{ name: "Desserts", family: "desserts", weight: 0.5 }] },
    ],
    week: { ...EVERY_DAY("weekday"), sunday: "weekend" },
    sourceBias: {},
  },
  pizza: {
    key: "pizza",
    description: "Wood-fired pizzeria on the pier: blistered pies by the slice or whole, salads and cold beer.",
    coldStationName: "Cold Line",
    courses: false,
    menus: [
      {
        name: "Pizzeria",
        code: "PZR",
        unitOfMeasure: "NONE",
        groups: [
          { name: "Pizzas", family: "pizzas", weight: 2.5 },
          { name: "Starters", family: "fried", weight: 0.8 },
          { name: "Salads", family: "salads", weight: 0.6 },
        ],
      },
      {
        name: "Drinks",
        code: "DRK",
        unitOfMeasure: "FL_OZ",
        groups: [
          { name: "Beer & Wine", family: "beerWine", weight: 0.6 },
          { name: "Soft Drinks", family: "softDrinks", weight: 0.4 },
        ],
      },
      { name: "Desserts", code: "DES", unitOfMeasure: "NONE", groups: [{ name: "Desserts", family: "desserts", weight: 0.4 }] },
    ],
    week: { ...EVERY_DAY("pizzaDaily"), friday: "pizzaLate", saturday: "pizzaLate" },
    sourceBias: { Online: 2, API: 2, "Caller Id": 3, "Order-and-Pay-at-Table": 0.2 },
  },
};

export function conceptOf(restaurant: WorldRestaurant): Concept {
  const name = restaurant.name.toLowerCase();
  if (name.includes("pizza") || name.includes("pizzeria")) return CONCEPTS.pizza;
  if (name.includes("noodle") || name.includes("ramen")) return CONCEPTS.noodle;
  if (name.includes("cantina") || name.includes("taco")) return CONCEPTS.cantina;
  if (name.includes("diner")) return CONCEPTS.diner;
  if (name.includes("grill") || name.includes("steak") || name.includes("chop")) return CONCEPTS.grill;
  return CONCEPTS.kitchen;
}

/** The food kinds (prep stations besides expo) a concept needs: the kinds of its dish families. */
export function conceptKinds(concept: Concept): FoodKind[] {
  const kinds = new Set<FoodKind>();
  for (const menu of concept.menus) for (const g of menu.groups) kinds.add(DISH_FAMILIES[g.family].kind);
  return [...kinds];
}

/** Every top-level group name in every concept, with the kitchen line its items are cooked on. */
export function topGroupKinds(): Map<string, FoodKind> {
  const map = new Map<string, FoodKind>();
  for (const concept of Object.values(CONCEPTS)) {
    for (const menu of concept.menus) {
      for (const g of menu.groups) map.set(g.name, DISH_FAMILIES[g.family].kind);
      for (const g of menu.reuseGroups ?? []) map.set(g.name, g.kind);
    }
  }
  return map;
}

export function scheduleKeys(concept: Concept): ScheduleKey[] {
  return [...new Set(Object.values(concept.week))];
}
