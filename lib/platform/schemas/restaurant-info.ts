import { z } from "zod";

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
  services: z.array(service).nullish(),
  openTime: str,
  closeTime: str,
});
export type DaySchedule = z.infer<typeof daySchedule>;

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * daySchedules is a map from schedule name to schedule, but the service also puts an
 * `identifier` string entry in it, so values are a schedule or a string.
 */
export const schedules = z.looseObject({
  daySchedules: z.record(z.string(), z.union([daySchedule, z.string()])).nullish(),
  weekSchedule: z.looseObject(Object.fromEntries(WEEKDAYS.map((d) => [d, str])) as Record<Weekday, typeof str>).nullish(),
});

/** 2.7 RestaurantInfo. */
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
    .looseObject({ website: str, facebook: str, twitter: str, orderOnline: str, purchaseGiftCard: str, checkGiftCard: str })
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
