import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Database } from "@/lib/db/database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { withDayClaim } from "@/lib/kitchen/storage/day-claims";

import { openTestDatabase, type TestDatabase } from "./kitchen-harness";

/**
 * The day's claim on PostgreSQL (lib/kitchen/storage/day-claims.ts): one holder at a time across
 * instances, no pooled connection held while the holder works (an export may wait a minute for its
 * first byte), a claim left by a dead instance taken once it lapses.
 */

const KEY = "kitchen-day:guid|20250301";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("the day's claim on PostgreSQL", () => {
  let t: TestDatabase;
  let second: Database;

  beforeEach(async () => {
    t = await openTestDatabase("postgres");
    // One connection only: a claim that held a connection over its work would leave none.
    second = openPostgresDatabase(t.url!, { max: 1 });
  });
  afterEach(async () => {
    await second.close();
    await t.drop();
  });

  it("holds no pooled connection while its holder works, and is given back after", async () => {
    const working = gate();
    const release = gate();
    const held = withDayClaim(second, KEY, async () => {
      working.open();
      await release.opened;
      return "stored";
    });
    await working.opened;
    // The only connection of this pool is free: a query answers at once.
    expect(await second.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);
    expect(await t.db.query("SELECT claim_key FROM kitchen_day_claims")).toEqual([{ claim_key: KEY }]);
    release.open();
    expect(await held).toBe("stored");
    expect(await t.db.query("SELECT claim_key FROM kitchen_day_claims")).toEqual([]);
  });

  it("lets a second instance in only after the first has given it back, and only one at a time", async () => {
    const order: string[] = [];
    const release = gate();
    const working = gate();
    const first = withDayClaim(t.db, KEY, async () => {
      order.push("first in");
      working.open();
      await release.opened;
      order.push("first out");
    });
    await working.opened;
    const other = withDayClaim(second, KEY, async () => void order.push("second in"));
    // The second polls: give it several turns, in which it must not get in.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(order).toEqual(["first in"]);
    release.open();
    await Promise.all([first, other]);
    expect(order).toEqual(["first in", "first out", "second in"]);
  });

  it("gives the claim back when the holder throws", async () => {
    await expect(
      withDayClaim(t.db, KEY, async () => {
        throw new Error("export refused");
      }),
    ).rejects.toThrow("export refused");
    expect(await t.db.query("SELECT claim_key FROM kitchen_day_claims")).toEqual([]);
  });

  it("keeps a live holder's claim past its lease by renewing it", async () => {
    const lease = { leaseMs: 600, renewMs: 150 };
    const release = gate();
    const working = gate();
    const order: string[] = [];
    const first = withDayClaim(
      t.db,
      KEY,
      async () => {
        working.open();
        await release.opened;
        order.push("first out");
      },
      lease,
    );
    await working.opened;
    const other = withDayClaim(second, KEY, async () => void order.push("second in"), lease);
    // Three leases long: a claim not renewed would have lapsed twice over.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(order).toEqual([]);
    release.open();
    await Promise.all([first, other]);
    expect(order).toEqual(["first out", "second in"]);
  });

  it("takes over a claim whose holder died once it has lapsed, not before", async () => {
    // Another instance's claim, alive for 1 s on the database's clock, never given back.
    await t.db.query(
      `INSERT INTO kitchen_day_claims (claim_key, token, expires_at_ms)
       VALUES ($1, 'dead-instance', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 1000)`,
      [KEY],
    );
    const startedAt = Date.now();
    let ranAt = 0;
    await withDayClaim(second, KEY, async () => void (ranAt = Date.now()));
    expect(ranAt - startedAt).toBeGreaterThanOrEqual(900);
    // Its own claim was given back; the dead one's row went with the takeover.
    expect(await t.db.query("SELECT claim_key FROM kitchen_day_claims")).toEqual([]);
  });
});
