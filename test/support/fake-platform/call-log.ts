/**
 * Every call the fake real service received, as the service's side of the acceptance counts them:
 * when it arrived, which location (the restaurant header, or the path's GUID for restaurant
 * information), which endpoint and business date, the answer's status (0: the connection was
 * reset), and whether the outage was on. Shared by the fake (which records) and its readers
 * (the acceptance test and bench:chain, which receive the same rows over the admin endpoint).
 */
export interface Call {
  /** Arrival, epoch ms. */
  t: number;
  location: string | null;
  /** login | info | export | prepStations | config:<resource> | other */
  endpoint: string;
  /** YYYYMMDD for exports, else null. */
  date: string | null;
  status: number;
  outage: boolean;
  /** A follow-up page (the request carried a pageToken). */
  paged: boolean;
}

/** Which endpoint a path is, and the GUID it names for restaurant information. */
export function classify(method: string, path: string): { endpoint: string; pathGuid: string | null } {
  if (method === "POST" && path === "/authentication/v1/authentication/login")
    return { endpoint: "login", pathGuid: null };
  const info = /^\/restaurants\/v1\/restaurants\/([^/]+)$/.exec(path);
  if (info) return { endpoint: "info", pathGuid: decodeURIComponent(info[1]!) };
  if (path === "/kitchen/v1/export/itemFulfillments") return { endpoint: "export", pathGuid: null };
  if (path.startsWith("/kitchen/v1/published/prepStations"))
    return { endpoint: "prepStations", pathGuid: null };
  const config = /^\/config\/v2\/([A-Za-z]+)/.exec(path);
  if (config) return { endpoint: `config:${config[1]}`, pathGuid: null };
  return { endpoint: "other", pathGuid: null };
}

/** Calls counted per "location|endpoint|date" (date empty when none). */
export function countByKey(calls: readonly Call[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) {
    const key = `${c.location ?? ""}|${c.endpoint}|${c.date ?? ""}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

export interface SecondRow {
  /** Epoch second. */
  second: number;
  total: number;
  /** The busiest location's calls in that second. */
  maxPerLocation: number;
  rateLimited: number;
}

/** Calls per wall-clock second, summed and for the busiest location, with the 429s among them. */
export function perSecond(calls: readonly Call[]): SecondRow[] {
  const rows = new Map<number, { total: number; byLocation: Map<string, number>; rateLimited: number }>();
  for (const c of calls) {
    const second = Math.floor(c.t / 1000);
    let row = rows.get(second);
    if (!row) rows.set(second, (row = { total: 0, byLocation: new Map(), rateLimited: 0 }));
    row.total += 1;
    if (c.status === 429) row.rateLimited += 1;
    const key = c.location ?? "";
    row.byLocation.set(key, (row.byLocation.get(key) ?? 0) + 1);
  }
  return [...rows]
    .sort(([a], [b]) => a - b)
    .map(([second, row]) => ({
      second,
      total: row.total,
      maxPerLocation: Math.max(...row.byLocation.values()),
      rateLimited: row.rateLimited,
    }));
}

/** The largest number of matching calls in any window of `windowMs` (a sliding window over arrivals). */
export function maxInWindow(calls: readonly Call[], windowMs: number): number {
  const times = calls.map((c) => c.t).sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
