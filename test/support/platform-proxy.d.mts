/** Types of platform-proxy.mjs (plain JavaScript, so the e2e config can run it with node alone). */
export interface PlatformProxyCounts {
  logins: number;
  requests: number;
  /** itemFulfillments calls that reached the Platform, by "<restaurantGuid>|<businessDate>". */
  exports: Record<string, number>;
}

export interface PlatformProxy {
  url: string;
  counts(): PlatformProxyCounts;
  close(): Promise<void>;
}

export function startPlatformProxy(opts: { port?: number; target: string; productionLogin?: boolean }): Promise<PlatformProxy>;
