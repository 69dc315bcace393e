import { stableGuid } from "./generate/ids";
import { rngFor } from "./generate/rng";
import { defaultWorld, type World, type WorldRestaurant } from "./world";

/**
 * A larger world for scale runs (bench/scale.ts): `restaurants` restaurants drawn deterministically
 * from `seed`, each selling the volume of a typical single-site restaurant, 300-600 kitchen
 * records a business date. world.json stays as it is (tests depend on it byte for byte); this
 * world keeps its clients, issuer and audience and replaces its restaurants, every one of them
 * listed for the partner client (kitchen:read).
 *
 * Volume knob: the generator's `ticketsPerDay` (varied by weekday, 0.82-1.42, and ±15 % noise).
 * A ticket averages about 2.4 items, each one record at level 0 plus one at the expediter (two with
 * two-level expo), so 300-600 records a day is about 60-120 tickets; the concept changes the mix
 * a little (coursed dine-in fires more, smaller tickets).
 */
export interface ScaledWorldOptions {
  restaurants: number;
  seed?: string;
}

export const SCALED_WORLD_SEED = "kitchen-pulse-scale-v1";

/** Name words picked so conceptOf (generate/concept.ts) spreads the six concepts evenly. */
const CONCEPT_WORDS = ["Kitchen", "Cantina", "Diner", "Noodle Bar", "Grill", "Pizza"] as const;
const PLACES = [
  "Harbor",
  "Mesa",
  "Lakeside",
  "Northside",
  "Old Town",
  "Pier",
  "Elm",
  "Union",
  "Market",
  "Ridge",
  "Bay",
  "Canal",
] as const;
const ZONES = [
  { timeZone: "America/New_York", city: "Boston", stateCode: "MA", latitude: 42.36, longitude: -71.06 },
  { timeZone: "America/Chicago", city: "Chicago", stateCode: "IL", latitude: 41.88, longitude: -87.63 },
  { timeZone: "America/Denver", city: "Denver", stateCode: "CO", latitude: 39.74, longitude: -104.99 },
  { timeZone: "America/Los_Angeles", city: "Seattle", stateCode: "WA", latitude: 47.61, longitude: -122.33 },
  { timeZone: "America/Phoenix", city: "Phoenix", stateCode: "AZ", latitude: 33.45, longitude: -112.07 },
] as const;
/**
 * Typical tickets a day: a ticket makes about 4.6 records on average over the concepts (measured
 * on this generator, 3.8 to 5.9 by concept), so 65-130 tickets is a mean of 300-600 records.
 */
const TICKETS_PER_DAY = [65, 130] as const;

export const MAX_SCALED_RESTAURANTS = 10_000;

export function scaledWorld(options: ScaledWorldOptions): World {
  const { restaurants: count } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SCALED_RESTAURANTS) {
    throw new Error(`a scaled world has 1 to ${MAX_SCALED_RESTAURANTS} restaurants, not ${count}`);
  }
  const seed = options.seed ?? SCALED_WORLD_SEED;
  const base = defaultWorld();
  const restaurants = Array.from({ length: count }, (_, i) => scaledRestaurant(seed, i));
  const guids = restaurants.map((r) => r.guid);
  return {
    ...base,
    seed,
    clients: base.clients.map((c) => ({
      ...c,
      restaurants: c.scopes.includes("kitchen:read") && c.type === "PARTNER" ? guids : [],
    })),
    restaurants,
  };
}

function scaledRestaurant(seed: string, i: number): WorldRestaurant {
  const rng = rngFor(seed, "restaurant", i);
  const word = CONCEPT_WORDS[i % CONCEPT_WORDS.length]!;
  const place = PLACES[rng.int(0, PLACES.length - 1)]!;
  const zone = ZONES[rng.int(0, ZONES.length - 1)]!;
  const [low, high] = TICKETS_PER_DAY;
  const number = String(i + 1).padStart(4, "0");
  return {
    guid: stableGuid(seed, "restaurant", i),
    name: `${place} ${word} ${number}`,
    locationName: `${place} #${number}`,
    locationCode: `SC-${number}`,
    timeZone: zone.timeZone,
    closeoutHour: rng.int(2, 5),
    archived: false,
    tier: "professional",
    twoLevelExpo: rng.chance(0.1),
    startQueue: rng.chance(0.7),
    ticketsPerDay: rng.int(low, high),
    menuItems: rng.int(60, 200),
    managementGroupGuid: stableGuid(seed, "group", Math.floor(i / 25)),
    address1: `${100 + i} Main St`,
    city: zone.city,
    stateCode: zone.stateCode,
    zipCode: String(10000 + ((i * 7919) % 89999)).padStart(5, "0"),
    latitude: zone.latitude,
    longitude: zone.longitude,
    firstBusinessDate: 20200101,
  };
}
