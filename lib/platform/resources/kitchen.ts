import type { Transport } from "../client";
import { z } from "zod";
import { prepStation, readItemFulfillments } from "../schemas/kitchen";
import type { KitchenResource } from "../types";
import { listAll, listPages, segment } from "./list-pages";

const BASE = "/kitchen/v1";
/** Retries of a failed export attempt (at most; never more than the client's maxRetries). */
export const EXPORT_MAX_RETRIES = 2;

/** Only the array is checked here; the records are read one by one (readItemFulfillments). */
const exportBody = z.array(z.unknown());

/** 4.2 Kitchen API: item fulfillments of one business date, prep stations. */
export function kitchenResource(transport: Transport): KitchenResource {
  const prepStationPages: KitchenResource["prepStationPages"] = (restaurantGuid, opts) =>
    listPages(transport, `${BASE}/published/prepStations`, prepStation, restaurantGuid, opts);

  return {
    async itemFulfillments(restaurantGuid, businessDate, opts = {}) {
      const response = await transport.request({
        method: "GET",
        path: `${BASE}/export/itemFulfillments`,
        // businessDate goes out as given: the service is the judge of YYYYMMDD and answers 400.
        query: `businessDate=${encodeURIComponent(businessDate)}`,
        restaurantGuid,
        schema: exportBody,
        allowNoContent: true,
        // The export may wait minutes before its first byte (integrators report over 60 s on busy
        // days): it has its own timeout, and a timed-out day is tried at most twice more, so one
        // call stays bounded for the kitchen service's per-date deadline.
        timeoutMs: transport.kitchenTimeoutMs,
        maxRetries: EXPORT_MAX_RETRIES,
        signal: opts.signal,
      });
      // 204 means the restaurant lacks the paid tier, which is not the same as a quiet day.
      if (response.status === 204 || response.data === undefined) return { kind: "not-entitled", requestId: response.requestId };
      const read = readItemFulfillments(response.data);
      return { kind: "data", ...read, requestId: response.requestId };
    },
    prepStationPages,
    prepStations: (restaurantGuid, opts) => listAll(transport, `${BASE}/published/prepStations`, prepStation, restaurantGuid, opts),
    async prepStation(restaurantGuid, guid, opts = {}) {
      const response = await transport.request({
        method: "GET",
        path: `${BASE}/published/prepStations/${segment(guid)}`,
        restaurantGuid,
        schema: prepStation,
        signal: opts.signal,
      });
      return response.data!;
    },
  };
}
