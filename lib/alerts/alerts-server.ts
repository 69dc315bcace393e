import "server-only";

import { getDatabase } from "@/lib/db/server";
import { env } from "@/lib/env";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";
import { getKitchenService, onOpenDayRefreshed } from "@/lib/kitchen/service/server";
import { logger } from "@/lib/log/logger";
import { sendMail } from "@/lib/mail/mailer";
import { processSingleton } from "@/lib/process-singleton";
import { settleRestaurants } from "@/lib/restaurants/restaurant-directory";

import { evaluateRestaurant, type AlertEvaluatorDeps } from "./alert-evaluator";
import { watchedRestaurants } from "./alert-store";

/**
 * The live alerts' process wiring: a restaurant's rules are evaluated after each refresh of its
 * open date (the kitchen service tells, onOpenDayRefreshed), and, so that alerts do not wait for
 * someone to open the page, a ticker asks every watched restaurant's "Now" once per
 * KITCHEN_OPEN_REFRESH_S (which refreshes the open date when due, and so evaluates it).
 */
const log = logger("alerts");

async function evaluatorDeps(): Promise<AlertEvaluatorDeps> {
  const service = await getKitchenService();
  return {
    db: await getDatabase(),
    kitchenNow: service.kitchenNow,
    channels: { sendMail },
    now: Date.now,
    appOrigin: env().APP_ORIGIN ?? null,
  };
}

/** One evaluation of the restaurant's rules with the process's parts: the events it stored and sent. */
export async function evaluateAlertsNow(restaurant: KitchenRestaurant) {
  return evaluateRestaurant(await evaluatorDeps(), restaurant);
}

function evaluateQuietly(restaurant: KitchenRestaurant): void {
  evaluateAlertsNow(restaurant).catch((error: unknown) =>
    log.warn({ err: error, restaurant: restaurant.guid }, "alert evaluation failed"),
  );
}

async function tick(): Promise<void> {
  const guids = await watchedRestaurants(await getDatabase());
  for (const { guid, identity } of await settleRestaurants(guids)) {
    if (!identity) continue;
    const { name, timeZone, closeoutHour, firstBusinessDate } = identity;
    // Sequential: a handful of watched restaurants, each one open-date read at most.
    await evaluateAlertsNow({ guid, name, timeZone, closeoutHour, firstBusinessDate }).catch(
      (error: unknown) => log.warn({ err: error, restaurant: guid }, "alert evaluation failed"),
    );
  }
}

/** Starts the hook and the ticker `delayMs` after the server (the embedded sandbox must be listening). */
export function startLiveAlerts(delayMs: number): void {
  processSingleton("live-alerts-started", () => {
    onOpenDayRefreshed((restaurant) => evaluateQuietly(restaurant));
    const everyMs = env().KITCHEN_OPEN_REFRESH_S * 1000;
    const start = setTimeout(() => {
      const timer = setInterval(() => {
        tick().catch((error: unknown) => log.warn({ err: error }, "alert ticker failed"));
      }, everyMs);
      timer.unref();
    }, delayMs);
    start.unref();
    return true;
  });
}
