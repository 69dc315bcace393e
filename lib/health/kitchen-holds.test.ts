import { describe, expect, it } from "vitest";

import { kitchenHoldsSection } from "./kitchen-holds";

const hold = (restaurantGuid: string, state: "parked" | "backing-off") => ({
  restaurantGuid,
  state,
  reason: "the Platform answered 503",
  failures: 2,
  failedAt: "2026-11-26T10:00:00.000Z",
  retryAt: "2026-11-26T10:01:00.000Z",
});
const service = {
  locations: {
    holds: async () => ({
      missingScope: null,
      locations: [hold("a", "parked"), hold("b", "backing-off"), hold("c", "backing-off")],
    }),
  },
};

describe("the health route's kitchen holds", () => {
  it("gives an anonymous caller counts only", async () => {
    const section = await kitchenHoldsSection(service as never, { kind: "anonymous" });
    expect(section).toEqual({ missingScope: null, parked: 1, backingOff: 2 });
  });

  it("lists a signed-in caller's own held locations, and only those", async () => {
    const section = await kitchenHoldsSection(service as never, {
      kind: "signed-in",
      guids: new Set(["b", "x"]),
    });
    expect(section).toMatchObject({
      parked: 1,
      backingOff: 2,
      locations: [{ restaurantGuid: "b", state: "backing-off" }],
    });
  });
});
