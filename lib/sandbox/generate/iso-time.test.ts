import { describe, expect, it } from "vitest";

import { isoUtc } from "./iso-time";
import { rngFor } from "./rng";

describe("isoUtc", () => {
  it("formats exactly as Date#toISOString across days, midnights and leap days", () => {
    const r = rngFor("iso");
    const instants = [
      0,
      Date.parse("2028-02-29T23:59:59.999Z"),
      Date.parse("2026-11-01T05:59:59.000Z"),
      Date.parse("2026-12-31T23:59:59.999Z") + 1,
    ];
    for (let i = 0; i < 5000; i++)
      instants.push(Date.parse("2015-01-01T00:00:00Z") + Math.floor(r.next() * 4e11));
    expect(instants.map(isoUtc)).toEqual(instants.map((t) => new Date(t).toISOString()));
  });
});
