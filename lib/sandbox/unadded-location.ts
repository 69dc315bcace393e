import type { World, WorldRestaurant } from "./world";

/**
 * One more location of the Harbor group, reachable by the partner and the group client but listed
 * by no demo account (lib/auth/demo-accounts.json): what restaurant discovery shows as "accessible,
 * not added". Kept out of world.json, whose restaurants are exactly the demo deployment's (tests
 * compare the two); the sandbox adds it when asked (`unaddedLocation`), as the app's does.
 */
export const UNADDED_LOCATION: WorldRestaurant = {
  guid: "9d1f6a2e-5b3c-5e4a-8f7d-2c6b1e0a9f35",
  name: "Riverside Bistro",
  locationName: "Riverside",
  locationCode: "RVB-07",
  timeZone: "America/New_York",
  closeoutHour: 4,
  archived: false,
  tier: "professional",
  twoLevelExpo: false,
  startQueue: true,
  ticketsPerDay: 240,
  menuItems: 90,
  managementGroupGuid: "fb6c4a43-9c77-5150-99b4-3d950db53634",
  address1: "75 Riverside Ave",
  city: "Cambridge",
  stateCode: "MA",
  zipCode: "02139",
  latitude: 42.3626,
  longitude: -71.1106,
  firstBusinessDate: 20240902,
};

/** The clients that reach it: every client with the kitchen scope (the app's partner and the group's client). */
const GRANTED_TO = ["kp-partner", "kp-harbor-group"];

/** `world` with the location added and granted; a world that already has it is returned as it is. */
export function withUnaddedLocation(world: World): World {
  if (world.restaurants.some((r) => r.guid === UNADDED_LOCATION.guid)) return world;
  return {
    ...world,
    restaurants: [...world.restaurants, UNADDED_LOCATION],
    clients: world.clients.map((c) =>
      GRANTED_TO.includes(c.clientId) ? { ...c, restaurants: [...c.restaurants, UNADDED_LOCATION.guid] } : c,
    ),
  };
}
