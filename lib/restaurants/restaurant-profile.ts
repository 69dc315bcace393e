import { isBusinessDate } from "@/lib/business-date/business-date";
import { formatBusinessDate } from "@/lib/business-date/format";
import type { RestaurantInfo } from "@/lib/platform/schemas";

import { resolveWeek, type ResolvedDay } from "./schedule";

/**
 * What the Info page shows of a restaurant, reshaped once from the Platform's RestaurantInfo
 * (2.7), whose every field may be missing or null. The page reads this, never the wire type, so a
 * change in the contract is absorbed here. Missing values stay null: the page shows "—" for them.
 */
export interface RestaurantProfile {
  guid: string;
  identity: {
    name: string | null;
    locationName: string | null;
    locationCode: string | null;
    description: string | null;
    archived: boolean;
    timeZone: string | null;
    closeoutHour: number | null;
    /** In words ("Monday, 3 March 2025") when it reads as a date, else as sent. */
    firstOpened: string | null;
    currencyCode: string | null;
    managementGroupGuid: string | null;
  };
  address: {
    /** Street lines, "City, ST 12345" and the country, empty ones left out. */
    lines: string[];
    /** "+1 555 0100", the country code first when sent. */
    phone: string | null;
    coordinates: { latitude: number; longitude: number } | null;
  };
  links: Record<
    "website" | "orderOnline" | "purchaseGiftCard" | "checkGiftCard" | "facebook" | "twitter",
    string | null
  >;
  /** Monday to Sunday, resolved from weekSchedule and daySchedules. */
  week: ResolvedDay[];
  delivery: { enabled: boolean | null; minimum: number | null; area: string | null };
  onlineOrdering: {
    enabled: boolean | null;
    scheduling: boolean | null;
    specialRequests: boolean | null;
    specialRequestsMessage: string | null;
    tipByCard: boolean | null;
  };
  paymentOptions: {
    delivery: Record<"cash" | "ccSameDay" | "ccFuture", boolean | null>;
    takeout: Record<"cash" | "ccSameDay" | "ccFuture" | "ccInStore", boolean | null>;
  };
  /** As sent; the Platform does not state the unit (usually minutes). */
  prepTimes: Record<
    "prepTime" | "timeAfterOpen" | "timeBeforeClose" | "throttlingTime",
    { delivery: number | null; takeout: number | null }
  >;
}

/**
 * The body of GET /api/restaurants/[guid]/info: the Platform's RestaurantInfo as sent (the app's
 * API passes the contract on whole); the Info page reshapes it with `toRestaurantProfile`.
 */
export type RestaurantInfoResponse = RestaurantInfo;

export function toRestaurantProfile(info: RestaurantInfo): RestaurantProfile {
  const g = info.general ?? {};
  const loc = info.location ?? {};
  const urls = info.urls ?? {};
  const delivery = info.delivery ?? {};
  const ordering = info.onlineOrdering ?? {};
  const pay = ordering.paymentOptions ?? {};
  const prep = info.prepTimes ?? {};
  const cityLine = [
    loc.city,
    [loc.stateCode || loc.administrativeArea, loc.zipCode].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");
  const phone = [loc.phoneCountryCode ? `+${loc.phoneCountryCode.replace(/^\+/, "")}` : null, loc.phone]
    .filter(Boolean)
    .join(" ");
  return {
    guid: info.guid,
    identity: {
      name: g.name ?? null,
      locationName: g.locationName ?? null,
      locationCode: g.locationCode ?? null,
      description: g.description ?? null,
      archived: g.archived === true,
      timeZone: g.timeZone ?? null,
      closeoutHour: typeof g.closeoutHour === "number" ? g.closeoutHour : null,
      firstOpened: dateNumberInWords(g.firstBusinessDate),
      currencyCode: g.currencyCode ?? null,
      managementGroupGuid: g.managementGroupGuid ?? null,
    },
    address: {
      lines: [loc.address1, loc.address2, cityLine, loc.country].filter((line): line is string =>
        Boolean(line),
      ),
      phone: phone || null,
      coordinates:
        typeof loc.latitude === "number" && typeof loc.longitude === "number"
          ? { latitude: loc.latitude, longitude: loc.longitude }
          : null,
    },
    links: {
      website: urls.website ?? null,
      orderOnline: urls.orderOnline ?? null,
      purchaseGiftCard: urls.purchaseGiftCard ?? null,
      checkGiftCard: urls.checkGiftCard ?? null,
      facebook: urls.facebook ?? null,
      twitter: urls.twitter ?? null,
    },
    week: resolveWeek(info.schedules),
    delivery: {
      enabled: delivery.enabled ?? null,
      minimum: delivery.minimum ?? null,
      area: delivery.area ?? null,
    },
    onlineOrdering: {
      enabled: ordering.enabled ?? null,
      scheduling: ordering.scheduling ?? null,
      specialRequests: ordering.specialRequests ?? null,
      specialRequestsMessage: ordering.specialRequestsMessage ?? null,
      tipByCard: pay.ccTip ?? null,
    },
    paymentOptions: {
      delivery: {
        cash: pay.delivery?.cash ?? null,
        ccSameDay: pay.delivery?.ccSameDay ?? null,
        ccFuture: pay.delivery?.ccFuture ?? null,
      },
      takeout: {
        cash: pay.takeout?.cash ?? null,
        ccSameDay: pay.takeout?.ccSameDay ?? null,
        ccFuture: pay.takeout?.ccFuture ?? null,
        ccInStore: pay.takeout?.ccInStore ?? null,
      },
    },
    prepTimes: {
      prepTime: { delivery: prep.deliveryPrepTime ?? null, takeout: prep.takeoutPrepTime ?? null },
      timeAfterOpen: {
        delivery: prep.deliveryTimeAfterOpen ?? null,
        takeout: prep.takeoutTimeAfterOpen ?? null,
      },
      timeBeforeClose: {
        delivery: prep.deliveryTimeBeforeClose ?? null,
        takeout: prep.takeoutTimeBeforeClose ?? null,
      },
      throttlingTime: {
        delivery: prep.deliveryThrottlingTime ?? null,
        takeout: prep.takeoutThrottlingTime ?? null,
      },
    },
  };
}

/** The Platform sends the first business date as a number, 20240115. */
function dateNumberInWords(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return isBusinessDate(text) ? formatBusinessDate(text, "long") : text;
}
