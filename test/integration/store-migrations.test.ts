import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";

import { DatabaseClosedError } from "@/lib/db/database";
import { migrate, MIGRATIONS } from "@/lib/db/migrations";
import { openPgliteDatabase } from "@/lib/db/pglite-database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { targetSchedule } from "@/lib/kitchen/contract/target-versions";
import { readTargetVersions } from "@/lib/kitchen/storage/target-versions";

import { openTestDatabase, STORE_KINDS } from "./kitchen-harness";

describe.each(STORE_KINDS)("migrations on %s", (kind) => {
  it("apply once, record each version, and do nothing the second time", async () => {
    const t = await openTestDatabase(kind); // already migrated once
    try {
      expect(await migrate(t.db)).toEqual([]);
      const versions = await t.db.query<{ version: number }>(
        "SELECT version FROM schema_migrations ORDER BY version",
      );
      expect(versions.map((v) => Number(v.version))).toEqual(MIGRATIONS.map((m) => m.version));
      const tables = await t.db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.map((r) => r.table_name)).toEqual([
        "alert_events",
        "alert_rules",
        "area_restaurants",
        "areas",
        "audit_log",
        "auth_sessions",
        "deployment_restaurants",
        "digest_sends",
        "discovered_restaurants",
        "kitchen_annotations",
        "kitchen_config_fingerprints",
        "kitchen_day_claims",
        "kitchen_day_levels",
        "kitchen_day_records",
        "kitchen_days",
        "kitchen_kept_answers",
        "kitchen_location_holds",
        "kitchen_rollups",
        "kitchen_station_targets",
        "kitchen_target_versions",
        "kitchen_targets",
        "kitchen_ticket_targets",
        "mail_outbox",
        "one_time_links",
        "people",
        "people_first_run",
        "person_areas",
        "person_restaurants",
        "platform_location_budget",
        "platform_login_backoff",
        "platform_request_budget",
        "restaurant_discovery_status",
        "restaurant_identities",
        "schema_migrations",
        "sign_in_attempts",
        "sign_in_backoff",
      ]);
    } finally {
      await t.drop();
    }
  });

  it("roll a failing migration back whole", async () => {
    const t = await openTestDatabase(kind);
    try {
      const broken = [
        ...MIGRATIONS,
        {
          version: 999,
          name: "half a change",
          sql: "CREATE TABLE half_done (x int); SELECT no_such_function();",
        },
      ];
      await expect(migrate(t.db, broken)).rejects.toThrow(/no_such_function/);
      const left = await t.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(left).toEqual([]);
      const versions = await t.db.query<{ version: number }>("SELECT version FROM schema_migrations");
      expect(versions.map((v) => Number(v.version))).not.toContain(999);
    } finally {
      await t.drop();
    }
  });
});

describe.each(STORE_KINDS)("a closed database on %s", (kind) => {
  // What a rollup build queued before shutdown meets: a typed error it can leave unreported.
  it("refuses every call with DatabaseClosedError", async () => {
    const t = await openTestDatabase(kind);
    expect(await t.db.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await t.drop();
    await expect(t.db.query("SELECT 1")).rejects.toBeInstanceOf(DatabaseClosedError);
    await expect(t.db.exec("SELECT 1")).rejects.toBeInstanceOf(DatabaseClosedError);
    await expect(t.db.transaction((tx) => tx.query("SELECT 1"))).rejects.toBeInstanceOf(DatabaseClosedError);
    await expect(t.db.withLock("after", (q) => q.query("SELECT 1"))).rejects.toBeInstanceOf(
      DatabaseClosedError,
    );
  });
});

describe("migrations on a shared PostgreSQL", () => {
  it("are safe when several instances start at once", async () => {
    const serverUrl = inject("postgresUrl");
    const name = `kp_mig_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const instances = Array.from({ length: 5 }, () => openPostgresDatabase(url.toString(), { max: 2 }));
    try {
      const applied = await Promise.all(instances.map((db) => migrate(db)));
      // Exactly one instance applied the schema; the others waited on the lock and found it done.
      expect(applied.filter((a) => a.length > 0)).toEqual([MIGRATIONS.map((m) => m.version)]);
      const versions = await instances[0]!.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM schema_migrations",
      );
      expect(versions[0]!.n).toBe(MIGRATIONS.length);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe("PGlite on disk", () => {
  it("keeps the data across a restart", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = mkdtempSync(path.join(tmpdir(), "kp-pglite-"));
    try {
      const first = await openPgliteDatabase(dir);
      await migrate(first);
      await first.query(
        "INSERT INTO kitchen_targets (restaurant_guid, level, seconds, updated_at) VALUES ('r', 0, 90, now())",
      );
      await first.close();
      const second = await openPgliteDatabase(dir);
      expect(await migrate(second)).toEqual([]);
      expect(await second.query("SELECT seconds FROM kitchen_targets WHERE restaurant_guid = 'r'")).toEqual([
        { seconds: 90 },
      ]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("migration 20: targets with effective dates", () => {
  it("copies the undated targets in as in force since the beginning, so no day is judged differently", async () => {
    const db = await openPgliteDatabase();
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 20),
      );
      await db.exec(`
        INSERT INTO kitchen_targets VALUES ('r', 0, 300, '2025-03-01T12:00:00Z');
        INSERT INTO kitchen_station_targets VALUES ('r', 'grill', 0, 200, '2025-03-02T12:00:00Z');
        INSERT INTO kitchen_ticket_targets VALUES ('r', 1, 900, '2025-03-03T12:00:00Z');
      `);
      expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version).filter((v) => v >= 20));
      const schedule = targetSchedule(
        await readTargetVersions(db, { guid: "r", timeZone: "America/New_York", closeoutHour: 4 }),
      );
      for (const date of ["19700101", "20200101", "20250320"]) {
        const t = schedule.on(date);
        expect([t.book, t.tickets[1], t.levels[0].source]).toEqual([
          {
            levels: { 0: 300, 1: 720, 2: 840 },
            stations: [{ stationGuid: "grill", level: 0, seconds: 200 }],
          },
          900,
          "own",
        ]);
      }
      expect(schedule.breaksWithin("19700101", "20991231")).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
