import "server-only";

import { addBusinessDays, businessDateWeekday } from "@/lib/business-date/business-date";
import { closeoutInstant, currentBusinessDate, datePhase } from "@/lib/business-date/closeout";
import type { Queryable } from "@/lib/db/database";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";
import { logger } from "@/lib/log/logger";
import type { Mailer } from "@/lib/mail/mailer";
import { visibleRestaurantGuids } from "@/lib/people/people-store";
import type { Role } from "@/lib/people/roles";

import { buildDigest, type Digest, type DigestDeps, type DigestKind } from "./digest";
import { digestMail } from "./digest-mail";
import { claimDigestSend, digestSubscribers, recordDigestMail } from "./digest-settings";

/**
 * Sends each subscriber's digest once per date, across every instance on one database: a pass
 * (`runOnce`, repeated by digest-server.ts) finds, per person, the newest business date closed
 * (closeout plus KITCHEN_CLOSE_GRACE_MIN, the backfill's rule) at every one of their restaurants,
 * builds the digest, claims (person, date, kind) in digest_sends and sends only if the claim is
 * its own. A weekly digest goes out once Sunday has closed everywhere (Monday morning), for
 * Monday to Sunday. Only the newest date is sent: a server down for a day does not mail a backlog.
 */

export interface DigestSenderDeps extends DigestDeps {
  mailer: Pick<Mailer, "send">;
  /** The identities (zone, closeout) of these GUIDs; those never read are left out. */
  restaurantsOf: (guids: readonly string[]) => Promise<KitchenRestaurant[]>;
  /** While a restaurant's figures are still being read, wait this long past the close before sending without them. */
  notReadyWaitMs?: number;
}

export interface DigestPassReport {
  sent: number;
  /** Claimed by another instance (or an earlier pass) already. */
  alreadySent: number;
  /** Put off to a later pass: figures still being read. */
  waiting: number;
}

const DEFAULT_NOT_READY_WAIT_MS = 3 * 3_600_000;

/** The newest business date closed at `r` at `nowMs` (yesterday, or the day before until yesterday's grace ends). */
function newestClosedDate(r: KitchenRestaurant, nowMs: number, graceMinutes: number): string {
  const yesterday = addBusinessDays(currentBusinessDate(r, nowMs), -1);
  return datePhase(yesterday, r, nowMs, graceMinutes) === "closed"
    ? yesterday
    : addBusinessDays(yesterday, -1);
}

/** The date (and kind) due for a person now, or null: daily the date closed everywhere, weekly only when that is a Sunday. */
export function dueDigest(
  restaurants: readonly KitchenRestaurant[],
  frequency: DigestKind,
  nowMs: number,
  graceMinutes: number,
): string | null {
  if (restaurants.length === 0) return null;
  const date = restaurants
    .map((r) => newestClosedDate(r, nowMs, graceMinutes))
    .reduce((a, b) => (a < b ? a : b));
  return frequency === "weekly" && businessDateWeekday(date) !== 0 ? null : date;
}

export function createDigestSender(deps: DigestSenderDeps & { db: Queryable }) {
  const log = logger("digests");
  const waitMs = deps.notReadyWaitMs ?? DEFAULT_NOT_READY_WAIT_MS;

  /** Whether to put off a digest with figures still being read (until waitMs past the latest close). */
  const putOff = (digest: Digest, restaurants: readonly KitchenRestaurant[]) => {
    if (!digest.restaurants.some((r) => r.status === "not_ready")) return false;
    const closed = Math.max(...restaurants.map((r) => closeoutInstant(digest.date, r)));
    return deps.now() < closed + deps.graceMinutes * 60_000 + waitMs;
  };

  async function sendTo(
    person: { id: number; email: string; role: string; digest: DigestKind },
    report: DigestPassReport,
  ): Promise<void> {
    const guids = await visibleRestaurantGuids(deps.db, { id: person.id, role: person.role as Role });
    const restaurants = await deps.restaurantsOf(guids);
    const date = dueDigest(restaurants, person.digest, deps.now(), deps.graceMinutes);
    if (date === null) return;
    const [claimed] = await deps.db.query(
      "SELECT 1 FROM digest_sends WHERE person_id = $1 AND digest_date = $2 AND kind = $3",
      [person.id, date, person.digest],
    );
    if (claimed) {
      report.alreadySent++;
      return;
    }
    const digest = await buildDigest(deps, restaurants, person.digest, date);
    if (putOff(digest, restaurants)) {
      report.waiting++;
      return;
    }
    if (!(await claimDigestSend(deps.db, person.id, date, person.digest, new Date(deps.now())))) {
      report.alreadySent++;
      return;
    }
    const delivery = await deps.mailer.send(digestMail(digest, person.email));
    await recordDigestMail(deps.db, person.id, date, person.digest, delivery.id);
    log.info({ person: person.id, date, kind: person.digest, status: delivery.status }, "digest sent");
    report.sent++;
  }

  return {
    /** One pass over every subscriber; a person's failure is logged and does not stop the others. */
    async runOnce(): Promise<DigestPassReport> {
      const report: DigestPassReport = { sent: 0, alreadySent: 0, waiting: 0 };
      for (const person of await digestSubscribers(deps.db)) {
        try {
          await sendTo(person, report);
        } catch (error) {
          log.warn(
            { person: person.id, reason: (error as Error).message },
            "digest not sent, tried next pass",
          );
        }
      }
      return report;
    },
  };
}
