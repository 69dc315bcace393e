import { describe, expect, it } from "vitest";

import { parseInstant } from "@/lib/kitchen/ingest/durations";
import { generateItemFulfillments, generateRestaurantConfig } from "@/lib/sandbox/generate/index";
import { PASS_BACKUP, passBackup, TICKET_LAG, ticketLag } from "@/lib/sandbox/generate/pass-and-sync";
import { defaultWorld } from "@/lib/sandbox/world";

/**
 * The sandbox's pass that backs up at peak and its tickets whose stations fall out of sync
 * (lib/sandbox/generate/pass-and-sync.ts): the rules, and what a generated busy day shows of them.
 */

describe("pass-and-sync", () => {
  it("backs the pass up only above the load threshold, up to its most at the rush", () => {
    const pass = passBackup(["seed", "r", "day"]);
    const quiet = Array.from({ length: 200 }, () => pass(PASS_BACKUP.fromLoad));
    const rush = Array.from({ length: 200 }, () => pass(1));
    expect(quiet.every((ms) => ms === 0)).toBe(true);
    expect(Math.min(...rush)).toBeGreaterThanOrEqual(0.25 * PASS_BACKUP.maxMinutes * 60_000);
    expect(Math.max(...rush)).toBeLessThanOrEqual(PASS_BACKUP.maxMinutes * 60_000);
  });

  it("lags one station of about TICKET_LAG.share of the multi-station tickets, the same on every call", () => {
    const lag = ticketLag(["seed", "r", "day"]);
    const station = (guid: string) => ({ station: { guid, expoRouting: "SEND_TO_EXPO" } });
    let lagging = 0;
    for (let i = 0; i < 2000; i++) {
      const ticket = { ticketGuid: `t-${i}`, items: [{ steps: [station("grill"), station("fry")] }] };
      const ms = [lag(ticket, "grill"), lag(ticket, "fry")];
      expect(ms.filter((x) => x > 0).length).toBeLessThanOrEqual(1);
      expect([lag(ticket, "grill"), lag(ticket, "fry")]).toEqual(ms);
      if (ms.some((x) => x > 0)) lagging++;
      for (const x of ms.filter((v) => v > 0)) {
        expect(x).toBeGreaterThanOrEqual(TICKET_LAG.minutes[0] * 60_000);
        expect(x).toBeLessThanOrEqual(TICKET_LAG.minutes[1] * 60_000);
      }
    }
    expect(lagging / 2000).toBeGreaterThan(TICKET_LAG.share - 0.03);
    expect(lagging / 2000).toBeLessThan(TICKET_LAG.share + 0.03);
    // One station: never out of sync with itself.
    const single = { ticketGuid: "solo", items: [{ steps: [station("grill"), station("grill")] }] };
    expect(lag(single, "grill")).toBe(0);
  });

  it(
    "makes a generated busy day's pass slower in its busiest hour than in its quiet ones",
    { timeout: 60_000 },
    () => {
      const world = defaultWorld();
      const restaurant = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
      const ctx = { world, restaurant, brand: "Platform" };
      const records = generateItemFulfillments(ctx, generateRestaurantConfig(ctx), "20250301");
      // Per selection, the last station's fulfilment; then each expediter record's wait after it, by fire hour.
      const stationDone = new Map<string, number>();
      for (const r of records) {
        const ms = parseInstant(r.itemFulfilledAt);
        if (r.itemFulfillmentLevel === 0 && ms !== null)
          stationDone.set(r.selectionGuid!, Math.max(stationDone.get(r.selectionGuid!) ?? ms, ms));
      }
      const byHour = new Map<number, number[]>();
      for (const r of records) {
        const done = stationDone.get(r.selectionGuid!);
        const ms = parseInstant(r.itemFulfilledAt);
        if (r.itemFulfillmentLevel !== 1 || done === undefined || ms === null || ms < done) continue;
        const hour = new Date(parseInstant(r.ticketFiredAt)!).getUTCHours();
        byHour.set(hour, [...(byHour.get(hour) ?? []), ms - done]);
      }
      const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.9 * xs.length) - 1]!;
      const hours = [...byHour].filter(([, xs]) => xs.length >= 30).sort((a, b) => b[1].length - a[1].length);
      const busiest = p90(hours[0]![1]);
      const quietest = p90(hours.at(-1)![1]);
      // Without the backup the busiest hour is already about 55 s slower (expoTime grows with load): 2 min tells them apart.
      expect(busiest - quietest, `${busiest} vs ${quietest}`).toBeGreaterThan(120_000);
    },
  );
});
