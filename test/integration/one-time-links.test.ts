import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

import { createOneTimeLinks, OneTimeLinkError, type LinkFailure } from "@/lib/auth/one-time-links";
import type { Database } from "@/lib/db/database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";

import { openTestDatabase, STORE_KINDS } from "./kitchen-harness";

const HOUR = 3_600_000;
const TTL = { invitation: 7 * 24 * HOUR, password_reset: HOUR };
const ISSUED = Date.parse("2026-03-02T09:00:00Z");

async function failureOf(promise: Promise<unknown>): Promise<LinkFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OneTimeLinkError);
  return (error as OneTimeLinkError).reason;
}

const grantOnly = async <T>(grant: T) => grant;

describe.each(STORE_KINDS)("one-time links on %s", (kind) => {
  /** A test's own store of links on a clock that starts at ISSUED; the store is dropped after `body`. */
  async function withLinks(
    body: (
      links: ReturnType<typeof createOneTimeLinks>,
      clock: { now: number },
      db: Database,
    ) => Promise<void>,
  ): Promise<void> {
    const t = await openTestDatabase(kind);
    try {
      const clock = { now: ISSUED };
      await body(createOneTimeLinks(t.db, { ttlMs: TTL, now: () => clock.now }), clock, t.db);
    } finally {
      await t.drop();
    }
  }

  it("redeem once returns the payload; a second time says already used", () =>
    withLinks(async (links, _clock, db) => {
      const { token, expiresAt } = await links.issue({
        purpose: "invitation",
        email: "Mia@Kitchen.test",
        payload: { role: "manager", restaurants: ["r1"] },
      });
      expect(expiresAt.getTime()).toBe(ISSUED + TTL.invitation);
      // Only the hash is stored: the token appears nowhere in the table.
      const rows = await db.query<Record<string, unknown>>("SELECT * FROM one_time_links");
      expect(JSON.stringify(rows)).not.toContain(token);

      expect(await links.peek(token, "invitation")).toMatchObject({ email: "mia@kitchen.test" });
      const grant = await links.redeem(token, "invitation", grantOnly);
      expect(grant).toMatchObject({
        purpose: "invitation",
        email: "mia@kitchen.test",
        payload: { role: "manager", restaurants: ["r1"] },
      });
      expect(await failureOf(links.redeem(token, "invitation", grantOnly))).toBe("used");
      expect(await failureOf(links.peek(token, "invitation"))).toBe("used");
    }));

  it("says expired once the lifetime has passed, to the millisecond", () =>
    withLinks(async (links, clock) => {
      const { token } = await links.issue({ purpose: "password_reset", email: "ben@kitchen.test" });
      clock.now = ISSUED + HOUR - 1;
      expect(await links.peek(token, "password_reset")).toMatchObject({ email: "ben@kitchen.test" });
      clock.now = ISSUED + HOUR;
      expect(await failureOf(links.peek(token, "password_reset"))).toBe("expired");
      expect(await failureOf(links.redeem(token, "password_reset", grantOnly))).toBe("expired");
    }));

  it("says unknown for a token never issued, a malformed one, and one of another purpose", () =>
    withLinks(async (links) => {
      const { token } = await links.issue({ purpose: "password_reset", email: "ben@kitchen.test" });
      expect(
        await failureOf(links.redeem(randomBytes(32).toString("base64url"), "password_reset", grantOnly)),
      ).toBe("unknown");
      expect(await failureOf(links.redeem("not-a-token", "password_reset", grantOnly))).toBe("unknown");
      expect(await failureOf(links.redeem(token, "invitation", grantOnly))).toBe("unknown");
      // The refusals did not use it.
      await expect(links.redeem(token, "password_reset", grantOnly)).resolves.toMatchObject({
        email: "ben@kitchen.test",
      });
    }));

  it("leaves the link unused when what it was used for fails", () =>
    withLinks(async (links) => {
      const { token } = await links.issue({ purpose: "invitation", email: "mia@kitchen.test" });
      await expect(
        links.redeem(token, "invitation", async () => {
          throw new Error("the people store refused");
        }),
      ).rejects.toThrow("the people store refused");
      await expect(links.redeem(token, "invitation", grantOnly)).resolves.toMatchObject({
        email: "mia@kitchen.test",
      });
    }));

  it("ends an address's earlier unused link when a new one is issued for the same purpose", () =>
    withLinks(async (links, clock) => {
      const first = await links.issue({ purpose: "invitation", email: "mia@kitchen.test" });
      const reset = await links.issue({ purpose: "password_reset", email: "mia@kitchen.test" });
      clock.now += 1_000;
      const second = await links.issue({ purpose: "invitation", email: "mia@kitchen.test" });
      expect(await failureOf(links.peek(first.token, "invitation"))).toBe("expired");
      expect(await links.peek(second.token, "invitation")).toMatchObject({ email: "mia@kitchen.test" });
      // Another purpose's link is not touched.
      expect(await links.peek(reset.token, "password_reset")).toMatchObject({ email: "mia@kitchen.test" });
      expect(await links.issuedSince("mia@kitchen.test", "invitation", ISSUED - 1)).toBe(2);
    }));

  it("lets exactly one of several redeems at once win", async () => {
    const t = await openTestDatabase(kind);
    // On PostgreSQL, two instances (pools) of their own, as two app servers would be.
    const others: Database[] = t.url
      ? [openPostgresDatabase(t.url, { max: 4 }), openPostgresDatabase(t.url, { max: 4 })]
      : [];
    try {
      const stores = [t.db, ...others].map((db) => createOneTimeLinks(db, { ttlMs: TTL }));
      const { token } = await stores[0]!.issue({ purpose: "invitation", email: "mia@kitchen.test" });
      let used = 0;
      const attempts = Array.from({ length: 8 }, (_, i) =>
        stores[i % stores.length]!.redeem(token, "invitation", async (grant, tx) => {
          // Work inside the transaction, so the others really wait on it.
          await tx.query("SELECT pg_sleep(0.05)");
          used += 1;
          return grant.email;
        }),
      );
      const results = await Promise.allSettled(attempts);
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won).toHaveLength(1);
      expect(used).toBe(1);
      for (const r of results.filter((x) => x.status === "rejected"))
        expect(((r as PromiseRejectedResult).reason as OneTimeLinkError).reason).toBe("used");
    } finally {
      await Promise.all(others.map((db) => db.close()));
      await t.drop();
    }
  });
});
