import type { Transport } from "../client";
import { PlatformMissingScopeError } from "../errors";
import { addItemFulfillment, prepStation, type ReadFulfillments } from "../schemas/kitchen";
import type { KitchenResource } from "../types";
import { listAll, listPages, segment } from "./list-pages";

const BASE = "/kitchen/v1";
/** Retries of a failed export attempt (at most; never more than the client's maxRetries). */
export const EXPORT_MAX_RETRIES = 2;

/** 4.2 Kitchen API: item fulfillments of one business date, prep stations. */
export function kitchenResource(transport: Transport): KitchenResource {
  const prepStationPages: KitchenResource["prepStationPages"] = (restaurantGuid, opts) =>
    listPages(transport, `${BASE}/published/prepStations`, prepStation, restaurantGuid, opts);

  const exportPath = `${BASE}/export/itemFulfillments`;
  const scope = transport.names.kitchenScope;
  const lacks = (scopes: readonly string[] | undefined) =>
    scopes !== undefined && scopes.length > 0 && !scopes.includes(scope);

  /** Logs in if needed (no data request), then refuses at once when the token's scopes lack kitchen:read. */
  async function requireScope(opts: { signal?: AbortSignal } = {}): Promise<void> {
    if (lacks(await transport.grantedScopes(opts.signal)))
      throw new PlatformMissingScopeError({ endpoint: `GET ${exportPath}`, scope });
  }

  return {
    missingScope: () => (lacks(transport.scopes()) ? scope : undefined),
    requireScope,
    async itemFulfillments(restaurantGuid, businessDate, opts = {}) {
      // A credential without kitchen:read is refused for every location: not one export is sent.
      await requireScope(opts);
      // Streamed: each element is read into a record as it arrives (addItemFulfillment) and the
      // raw element dropped; the body's text and the parsed array are never held.
      const response = await transport.requestArray({
        method: "GET",
        path: exportPath,
        // businessDate goes out as given: the service is the judge of YYYYMMDD and answers 400.
        query: `businessDate=${encodeURIComponent(businessDate)}`,
        restaurantGuid,
        open: () => {
          const read: ReadFulfillments = { records: [], notRecords: 0, malformedRecords: 0 };
          return {
            element: (value) => addItemFulfillment(read, value),
            end: (shape) => ({ ...read, shape }),
          };
        },
        allowNoContent: true,
        // The export may wait minutes before its first byte (integrators report over 60 s on busy
        // days): it has its own timeout, and a timed-out day is tried at most twice more, so one
        // call stays bounded for the kitchen service's per-date deadline.
        timeoutMs: transport.kitchenTimeoutMs,
        maxRetries: EXPORT_MAX_RETRIES,
        signal: opts.signal,
      });
      // 204 means the restaurant lacks the paid tier, which is not the same as a quiet day.
      if (response.status === 204 || response.data === undefined)
        return { kind: "not-entitled", requestId: response.requestId };
      return { kind: "data", ...response.data, requestId: response.requestId };
    },
    prepStationPages,
    prepStations: (restaurantGuid, opts) =>
      listAll(transport, `${BASE}/published/prepStations`, prepStation, restaurantGuid, opts),
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
