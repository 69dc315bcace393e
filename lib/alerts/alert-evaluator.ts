import "server-only";

import type { Database } from "@/lib/db/database";
import type { KitchenNow } from "@/lib/kitchen/contract/kitchen-now";
import type { KitchenRestaurant } from "@/lib/kitchen/service/kitchen-service";

import { deliverAlert, type AlertChannels } from "./alert-channels";
import type { AlertEvent } from "./alert-contract";
import { alertMessage, decide, measure } from "./alert-decision";
import { insertEvent, listRules, ruleHistory } from "./alert-store";

/**
 * One evaluation of a restaurant's rules: its "Now" (the same answer as the Kitchen page's strip,
 * so an alert and the strip agree), each enabled rule measured and decided (alert-decision.ts),
 * and each decision stored as the rule's next event, then sent. The store's unique event number
 * makes "once per firing" hold across instances: only the evaluation that inserted sends.
 */
export interface AlertEvaluatorDeps {
  db: Database;
  kitchenNow: (restaurant: KitchenRestaurant) => Promise<KitchenNow>;
  channels: AlertChannels;
  now: () => number;
  /** The app's origin, for the link in a message; null: no link. */
  appOrigin: string | null;
}

export async function evaluateRestaurant(
  deps: AlertEvaluatorDeps,
  restaurant: KitchenRestaurant,
): Promise<Omit<AlertEvent, "id">[]> {
  const rules = (await listRules(deps.db, restaurant.guid)).filter((r) => r.enabled);
  if (rules.length === 0) return [];
  const now = await deps.kitchenNow(restaurant);
  // Nothing read yet: nothing to judge, and a firing rule is not cleared on no evidence.
  if (now.dataAsOf === null) return [];
  const history = await ruleHistory(
    deps.db,
    rules.map((r) => r.id),
  );
  const at = deps.now();
  const link = deps.appOrigin
    ? `${deps.appOrigin.replace(/\/+$/, "")}/restaurants/${encodeURIComponent(restaurant.guid)}/kitchen`
    : null;
  const sent: Omit<AlertEvent, "id">[] = [];
  for (const rule of rules) {
    const m = measure(rule, now.lastHalfHour);
    const { last, lastFiredAt } = history.get(rule.id)!;
    const action = decide({
      breached: m.breached,
      inService: now.inService !== null,
      lastKind: last?.kind ?? null,
      lastFiredAt,
      now: at,
      quietMinutes: rule.quietMinutes,
    });
    if (action === null) continue;
    const event = {
      ruleId: rule.id,
      restaurantGuid: restaurant.guid,
      kind: action === "fire" ? ("fired" as const) : ("cleared" as const),
      businessDate: now.businessDate,
      at: new Date(at).toISOString(),
      value: m.value,
      message: alertMessage(restaurant.name, rule, m, action, {
        stillFiring: last?.kind === "fired",
        serviceEnded: now.inService === null,
      }),
    };
    const seq = (last?.seq ?? 0) + 1;
    if (!(await insertEvent(deps.db, { ...event, seq, at: new Date(at) }))) continue;
    await deliverAlert(deps.channels, { rule, event, restaurantName: restaurant.name, link });
    sent.push(event);
  }
  return sent;
}
