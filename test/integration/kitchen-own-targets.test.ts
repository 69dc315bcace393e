import { describe, expect, it } from "vitest";

import { kitchenSummarySchema } from "@/lib/kitchen/contract/params";
import { createKitchenService } from "@/lib/kitchen/service/kitchen-service";

import { ticketTimes, valued, type Options } from "./issue36-oracles";
import {
  asOf,
  fulfillmentsRows,
  kitchenFile,
  kitchenQuery,
  newLog,
  ready,
  sandboxClient,
  TEST_CONFIG,
  worldRestaurant,
} from "./kitchen-harness";

/**
 * A restaurant's own pass wait and channel ticket targets (migration 26), dated as the others: set
 * on 12 March from that day on, the pass_wait summary's late counts and the channels answer's
 * drive-thru late share follow the new target from 12 March and the built-in one (120 s, 240 s)
 * on 11 March, checked against fulfillments.csv and the dining options read here on their own.
 */

const kitchen = kitchenFile();
const { clock, sandbox } = kitchen;
const mesa = worldRestaurant("Mesa Verde Cantina");
const RANGE = { from: "20250311", to: "20250312" };
const CHANGE = "20250312";
/** 12 March 2025, afternoon in the Americas: business date 20250312 at Mesa Verde. */
const CHANGED_AT = Date.parse("2025-03-12T20:00:00Z");
const PASS_L1 = 60;
const DRIVE_THRU = 60;

describe("a restaurant's own pass wait and channel targets on pglite", () => {
  const t = kitchen.databasePerTest("pglite");

  it("judge the days from their date on, and leave the days before at the defaults", async () => {
    const client = sandboxClient(sandbox.url, newLog());
    const configured = await client.config.list("diningOptions", mesa.guid);
    const service = createKitchenService({
      db: t.db,
      client,
      config: TEST_CONFIG,
      now: () => clock.now,
      diningOptions: async () => configured,
    });
    const saved = await asOf(clock, CHANGED_AT, () =>
      service.putTargets(mesa, {
        passWait: [{ level: 1, seconds: PASS_L1 }],
        channels: [{ channel: "drive-thru", seconds: DRIVE_THRU }],
      }),
    );
    expect(saved.businessDate).toBe(CHANGE);
    expect(saved.passWait[1]).toMatchObject({ seconds: PASS_L1, source: "own", effectiveFrom: CHANGE });
    expect(saved.passWait[0]).toMatchObject({ seconds: 120, source: "default" });
    expect(saved.ticketSpread[1]).toMatchObject({ seconds: 180, source: "default" });
    expect(saved.channels.find((c) => c.channel === "drive-thru")).toMatchObject({
      seconds: DRIVE_THRU,
      source: "own",
    });
    expect(saved.channels.find((c) => c.channel === "dine-in")).toMatchObject({
      seconds: 900,
      isDefault: true,
    });

    // pass_wait: each day's late count per level against the target of that day.
    const summary = await ready(
      service.summary(mesa, await kitchenQuery(kitchenSummarySchema, { ...RANGE, metric: "pass_wait" })),
    );
    const target = (date: string, level: number) => (date >= CHANGE && level === 1 ? PASS_L1 : 120);
    let sawLate = 0;
    for (const date of [RANGE.from, RANGE.to]) {
      const values = valued(await fulfillmentsRows(service, mesa, { from: date, to: date }));
      for (const level of [1, 2]) {
        const present = values.filter((v) => v.level === level && typeof v.pass_wait === "number");
        const late = present.filter((v) => v.pass_wait! > target(date, level)).length;
        const row = summary.days.find((d) => d.businessDate === date && d.level === level);
        expect([date, level, row?.late ?? 0]).toEqual([date, level, late]);
        if (level === 1) sawLate += late;
        // The day before the change has values between the two targets: judged by the new one, it would differ.
        if (level === 1 && date < CHANGE)
          expect(present.some((v) => v.pass_wait! > PASS_L1 && v.pass_wait! <= 120)).toBe(true);
      }
    }
    expect(sawLate).toBeGreaterThan(0);
    expect(summary.withinTarget.find((w) => w.level === 1)!.targetSeconds).toBe(PASS_L1);
    // The channels answer's record figures of pass_wait are the summary's, judged alike.
    const passChannels = await ready(
      service.channels(mesa, await kitchenQuery(kitchenSummarySchema, { ...RANGE, metric: "pass_wait" })),
    );
    const keyed = (rows: typeof summary.channels) =>
      new Map((rows ?? []).map((r) => [`${r.channel}|${r.level}`, r.stats]));
    expect(keyed(passChannels.channels)).toEqual(keyed(summary.channels));
    expect(passChannels.channels.some((r) => r.stats.count > 0)).toBe(true);

    // Channels: drive-thru tickets over 240 s on 11 March, over 60 s on 12 March.
    const options: Options = new Map(configured.map((o) => [o.guid.toLowerCase(), o]));
    const answer = await ready(service.channels(mesa, await kitchenQuery(kitchenSummarySchema, RANGE)));
    for (const ticket of answer.tickets.filter((tk) => tk.channel === "drive-thru")) {
      let late = 0;
      let count = 0;
      for (const date of [RANGE.from, RANGE.to]) {
        const rows = await fulfillmentsRows(service, mesa, { from: date, to: date });
        const times = ticketTimes(rows, options, "drive-thru", ticket.level);
        count += times.length;
        late += times.filter((s) => s > (date >= CHANGE ? DRIVE_THRU : 240)).length;
        if (date < CHANGE && ticket.level === 0)
          expect(times.some((s) => s > DRIVE_THRU && s <= 240)).toBe(true);
      }
      expect([ticket.level, ticket.stats.count, ticket.withinTarget.late]).toEqual([
        ticket.level,
        count,
        late,
      ]);
      expect(ticket.withinTarget.targetSeconds).toBe(DRIVE_THRU);
    }
    expect(answer.tickets.some((tk) => tk.channel === "drive-thru" && tk.withinTarget.late > 0)).toBe(true);
    // Another channel keeps its built-in target.
    const takeOut = answer.tickets.find((tk) => tk.channel === "take-out");
    expect(takeOut?.withinTarget.targetSeconds).toBe(600);
  });
});
