import { z } from "zod";

import { UNITS_OF_MEASURE, WEEKDAYS, type Weekday } from "@/lib/platform/schemas";

import type { WorldRestaurant } from "../world";
import conceptsJson from "./concepts.json";
import { DISH_FAMILIES, FOOD_KINDS, type DishFamilyKey, type FoodKind } from "./menu-catalog";
import { SCHEDULES, type ScheduleKey } from "./schedule";

/**
 * A restaurant's concept: what it cooks, how its menus are laid out, when it is open and how
 * guests order. world.json names restaurants freely, so the concept is read from the name
 * ("Pier 9 Pizza" is a pizzeria) with a full-service kitchen as the default.
 */
const conceptKey = z.enum(["kitchen", "cantina", "diner", "noodle", "grill", "pizza"]);
export type ConceptKey = z.infer<typeof conceptKey>;

const dishFamilyKey = z.enum(Object.keys(DISH_FAMILIES) as [DishFamilyKey, ...DishFamilyKey[]]);
const scheduleKey = z.enum(Object.keys(SCHEDULES) as [ScheduleKey, ...ScheduleKey[]]);
const unitOfMeasure = z.enum(UNITS_OF_MEASURE);

const topGroupSpec = z.strictObject({
  name: z.string().min(1),
  family: dishFamilyKey,
  /** Share of the restaurant's sellable items that live in this group's tree. */
  weight: z.number().positive(),
  /** Set on the group itself (inheritUnitOfMeasure false); its children inherit it. */
  unitOfMeasure: unitOfMeasure.optional(),
});

/** A group holding no items of its own: it lists items that already live elsewhere (one GUID, two groups). */
const reuseGroupSpec = z.strictObject({ name: z.string().min(1), kind: z.enum(FOOD_KINDS) });

const menuSpec = z.strictObject({
  name: z.string().min(1),
  code: z.string().min(1),
  unitOfMeasure,
  groups: z.array(topGroupSpec),
  reuseGroups: z.array(reuseGroupSpec).optional(),
});

const concept = z.strictObject({
  key: conceptKey,
  description: z.string(),
  coldStationName: z.string().min(1),
  /** Orders fire course by course (Appetizer, Entree, Dessert) as separate tickets. */
  courses: z.boolean(),
  menus: z.array(menuSpec).min(1),
  week: z.strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, scheduleKey])) as Record<Weekday, typeof scheduleKey>,
  ),
  /** Multiplies the base orderSource mix: a pizzeria takes more phone and online orders. */
  sourceBias: z.record(z.string(), z.number().min(0)),
});
export type Concept = z.infer<typeof concept>;

/** The concepts, declared in concepts.json (hand-editable, like world.json). */
export const CONCEPTS: Record<ConceptKey, Concept> = z
  .record(conceptKey, concept)
  .refine((all) => Object.entries(all).every(([key, c]) => c.key === key), "each concept's key names it")
  .parse(conceptsJson);

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
