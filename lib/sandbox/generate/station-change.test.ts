import { describe, expect, it } from "vitest";

import { defaultWorld } from "../world";
import { generateRestaurantConfig } from "./restaurant-config";
import { STATION_CHANGE_DAYS_AGO, stationChangeOf, stationsAt } from "./station-change";

const world = defaultWorld();
const harbor = world.restaurants.find((r) => r.name === "Harbor Street Kitchen")!;
const mesa = world.restaurants.find((r) => r.name === "Mesa Verde Cantina")!;
const stations = generateRestaurantConfig({ world, restaurant: harbor, brand: "Platform" }).prepStations;

describe("the sandbox's dated prep-station change", () => {
  // 2026-11-27 15:00 UTC is 10:00 in New York, past Harbor's 04:00 closeout: business date 20261127.
  const startedAt = Date.UTC(2026, 10, 27, 15);

  it("falls STATION_CHANGE_DAYS_AGO business dates before the sandbox started, six hours into the day, at Harbor only", () => {
    expect(STATION_CHANGE_DAYS_AGO).toBe(20);
    const change = stationChangeOf(harbor, startedAt)!;
    expect(change.businessDate).toBe("20261107");
    // 04:00 + 6 h = 10:00 in New York on 7 November (EST, UTC-5).
    expect(change.at).toBe(Date.UTC(2026, 10, 7, 15));
    expect(stationChangeOf(mesa, startedAt)).toBeNull();
    // Before the closeout hour it is still the previous business date.
    expect(stationChangeOf(harbor, Date.UTC(2026, 10, 27, 7))!.businessDate).toBe("20261106");
  });

  it("serves the stations as generated before its instant, and the grill connected to the fry station after, modified then", () => {
    const change = stationChangeOf(harbor, startedAt)!;
    expect(stationsAt(stations, change, change.at - 1)).toBe(stations);
    const after = stationsAt(stations, change, change.at);
    const changed = after.filter((v, i) => v !== stations[i]);
    expect(changed).toHaveLength(1);
    const [grill] = changed;
    expect(grill!.entity.name).toBe("Grill");
    expect(grill!.modifiedAt).toBe(change.at);
    const fry = stations.find((v) => v.entity.name === "Fry")!;
    expect(grill!.entity.connectedPrepStations).toEqual([
      { guid: fry.entity.guid, entityType: "PrepStation" },
    ]);
    // Every other station is the generated object itself, its lastModified untouched.
    expect(after.filter((v) => v !== grill)).toEqual(stations.filter((v) => v.entity.name !== "Grill"));
  });
});
