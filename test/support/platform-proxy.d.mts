// Types of platform-proxy.mjs for the TypeScript tests that import it.
export interface PlatformProxyCounts {
  logins: number;
  requests: number;
  /** itemFulfillments calls that reached the Platform, per "<restaurantGuid>|<businessDate>". */
  exports: Record<string, number>;
  /** itemFulfillments calls not yet answered in full (or given up by the caller). */
  exportsInFlight: number;
  /** The most exportsInFlight has been. */
  peakExportsInFlight: number;
  /** The status of each itemFulfillments call, per "<restaurantGuid>|<businessDate>" (a 429 retried is not a second download). */
  exportStatuses: Record<string, number[]>;
}

export interface PlatformProxy {
  url: string;
  counts(): PlatformProxyCounts;
  close(): Promise<void>;
}

export function startPlatformProxy(opts: {
  port?: number;
  target: string;
  productionLogin?: boolean;
}): Promise<PlatformProxy>;
