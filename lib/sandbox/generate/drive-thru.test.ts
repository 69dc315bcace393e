import { describe, expect, it } from "vitest";

import { defaultWorld } from "../world";
import { generateItemFulfillments, generateRestaurantConfig } from "./index";

/** The drive-thru lane over a week of a busy restaurant: small tickets, made faster than take-out's. */

const world = defaultWorld();
const mesa = world.restaurants.find((r) => r.name === "Mesa Verde Cantina")!;
const ctx = { world, restaurant: mesa, brand: "Platform" };
const config = generateRestaurantConfig(ctx);
const DATES = ["20261116", "20261117", "20261118", "20261119", "20261120", "20261121", "20261122"];

const optionOf = (flag: "driveThru" | "plain") =>
  new Set(
    config.resources.diningOptions
      .filter((v) =>
        flag === "driveThru"
          ? v.entity.driveThru === true
          : v.entity.behavior === "TAKE_OUT" && !v.entity.driveThru && !v.entity.curbside,
      )
      .map((v) => v.entity.guid),
  );

describe("the drive-thru lane", () => {
  const records = DATES.flatMap((d) => generateItemFulfillments(ctx, config, d));
  const lane = optionOf("driveThru");
  const takeOut = optionOf("plain");
  const medianSeconds = (options: Set<string>) => {
    const s = records
      .filter((r) => r.itemFulfillmentLevel === 0 && options.has(r.diningOptionGuid ?? ""))
      .map((r) => (Date.parse(r.itemFulfilledAt ?? "") - Date.parse(r.ticketFiredAt ?? "")) / 1000)
      .filter((x) => Number.isFinite(x) && x >= 0)
      .sort((a, b) => a - b);
    return { n: s.length, median: s[Math.floor(s.length / 2)]! };
  };

  it("keeps at most two items a ticket", () => {
    const perTicket = new Map<string, Set<string>>();
    for (const r of records)
      if (lane.has(r.diningOptionGuid ?? ""))
        perTicket.set(r.ticketGuid!, (perTicket.get(r.ticketGuid!) ?? new Set()).add(r.selectionGuid!));
    expect(perTicket.size).toBeGreaterThan(10);
    expect(Math.max(...[...perTicket.values()].map((s) => s.size))).toBeLessThanOrEqual(2);
  });

  it("is made faster than take-out at the stations", () => {
    const drive = medianSeconds(lane);
    const take = medianSeconds(takeOut);
    expect(drive.n).toBeGreaterThan(10);
    expect(drive.median).toBeLessThan(take.median * 0.75);
  });

  it("is the same on every generation", () => {
    expect(generateItemFulfillments(ctx, config, DATES[0]!)).toEqual(
      generateItemFulfillments(ctx, config, DATES[0]!),
    );
  });
});
