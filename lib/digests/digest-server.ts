import "server-only";

import { getPeopleDatabase } from "@/lib/auth/first-run";
import type { AppSession } from "@/lib/auth/session";
import { env } from "@/lib/env";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";
import { getKitchenService } from "@/lib/kitchen/service/server";
import { logger } from "@/lib/log/logger";
import { getMailer } from "@/lib/mail/mailer";
import { findActivePerson, visibleRestaurantGuids } from "@/lib/people/people-store";
import { processSingleton } from "@/lib/process-singleton";
import { settleRestaurants } from "@/lib/restaurants/restaurant-directory";

import { buildDigest, type Digest, type DigestDeps, type DigestKind } from "./digest";
import { createDigestSender } from "./digest-sender";

/** The kitchen identities of these restaurants; archived ones and those never read are left out. */
async function kitchenRestaurants(guids: readonly string[]): Promise<KitchenRestaurant[]> {
  return (await settleRestaurants(guids))
    .flatMap((s) => (s.identity && !s.identity.archived ? [s.identity] : []))
    .map((r) => ({
      guid: r.guid,
      name: r.name,
      timeZone: r.timeZone,
      closeoutHour: r.closeoutHour,
      firstBusinessDate: r.firstBusinessDate,
    }));
}

/** The process's digest dependencies; links start with APP_ORIGIN (else NEXTAUTH_URL, else `fallbackOrigin`). */
async function processDeps(fallbackOrigin?: string): Promise<DigestDeps> {
  const e = env();
  const origin = e.APP_ORIGIN ?? e.NEXTAUTH_URL ?? fallbackOrigin;
  if (!origin) throw new Error("no origin to build the digest's links with (set APP_ORIGIN)");
  return {
    kitchen: await getKitchenService(),
    db: await getPeopleDatabase(),
    origin,
    now: Date.now,
    graceMinutes: e.KITCHEN_CLOSE_GRACE_MIN,
  };
}

/** The signed-in person's digest (GET /api/digests/preview and its page); null for no active person. */
export async function previewDigest(
  session: AppSession,
  kind: DigestKind,
  date: string,
  requestOrigin: string,
): Promise<Digest | null> {
  const deps = await processDeps(requestOrigin);
  const person = await findActivePerson(deps.db, session.email);
  if (!person) return null;
  // A person with no restaurants has an empty digest (and is never mailed one: digest-sender.ts).
  return buildDigest(
    deps,
    await kitchenRestaurants(await visibleRestaurantGuids(deps.db, person)),
    kind,
    date,
  );
}

/**
 * Starts the digest sender `delayMs` after the server starts, then every DIGEST_CHECK_MIN minutes
 * (0 starts nothing). Every instance runs it; digest_sends makes each send happen once.
 */
export function startDigestSender(delayMs: number): void {
  const minutes = env().DIGEST_CHECK_MIN;
  if (minutes === 0) return;
  processSingleton("digest-sender-started", () => {
    const log = logger("digests");
    let running = false;
    const run = async () => {
      if (running) return; // a slow pass (many people) is never overlapped by the next
      running = true;
      try {
        const deps = await processDeps();
        const sender = createDigestSender({
          ...deps,
          mailer: await getMailer(),
          restaurantsOf: kitchenRestaurants,
        });
        const report = await sender.runOnce();
        if (report.sent > 0) log.info(report, "digest pass");
      } catch (error) {
        log.warn({ reason: (error as Error).message }, "digest pass failed, tried again next pass");
      } finally {
        running = false;
      }
    };
    const first = setTimeout(() => {
      void run();
      setInterval(() => void run(), minutes * 60_000).unref();
    }, delayMs);
    first.unref();
    return true;
  });
}
