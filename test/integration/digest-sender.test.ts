import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "@/lib/db/database";
import { openPostgresDatabase } from "@/lib/db/postgres-database";
import { createDigestSender } from "@/lib/digests/digest-sender";
import { writeAccountSettings } from "@/lib/digests/digest-settings";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";
import { createMailer, type Mailer } from "@/lib/mail/mailer";
import { createOutboxStore } from "@/lib/mail/outbox-store";
import { createArea } from "@/lib/people/areas";
import { createPerson } from "@/lib/people/people-store";
import { addRestaurant } from "@/lib/people/restaurant-registry";

import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { kitchenFile, NOW, TEST_CONFIG, worldRestaurant } from "./kitchen-harness";

/**
 * Two app instances' digest senders (each its own pool, kitchen service and mailer) on one
 * PostgreSQL, sending through a real SMTP server started here, both running their passes at once
 * and again: each subscriber gets exactly one mail per date, for their permitted restaurants (an
 * area's included); a weekly subscriber gets none on a Thursday, and nobody who chose "off" any.
 */

const kitchen = kitchenFile();
const { clock } = kitchen;
const mesa = worldRestaurant("Mesa Verde Cantina");
const lakeside = worldRestaurant("Lakeside Diner");
const byGuid = new Map([mesa, lakeside].map((r) => [r.guid, r]));
const ORIGIN = "https://pulse.kitchen.test";
const FROM = "Kitchen Pulse <digest@kitchen.test>";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
});

function instance(db: Database) {
  const mailer: Mailer = createMailer({ outbox: createOutboxStore(db), smtpUrl: sink.url, from: FROM });
  const sender = createDigestSender({
    kitchen: kitchen.service(db),
    db,
    mailer,
    origin: ORIGIN,
    now: () => clock.now,
    graceMinutes: TEST_CONFIG.closeGraceMinutes,
    restaurantsOf: async (guids): Promise<KitchenRestaurant[]> =>
      guids.flatMap((g) => (byGuid.has(g) ? [byGuid.get(g)!] : [])),
  });
  return { sender, mailer };
}

describe("the digest sender on one PostgreSQL with two instances", () => {
  const t = kitchen.databasePerTest("postgres");

  it("sends each subscriber one mail per date through SMTP, whatever the instances do at once", async () => {
    const db = t.db;
    for (const r of [mesa, lakeside]) await addRestaurant(db, { guid: r.guid, label: r.name, addedBy: null });
    const west = await createArea(db, { name: "West", restaurantGuids: [mesa.guid] });
    const people = {
      area: await createPerson(db, { email: "area@kitchen.test", role: "area_manager", areaIds: [west.id] }),
      manager: await createPerson(db, {
        email: "gm@kitchen.test",
        role: "manager",
        restaurantGuids: [lakeside.guid],
      }),
      weekly: await createPerson(db, {
        email: "weekly@kitchen.test",
        role: "viewer",
        restaurantGuids: [mesa.guid],
      }),
      off: await createPerson(db, {
        email: "off@kitchen.test",
        role: "viewer",
        restaurantGuids: [mesa.guid],
      }),
    };
    await writeAccountSettings(db, people.area.id, { digest: "daily" });
    await writeAccountSettings(db, people.manager.id, { digest: "daily" });
    await writeAccountSettings(db, people.weekly.id, { digest: "weekly" });

    const other = openPostgresDatabase(t.url!);
    try {
      const a = instance(db);
      const b = instance(other);
      // Thursday 20 March: Wednesday the 19th has closed everywhere (closeout plus the grace).
      const first = await Promise.all([a.sender.runOnce(), b.sender.runOnce(), a.sender.runOnce()]);
      expect(first.reduce((n, r) => n + r.sent, 0)).toBe(2);
      const again = await Promise.all([a.sender.runOnce(), b.sender.runOnce()]);
      expect(again.map((r) => r.sent)).toEqual([0, 0]);
      expect(again.map((r) => r.alreadySent)).toEqual([2, 2]);

      const mails = sink.messages();
      expect(mails.map((m) => m.envelopeTo.join()).sort()).toEqual(["area@kitchen.test", "gm@kitchen.test"]);
      for (const m of mails) expect(m.subject).toBe("Kitchen Pulse digest for Wed, Mar 19, 2025");
      const areaMail = mails.find((m) => m.envelopeTo[0] === "area@kitchen.test")!;
      // The area's restaurant, and nothing else.
      expect(areaMail.text).toContain("Mesa Verde Cantina");
      expect(areaMail.text).not.toContain("Lakeside Diner");
      const gmMail = mails.find((m) => m.envelopeTo[0] === "gm@kitchen.test")!;
      expect(gmMail.text).toContain("Lakeside Diner");
      expect(gmMail.text).not.toContain("Mesa Verde Cantina");

      // Every link in the text is in the HTML too, and opens that restaurant's Kitchen page on the 19th.
      const links = [...areaMail.text.matchAll(/^\s+(https:\/\/\S+)$/gm)].map((m) => m[1]!);
      expect(links.length).toBeGreaterThanOrEqual(2);
      for (const link of links) {
        expect(areaMail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
        const url = new URL(link);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname).toBe(`/restaurants/${mesa.guid}/kitchen`);
        expect(url.searchParams.get("from")).toBe("20250319");
        expect(url.searchParams.get("to")).toBe("20250319");
      }

      const sends = await db.query<{
        person_id: number;
        digest_date: string;
        kind: string;
        outbox_id: string;
      }>("SELECT person_id, digest_date, kind, outbox_id FROM digest_sends ORDER BY person_id");
      expect(sends.map((s) => [Number(s.person_id), s.digest_date, s.kind])).toEqual([
        [people.area.id, "20250319", "daily"],
        [people.manager.id, "20250319", "daily"],
      ]);
      const outbox = await db.query<{ id: string; status: string; to_address: string }>(
        "SELECT id, status, to_address FROM mail_outbox WHERE kind = 'digest' ORDER BY id",
      );
      expect(outbox.map((o) => o.status)).toEqual(["sent", "sent"]);
      expect(sends.map((s) => String(s.outbox_id)).sort()).toEqual(outbox.map((o) => String(o.id)).sort());

      // A day later: the next date, once more each.
      clock.now = NOW + 86_400_000;
      const next = await Promise.all([b.sender.runOnce(), a.sender.runOnce()]);
      expect(next.reduce((n, r) => n + r.sent, 0)).toBe(2);
      expect(sink.messages().length).toBe(4);
      expect(
        sink
          .messages()
          .slice(2)
          .map((m) => m.subject),
      ).toEqual(["Kitchen Pulse digest for Thu, Mar 20, 2025", "Kitchen Pulse digest for Thu, Mar 20, 2025"]);
      a.mailer.close();
      b.mailer.close();
    } finally {
      await other.close();
    }
  }, 600_000);
});
