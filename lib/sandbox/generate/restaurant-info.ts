import type { DaySchedule, RestaurantInfo, Weekday } from "@/lib/platform/schemas";

import { conceptOf, scheduleKeys } from "./concept";
import type { GenerateContext } from "./context";
import { quotedPrepTimes } from "./guest-quotes";
import { daySchedule, SCHEDULES, type ScheduleKey } from "./schedule";
import { scopeOf } from "./scope";

const STATE_NAMES: Record<string, string> = {
  MA: "Massachusetts",
  CA: "California",
  IL: "Illinois",
  WA: "Washington",
  NY: "New York",
  TX: "Texas",
};
const AREA_CODES: Record<string, string> = {
  Boston: "617",
  Pasadena: "626",
  Chicago: "312",
  Seattle: "206",
  "San Francisco": "415",
};

function slug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "")
    .toLowerCase();
}

/**
 * 2.7 RestaurantInfo, from the world. Schedule times are restaurant-local wall-clock strings
 * "HH:MM:SS.000" (the format the contract leaves open; chosen once, used for every time).
 * daySchedules is keyed by schedule id, as the real service sends it, and weekSchedule names each
 * day's schedule by that id; a closed weekday is null there and has no day schedule. The
 * `identifier` string entry the contract mentions is left out: it is an artifact of the published
 * definition that the real service does not send, and clients generated from it break on it.
 * prepTimes are minutes.
 */
export function generateRestaurantInfo(ctx: GenerateContext): RestaurantInfo {
  const { restaurant: r } = ctx;
  const scope = scopeOf(ctx);
  const concept = conceptOf(r);
  const site = slug(r.name);
  const rng = scope.rng("info");

  const scheduleId = (key: ScheduleKey) => scope.guid("DaySchedule", key);
  const open = (key: ScheduleKey) => SCHEDULES[key].services.length > 0;
  const daySchedules: Record<string, DaySchedule> = {};
  for (const key of scheduleKeys(concept).filter(open))
    daySchedules[scheduleId(key)] = daySchedule(SCHEDULES[key]);
  const weekSchedule = Object.fromEntries(
    Object.entries(concept.week).map(([day, key]) => [day, open(key) ? scheduleId(key) : null]),
  ) as Record<Weekday, string | null>;

  const areaCode = AREA_CODES[r.city] ?? "555";
  const phone = `(${areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
  const deliveryEnabled = concept.key !== "grill";

  return {
    guid: r.guid,
    general: {
      name: r.name,
      locationName: r.locationName,
      locationCode: r.locationCode,
      description: concept.description,
      timeZone: r.timeZone,
      managementGroupGuid: r.managementGroupGuid,
      currencyCode: "USD",
      closeoutHour: r.closeoutHour, // 0-12: the world schema holds it there, as the real service does
      firstBusinessDate: r.firstBusinessDate,
      archived: r.archived,
    },
    urls: {
      website: `https://www.${site}.example.com`,
      facebook: `https://www.facebook.com/${site}`,
      twitter: `https://twitter.com/${site}`,
      orderOnline: `https://order.${site}.example.com`,
      purchaseGiftCard: `https://www.${site}.example.com/gift-cards`,
      checkGiftCard: `https://www.${site}.example.com/gift-cards/balance`,
    },
    location: {
      address1: r.address1,
      address2: rng.chance(0.4) ? `Suite ${rng.int(1, 4)}00` : null,
      city: r.city,
      stateCode: r.stateCode,
      administrativeArea: STATE_NAMES[r.stateCode] ?? r.stateCode,
      zipCode: r.zipCode,
      country: "US",
      phone,
      phoneCountryCode: "1",
      latitude: r.latitude,
      longitude: r.longitude,
    },
    schedules: { daySchedules, weekSchedule },
    delivery: {
      enabled: deliveryEnabled,
      minimum: deliveryEnabled ? 15 : 0,
      area: deliveryEnabled ? `Within ${rng.int(2, 5)} miles of ${r.address1}, ${r.city}` : "",
    },
    onlineOrdering: {
      enabled: true,
      scheduling: true,
      specialRequests: concept.key !== "noodle",
      specialRequestsMessage:
        concept.key !== "noodle"
          ? "Allergies or special requests? Let us know and the kitchen will do its best."
          : "",
      paymentOptions: {
        delivery: { cash: false, ccSameDay: deliveryEnabled, ccFuture: deliveryEnabled },
        takeout: {
          cash: concept.key === "diner" || concept.key === "pizza",
          ccSameDay: true,
          ccFuture: true,
          ccInStore: true,
        },
        ccTip: true,
      },
    },
    prepTimes: quotedPrepTimes(r, {
      deliveryPrepTime: concept.key === "pizza" ? 35 : 45,
      deliveryTimeAfterOpen: 30,
      deliveryTimeBeforeClose: 30,
      takeoutPrepTime: concept.key === "noodle" ? 10 : 20,
      takeoutTimeAfterOpen: 15,
      takeoutTimeBeforeClose: 15,
      takeoutThrottlingTime: 10,
      deliveryThrottlingTime: 15,
    }),
  };
}
