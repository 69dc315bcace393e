// Types for platform-proxy.mjs (plain JavaScript so Playwright's webServer can run it with node).
export interface PlatformProxyCounts {
  logins: number;
  requests: number;
  /** itemFulfillments calls that reached the Platform, keyed "<restaurantGuid>|<businessDate>". */
  exports: Record<string, number>;
  /** The statuses those calls were answered with, in order (0: no answer). */
  exportStatuses: Record<string, number[]>;
}

export interface PlatformProxy {
  url: string;
  counts(): PlatformProxyCounts;
  close(): Promise<void>;
}

export function startPlatformProxy(opts: { port?: number; target: string; productionLogin?: boolean }): Promise<PlatformProxy>;
