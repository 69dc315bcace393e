import "server-only";

import { deflateRawSync, inflateRawSync } from "node:zlib";

import { periodsContaining } from "@/lib/business-date/periods";
import type { Database, Queryable } from "@/lib/db/database";
import type { DateHold } from "@/lib/kitchen/contract/responses";
import { INGEST_COUNT_KEYS, type IngestCounts } from "@/lib/kitchen/ingest/ingest";
import type { ItemFulfillment } from "@/lib/platform/schemas";

/**
 * The kitchen tables (lib/db/migrations.ts): one row per restaurant and business date with its
 * status and encoded summary, the raw records in deflated chunks, and the targets. Binary data
 * travels as base64 text: PGlite moves text several times faster than bytea, and PostgreSQL
 * does not care.
 */

export type StoredStatus = "complete" | "open" | "not_entitled" | "failed";

export interface DayRow {
  businessDate: string;
  status: StoredStatus;
  /** Epoch ms of the last upstream attempt, successful or not. */
  attemptedAt: number;
  /** Epoch ms the stored data was fetched; null when there is none. */
  fetchedAt: number | null;
  reason: string | null;
  recordCount: number;
  /** What the export held that the figures leave out; null for days stored before it was kept. */
  ingest: IngestCounts | null;
  /** Only on a failed row made up for a held location's date (never stored): why it was not asked. */
  hold?: DateHold;
}

export interface StoredDay {
  status: "complete" | "open";
  attemptedAt: number;
  summary: Uint8Array;
  tickets: Uint8Array;
  records: readonly ItemFulfillment[];
  ingest: IngestCounts;
  /**
   * The day's level digest (lib/kitchen/query/level-digest.ts), stored with the day so no
   * Overview has to decode the day to make it (issue 31); absent, the Overview makes it once.
   */
  levelDigest?: Uint8Array;
}

/** Records per stored chunk: a CSV export streams a chunk at a time. */
export const RECORDS_PER_CHUNK = 2000;

const pack = (bytes: Uint8Array) => deflateRawSync(bytes, { level: 1 }).toString("base64");
/** The bytes of a stored blob (summary, ticket facts, record chunk); throws on a damaged one. */
export const unpack = (text: string) => new Uint8Array(inflateRawSync(Buffer.from(text, "base64")));

interface DayRowSql {
  business_date: string;
  status: StoredStatus;
  attempted_at: Date | string;
  fetched_at: Date | string | null;
  reason: string | null;
  record_count: number;
  ingest: string | null;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));

function toDayRow(r: DayRowSql): DayRow {
  return {
    businessDate: r.business_date,
    status: r.status,
    attemptedAt: ms(r.attempted_at),
    fetchedAt: r.fetched_at === null ? null : ms(r.fetched_at),
    reason: r.reason,
    recordCount: Number(r.record_count),
    ingest: parseIngest(r.ingest),
  };
}

/** Stored counts, read liberally: a damaged value is "not known", never a failed request. */
function parseIngest(text: string | null): IngestCounts | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const out = {} as IngestCounts;
    for (const key of INGEST_COUNT_KEYS) out[key] = typeof value[key] === "number" ? value[key] : 0;
    return out;
  } catch {
    return null;
  }
}

const DAY_COLUMNS = "business_date, status, attempted_at, fetched_at, reason, record_count, ingest";

export class KitchenStore {
  constructor(readonly db: Database) {}

  async dayRows(restaurantGuid: string, from: string, to: string): Promise<Map<string, DayRow>> {
    const rows = await this.db.query<DayRowSql>(
      `SELECT ${DAY_COLUMNS} FROM kitchen_days WHERE restaurant_guid = $1 AND business_date BETWEEN $2 AND $3`,
      [restaurantGuid, from, to],
    );
    return new Map(rows.map((r) => [r.business_date, toDayRow(r)]));
  }

  /**
   * dayRows of many restaurants over one window, in one query, with each day's stored level digest
   * beside its row (kitchen_day_levels, joined): the first Overview after a restart reads its rows
   * and digests in one query instead of two (issue 31). A digest comes with the version it was made
   * from (`digestVersion`); the caller uses it only when that is the row's fetchedAt.
   */
  async dayRowsWithDigestsOf(
    restaurantGuids: readonly string[],
    from: string,
    to: string,
  ): Promise<{ restaurantGuid: string; row: DayRow; digestVersion: number | null; digest: string | null }[]> {
    if (restaurantGuids.length === 0) return [];
    const rows = await this.db.query<
      DayRowSql & { restaurant_guid: string; digest_version: string | number | null; digest: string | null }
    >(
      `SELECT d.restaurant_guid, ${DAY_COLUMNS.split(", ")
        .map((c) => `d.${c}`)
        .join(", ")}, l.fetched_at_ms AS digest_version, l.digest
        FROM kitchen_days d LEFT JOIN kitchen_day_levels l
          ON l.restaurant_guid = d.restaurant_guid AND l.business_date = d.business_date
        WHERE d.restaurant_guid = ANY($1::text[]) AND d.business_date BETWEEN $2 AND $3`,
      [restaurantGuids, from, to],
    );
    return rows.map((r) => ({
      restaurantGuid: r.restaurant_guid,
      row: toDayRow(r),
      digestVersion: r.digest_version === null ? null : Number(r.digest_version),
      digest: r.digest,
    }));
  }

  async dayRow(q: Queryable, restaurantGuid: string, date: string): Promise<DayRow | undefined> {
    const rows = await q.query<DayRowSql>(
      `SELECT ${DAY_COLUMNS} FROM kitchen_days WHERE restaurant_guid = $1 AND business_date = $2`,
      [restaurantGuid, date],
    );
    return rows[0] ? toDayRow(rows[0]) : undefined;
  }

  /**
   * Per restaurant, what the Platform last answered about its kitchen data: the status of its
   * latest business date with an answer (data, or 204 for the tier). The tier on the latest date
   * is the current one; dates that failed or were never fetched say nothing.
   */
  async latestAnswers(
    restaurantGuids: readonly string[],
  ): Promise<Map<string, { entitled: boolean; businessDate: string }>> {
    const out = new Map<string, { entitled: boolean; businessDate: string }>();
    if (restaurantGuids.length === 0) return out;
    const rows = await this.db.query<{
      restaurant_guid: string;
      business_date: string;
      status: StoredStatus;
    }>(
      `SELECT DISTINCT ON (restaurant_guid) restaurant_guid, business_date, status FROM kitchen_days
        WHERE restaurant_guid = ANY($1::text[]) AND status IN ('complete', 'open', 'not_entitled')
        ORDER BY restaurant_guid, business_date DESC`,
      [restaurantGuids],
    );
    for (const r of rows)
      out.set(r.restaurant_guid, { entitled: r.status !== "not_entitled", businessDate: r.business_date });
    return out;
  }

  /** Stored summaries of the given dates (those that have one), still packed: see `unpack`. */
  async summaries(
    restaurantGuid: string,
    dates: readonly string[],
  ): Promise<Map<string, { fetchedAt: number; packed: string }>> {
    return this.blobs(restaurantGuid, dates, "summary");
  }

  async ticketFacts(
    restaurantGuid: string,
    dates: readonly string[],
  ): Promise<Map<string, { fetchedAt: number; packed: string }>> {
    return this.blobs(restaurantGuid, dates, "tickets");
  }

  private async blobs(restaurantGuid: string, dates: readonly string[], column: "summary" | "tickets") {
    const out = new Map<string, { fetchedAt: number; packed: string }>();
    if (dates.length === 0) return out;
    const rows = await this.db.query<{ business_date: string; fetched_at: Date | string; blob: string }>(
      `SELECT business_date, fetched_at, ${column} AS blob FROM kitchen_days
        WHERE restaurant_guid = $1 AND business_date = ANY($2::text[]) AND ${column} IS NOT NULL AND fetched_at IS NOT NULL`,
      [restaurantGuid, dates],
    );
    for (const r of rows) out.set(r.business_date, { fetchedAt: ms(r.fetched_at), packed: r.blob });
    return out;
  }

  /**
   * Replaces the day's data: summary, ticket facts and raw records, in one transaction, so a
   * reader sees either the old day or the whole new one. The stored rollups of the periods that
   * contain the date go in the same transaction: a replaced day (a settle read) would make their
   * version stale anyway, and none is left standing for figures the store no longer holds.
   */
  async saveDay(q: Queryable, restaurantGuid: string, date: string, day: StoredDay): Promise<void> {
    const summary = pack(day.summary);
    const tickets = pack(day.tickets);
    const chunks: { count: number; text: string }[] = [];
    for (let i = 0; i < day.records.length; i += RECORDS_PER_CHUNK) {
      const slice = day.records.slice(i, i + RECORDS_PER_CHUNK);
      chunks.push({ count: slice.length, text: pack(new TextEncoder().encode(JSON.stringify(slice))) });
    }
    await q.transaction(async (tx) => {
      await tx.query("DELETE FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2", [
        restaurantGuid,
        date,
      ]);
      for (const [i, chunk] of chunks.entries()) {
        await tx.query(
          "INSERT INTO kitchen_day_records (restaurant_guid, business_date, chunk, record_count, records) VALUES ($1, $2, $3, $4, $5)",
          [restaurantGuid, date, i, chunk.count, chunk.text],
        );
      }
      const at = new Date(day.attemptedAt).toISOString();
      await tx.query(
        `INSERT INTO kitchen_days (restaurant_guid, business_date, status, attempted_at, fetched_at, reason, record_count, summary, tickets, ingest)
         VALUES ($1, $2, $3, $4, $4, NULL, $5, $6, $7, $8)
         ON CONFLICT (restaurant_guid, business_date) DO UPDATE SET
           status = EXCLUDED.status, attempted_at = EXCLUDED.attempted_at, fetched_at = EXCLUDED.fetched_at,
           reason = NULL, record_count = EXCLUDED.record_count, summary = EXCLUDED.summary, tickets = EXCLUDED.tickets,
           ingest = EXCLUDED.ingest`,
        [
          restaurantGuid,
          date,
          day.status,
          at,
          day.records.length,
          summary,
          tickets,
          JSON.stringify(day.ingest),
        ],
      );
      if (day.levelDigest)
        await tx.query(
          `INSERT INTO kitchen_day_levels (restaurant_guid, business_date, fetched_at_ms, digest) VALUES ($1, $2, $3, $4)
            ON CONFLICT (restaurant_guid, business_date)
            DO UPDATE SET fetched_at_ms = EXCLUDED.fetched_at_ms, digest = EXCLUDED.digest`,
          [restaurantGuid, date, day.attemptedAt, Buffer.from(day.levelDigest).toString("base64")],
        );
      const { month, week } = periodsContaining(date);
      await tx.query(
        "DELETE FROM kitchen_rollups WHERE restaurant_guid = $1 AND ((period_kind = 'month' AND period_start = $2) OR (period_kind = 'week' AND period_start = $3))",
        [restaurantGuid, month, week],
      );
    });
  }

  /** A 204: the restaurant lacks the tier. Any earlier data of the date goes. */
  async saveNotEntitled(
    q: Queryable,
    restaurantGuid: string,
    date: string,
    attemptedAt: number,
  ): Promise<void> {
    await q.transaction(async (tx) => {
      await tx.query("DELETE FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2", [
        restaurantGuid,
        date,
      ]);
      await tx.query(
        `INSERT INTO kitchen_days (restaurant_guid, business_date, status, attempted_at, fetched_at, reason, record_count, summary, tickets)
         VALUES ($1, $2, 'not_entitled', $3, NULL, NULL, 0, NULL, NULL)
         ON CONFLICT (restaurant_guid, business_date) DO UPDATE SET
           status = 'not_entitled', attempted_at = EXCLUDED.attempted_at, fetched_at = NULL, reason = NULL,
           record_count = 0, summary = NULL, tickets = NULL, ingest = NULL`,
        [restaurantGuid, date, new Date(attemptedAt).toISOString()],
      );
    });
  }

  /**
   * A failed fetch. An open date keeps its last good snapshot (still shown, as of its time), and a
   * complete one whose settle read failed keeps its provisional data; both only note the attempt.
   * Any other date becomes "failed" and counts for nothing.
   */
  async saveFailure(
    q: Queryable,
    restaurantGuid: string,
    date: string,
    attemptedAt: number,
    reason: string,
  ): Promise<void> {
    await q.query(
      `INSERT INTO kitchen_days (restaurant_guid, business_date, status, attempted_at, reason)
       VALUES ($1, $2, 'failed', $3, $4)
       ON CONFLICT (restaurant_guid, business_date) DO UPDATE SET
         status = CASE WHEN kitchen_days.status IN ('open', 'complete') THEN kitchen_days.status ELSE 'failed' END,
         attempted_at = EXCLUDED.attempted_at, reason = EXCLUDED.reason`,
      [restaurantGuid, date, new Date(attemptedAt).toISOString(), reason.slice(0, 500)],
    );
  }

  /** Dates whose stored data cannot be read: failed, and due for a fetch at once. */
  async markUnreadable(restaurantGuid: string, dates: readonly string[], reason: string): Promise<void> {
    await this.db.query(
      `UPDATE kitchen_days SET status = 'failed', reason = $3, attempted_at = to_timestamp(0), fetched_at = NULL, summary = NULL, tickets = NULL
        WHERE restaurant_guid = $1 AND business_date = ANY($2::text[])`,
      [restaurantGuid, dates, reason],
    );
  }

  /** The raw records of the dates, a stored chunk at a time, in date order. */
  async *recordChunks(
    restaurantGuid: string,
    dates: readonly string[],
  ): AsyncGenerator<{ date: string; records: ItemFulfillment[] }> {
    for (const date of dates) {
      const chunks = await this.db.query<{ chunk: number }>(
        "SELECT chunk FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2 ORDER BY chunk",
        [restaurantGuid, date],
      );
      for (const { chunk } of chunks) {
        const rows = await this.db.query<{ records: string }>(
          "SELECT records FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2 AND chunk = $3",
          [restaurantGuid, date, chunk],
        );
        if (rows[0])
          yield {
            date,
            records: JSON.parse(new TextDecoder().decode(unpack(rows[0].records))) as ItemFulfillment[],
          };
      }
    }
  }

  /** Chunks `chunks` of one date, keyed by chunk number. */
  async recordsIn(
    restaurantGuid: string,
    date: string,
    chunks: readonly number[],
  ): Promise<Map<number, ItemFulfillment[]>> {
    const rows = await this.db.query<{ chunk: number; records: string }>(
      "SELECT chunk, records FROM kitchen_day_records WHERE restaurant_guid = $1 AND business_date = $2 AND chunk = ANY($3::int[])",
      [restaurantGuid, date, chunks],
    );
    return new Map(
      rows.map((r) => [
        Number(r.chunk),
        JSON.parse(new TextDecoder().decode(unpack(r.records))) as ItemFulfillment[],
      ]),
    );
  }

  /**
   * Stored rollups of one metric for the periods, whatever their version, still packed; their
   * detail (the full cubes, the larger part) only when asked.
   */
  async rollups(
    restaurantGuid: string,
    metric: string,
    periods: readonly { kind: string; start: string }[],
    withDetail: boolean,
  ): Promise<Map<string, { version: string; packed: string; detail: string | null }>> {
    const out = new Map<string, { version: string; packed: string; detail: string | null }>();
    if (periods.length === 0) return out;
    const rows = await this.db.query<{
      period_kind: string;
      period_start: string;
      version: string;
      data: string;
      detail: string | null;
    }>(
      `SELECT period_kind, period_start, version, data, ${withDetail ? "detail" : "NULL AS detail"} FROM kitchen_rollups
        WHERE restaurant_guid = $1 AND metric = $2 AND period_kind || ':' || period_start = ANY($3::text[])`,
      [restaurantGuid, metric, periods.map((p) => `${p.kind}:${p.start}`)],
    );
    for (const r of rows)
      out.set(`${r.period_kind}:${r.period_start}`, { version: r.version, packed: r.data, detail: r.detail });
    return out;
  }

  /** The versions of the periods' stored rollups (of fire to fulfill: a period's metrics are saved together), by "kind:start". */
  async rollupVersions(
    restaurantGuid: string,
    periods: readonly { kind: string; start: string }[],
  ): Promise<Map<string, string>> {
    if (periods.length === 0) return new Map();
    const rows = await this.db.query<{ period_kind: string; period_start: string; version: string }>(
      `SELECT period_kind, period_start, version FROM kitchen_rollups
        WHERE restaurant_guid = $1 AND metric = 'fire_to_fulfill' AND period_kind || ':' || period_start = ANY($2::text[])`,
      [restaurantGuid, periods.map((p) => `${p.kind}:${p.start}`)],
    );
    return new Map(rows.map((r) => [`${r.period_kind}:${r.period_start}`, r.version]));
  }

  /** A period's rollups (one per metric), replacing older ones, in one transaction. */
  async saveRollups(
    restaurantGuid: string,
    kind: string,
    start: string,
    version: string,
    perMetric: readonly { metric: string; head: Uint8Array; detail: Uint8Array }[],
  ): Promise<void> {
    const packed = perMetric.map((m) => ({ metric: m.metric, data: pack(m.head), detail: pack(m.detail) }));
    await this.db.transaction(async (tx) => {
      for (const m of packed) {
        await tx.query(
          `INSERT INTO kitchen_rollups (restaurant_guid, period_kind, period_start, metric, version, data, detail, built_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now())
           ON CONFLICT (restaurant_guid, period_kind, period_start, metric) DO UPDATE SET
             version = EXCLUDED.version, data = EXCLUDED.data, detail = EXCLUDED.detail, built_at = EXCLUDED.built_at`,
          [restaurantGuid, kind, start, m.metric, version, m.data, m.detail],
        );
      }
    });
  }
}
