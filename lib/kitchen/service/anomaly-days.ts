import "server-only";

import { createHash } from "node:crypto";

import { addBusinessDays } from "@/lib/business-date/business-date";
import type { KitchenAnomaly } from "@/lib/kitchen/contract/responses";
import type { KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { NO_SERVICE } from "@/lib/kitchen/ingest/day-parts";
import { dayP90s, findAnomalies, LOOKBACK_WEEKS, type DayP90s } from "@/lib/kitchen/query/anomalies";
import { decodeDaySummary } from "@/lib/kitchen/storage/day-summary-codec";
import { unpack, type DayRow, type KitchenStore } from "@/lib/kitchen/storage/kitchen-store";

import { DayCache } from "./day-cache";
import { kitchenDataStart, type KitchenRestaurant } from "./service-config";

/**
 * The summary's `anomalies` (lib/kitchen/query/anomalies.ts) from the stored days: the range's
 * closed dates and the LOOKBACK_WEEKS weeks before it, as stored (nothing is fetched for the
 * lookback: a date not stored is a day without figures). Each day's p90 table (a few hundred
 * numbers) is kept in memory by its fetch instant, so a day is decoded once for every range that
 * reads it; the decoded day itself is not kept (the day reader's cache is for the figures, and a
 * lookback of 56 busy days would push them out).
 */

/** Days read from the store per query, as the day reader reads them. */
const LOAD_CHUNK_DAYS = 16;
/** Memory for the p90 tables: a busy day's is about 10 KB, so this holds thousands of days. */
const TABLE_CACHE_BYTES = 16 * 1024 * 1024;

/** About what a table holds: a key string and a small object per slice. */
const tableBytes = (t: DayP90s) => 64 + t.size * 160;

/** The summary filters that choose slices; the others (behavior, source, item, clip, outliers) do not apply. */
interface AnomalyScope {
  level?: KitchenLevel;
  station?: string;
  service?: string;
}

export function createAnomalyDays(store: Pick<KitchenStore, "dayRows" | "summaries">) {
  const cache = new DayCache<DayP90s, number>(TABLE_CACHE_BYTES, tableBytes);

  /**
   * The flagged slices of the range's closed dates (`dates`, with their stored `rows`); `cutSeconds`:
   * the summary's items-left-on-screen cut (none with `stuck=include`); `scope`: the query's level,
   * station and service filters keep their slices (a station filter drops the every-station slice).
   */
  async function anomaliesOf(
    restaurant: KitchenRestaurant,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    cutSeconds: number | undefined,
    scope: AnomalyScope = {},
  ): Promise<KitchenAnomaly[]> {
    return (await allAnomalies(restaurant, dates, rows, cutSeconds)).filter(
      (a) =>
        (scope.level === undefined || a.level === scope.level) &&
        (scope.station === undefined || a.station?.stationGuid === scope.station) &&
        (scope.service === undefined || (a.service ?? NO_SERVICE) === scope.service),
    );
  }

  /**
   * The p90 tables of the stored closed days `rows` (by date), from the cache or decoded from the
   * store; `pause`: let other work in between chunks (the backfill's warm-up, off the request path).
   */
  async function tablesOf(
    guid: string,
    rows: Map<string, DayRow>,
    cutSeconds: number | undefined,
    pause = false,
  ): Promise<Map<string, DayP90s>> {
    const tables = new Map<string, DayP90s>();
    const keyOf = (date: string) => `${guid}|${date}|${cutSeconds ?? "all"}`;
    const missing: string[] = [];
    for (const [date, row] of rows) {
      const hit = cache.get(keyOf(date), row.fetchedAt!);
      if (hit) tables.set(date, hit);
      else missing.push(date);
    }
    for (let i = 0; i < missing.length; i += LOAD_CHUNK_DAYS) {
      if (pause) await new Promise<void>((resolve) => setImmediate(resolve));
      for (const [date, blob] of await store.summaries(guid, missing.slice(i, i + LOAD_CHUNK_DAYS))) {
        // The stored copy is read as stored when it was fetched: a newer fetch is another version.
        if (blob.fetchedAt !== rows.get(date)!.fetchedAt) continue;
        let table: DayP90s;
        try {
          table = dayP90s(decodeDaySummary(unpack(blob.packed)), cutSeconds);
        } catch {
          // An unreadable day has no figures here; the day reader marks it and fetches it again.
          continue;
        }
        cache.set(keyOf(date), blob.fetchedAt, table);
        tables.set(date, table);
      }
    }
    return tables;
  }

  /**
   * Computes the p90 tables of the stored closed days in [from, to] that are not in memory yet, so a
   * summary does not decode its lookback on the request path: the backfill calls it over its window
   * once its days are stored (kitchen-service.ts serviceBackfill), with the default cut.
   */
  async function warm(restaurant: KitchenRestaurant, from: string, to: string, cutSeconds: number) {
    const start = kitchenDataStart(restaurant);
    const rows = await store.dayRows(restaurant.guid, from < start ? start : from, to);
    const closed = new Map(
      [...rows].filter(([, row]) => row.status === "complete" && row.fetchedAt !== null),
    );
    if (closed.size > 0) await tablesOf(restaurant.guid, closed, cutSeconds, true);
  }

  async function allAnomalies(
    restaurant: KitchenRestaurant,
    dates: readonly string[],
    rows: Map<string, DayRow>,
    cutSeconds: number | undefined,
  ): Promise<KitchenAnomaly[]> {
    if (dates.length === 0) return [];
    const closed = (row: DayRow | undefined) => row?.status === "complete" && row.fetchedAt !== null;
    const inRange = dates.filter((d) => closed(rows.get(d)));
    if (inRange.length === 0) return [];
    const lookbackFrom = addBusinessDays(dates[0]!, -7 * LOOKBACK_WEEKS);
    const start = kitchenDataStart(restaurant);
    const before = await store.dayRows(restaurant.guid, lookbackFrom, addBusinessDays(dates[0]!, -1));
    const all = new Map<string, DayRow>([...before].filter(([d, row]) => d >= start && closed(row)));
    for (const d of inRange) all.set(d, rows.get(d)!);

    const tables = await tablesOf(restaurant.guid, all, cutSeconds);
    return findAnomalies(inRange, (date) => tables.get(date) ?? null);
  }

  /**
   * The stored days of the lookback before `from` and their fetch instants, as a short hash: part of
   * the answer cache's key of an answer with anomalies, whose fingerprint covers only the range's own
   * days (a lookback stored later by the backfill must not leave a kept answer without its flags).
   */
  async function lookbackVersion(restaurant: KitchenRestaurant, from: string): Promise<string> {
    const rows = await store.dayRows(
      restaurant.guid,
      addBusinessDays(from, -7 * LOOKBACK_WEEKS),
      addBusinessDays(from, -1),
    );
    const stored = [...rows]
      .filter(([, row]) => row.status === "complete" && row.fetchedAt !== null)
      .map(([d, row]) => `${d}:${row.fetchedAt}`)
      .sort();
    return createHash("sha256").update(stored.join(",")).digest("base64url").slice(0, 22);
  }

  return { anomaliesOf, lookbackVersion, warm };
}
