import type { Transport } from "../client";
import { configResources, tipWithholding, type ConfigEntity, type ConfigResource } from "../schemas/config";
import type { ConfigApi } from "../types";
import { listAll, listPages, segment } from "./list-pages";

const BASE = "/config/v2";

function resourceSchema<R extends ConfigResource>(resource: R) {
  if (!Object.hasOwn(configResources, resource)) {
    throw new TypeError(`Unknown configuration resource ${JSON.stringify(resource)}`);
  }
  return configResources[resource].schema;
}

/** 4.3 Configuration API: list (paged) and get-one for each of the 23 resources, and tipWithholding. */
export function configResource(transport: Transport): ConfigApi {
  const pages: ConfigApi["pages"] = <R extends ConfigResource>(
    resource: R,
    restaurantGuid: string,
    opts?: Parameters<ConfigApi["pages"]>[2],
  ) =>
    listPages(
      transport,
      `${BASE}/${resource}`,
      resourceSchema(resource),
      restaurantGuid,
      opts,
    ) as AsyncGenerator<ConfigEntity<R>[], void, undefined>;

  return {
    pages,
    // One consistent listing, started again after a 409 (configuration republished while paging).
    list: <R extends ConfigResource>(
      resource: R,
      restaurantGuid: string,
      opts?: Parameters<ConfigApi["list"]>[2],
    ) =>
      listAll(transport, `${BASE}/${resource}`, resourceSchema(resource), restaurantGuid, opts) as Promise<
        ConfigEntity<R>[]
      >,
    async get<R extends ConfigResource>(
      resource: R,
      restaurantGuid: string,
      guid: string,
      opts: { signal?: AbortSignal } = {},
    ) {
      const response = await transport.request({
        method: "GET",
        path: `${BASE}/${resource}/${segment(guid)}`,
        restaurantGuid,
        schema: resourceSchema(resource),
        signal: opts.signal,
      });
      return response.data as ConfigEntity<R>;
    },
    async tipWithholding(restaurantGuid, opts = {}) {
      const response = await transport.request({
        method: "GET",
        path: `${BASE}/tipWithholding`,
        restaurantGuid,
        schema: tipWithholding,
        signal: opts.signal,
      });
      return response.data!;
    },
  };
}
