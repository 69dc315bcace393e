import { z } from "zod";

import { WEEKDAYS, type Weekday } from "./weekdays";

const str = z.string().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();

export const serviceHours = z.looseObject({ startTime: str, endTime: str });

export const service = z.looseObject({
  name: str,
  hours: serviceHours.nullish(),
  overnight: bool,
});

export const daySchedule = z.looseObject({
  scheduleName: str,
  // A null entry is tolerated (and skipped by lib/restaurants/schedule.ts), never a failed page.
  services: z.array(service.nullable()).nullish(),
  openTime: str,
  closeTime: str,
});
export type DaySchedule = z.infer<typeof daySchedule>;

export { WEEKDAYS, type Weekday } from "./weekdays";

/**
 * daySchedules maps a key to a day schedule. The real service keys it by schedule id and names
 * each weekday's schedule by that id, null for a day the restaurant is closed. The published
 * definition keys it by schedule name and lists an `identifier` string entry besides; such an
 * entry (or a null value) is tolerated here and ignored when the week is resolved.
 */
export const schedules = z.looseObject({
  daySchedules: z.record(z.string(), z.union([daySchedule, z.string(), z.null()])).nullish(),
  weekSchedule: z
    .looseObject(Object.fromEntries(WEEKDAYS.map((d) => [d, str])) as Record<Weekday, typeof str>)
    .nullish(),
});

/**
 * 2.7 RestaurantInfo. Every field may be missing or null except `guid`: it is the resource's
 * identity, which the app keys its restaurant directory by.
 */
export const restaurantInfo = z.looseObject({
  guid: z.string().min(1),
  general: z
    .looseObject({
      name: str,
      locationName: str,
      locationCode: str,
      description: str,
      timeZone: str,
      managementGroupGuid: str,
      currencyCode: str,
      closeoutHour: num,
      firstBusinessDate: num,
      archived: bool,
    })
    .nullish(),
  urls: z
    .looseObject({
      website: str,
      facebook: str,
      twitter: str,
      orderOnline: str,
      purchaseGiftCard: str,
      checkGiftCard: str,
    })
    .nullish(),
  location: z
    .looseObject({
      address1: str,
      address2: str,
      city: str,
      stateCode: str,
      administrativeArea: str,
      zipCode: str,
      country: str,
      phone: str,
      phoneCountryCode: str,
      latitude: num,
      longitude: num,
    })
    .nullish(),
  schedules: schedules.nullish(),
  delivery: z.looseObject({ enabled: bool, minimum: num, area: str }).nullish(),
  onlineOrdering: z
    .looseObject({
      enabled: bool,
      scheduling: bool,
      specialRequests: bool,
      specialRequestsMessage: str,
      paymentOptions: z
        .looseObject({
          delivery: z.looseObject({ cash: bool, ccSameDay: bool, ccFuture: bool }).nullish(),
          takeout: z.looseObject({ cash: bool, ccSameDay: bool, ccFuture: bool, ccInStore: bool }).nullish(),
          ccTip: bool,
        })
        .nullish(),
    })
    .nullish(),
  prepTimes: z
    .looseObject({
      deliveryPrepTime: num,
      deliveryTimeAfterOpen: num,
      deliveryTimeBeforeClose: num,
      takeoutPrepTime: num,
      takeoutTimeAfterOpen: num,
      takeoutTimeBeforeClose: num,
      takeoutThrottlingTime: num,
      deliveryThrottlingTime: num,
    })
    .nullish(),
});
export type RestaurantInfo = z.infer<typeof restaurantInfo>;
