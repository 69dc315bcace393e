import { describe, expect, it } from "vitest";

import { createLaneSlots } from "./lane-slots";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the backfill's shared slots", () => {
  it("never grants more than the limit, and grants the next as one is given back", async () => {
    const slots = createLaneSlots(2);
    const granted: string[] = [];
    const releases: (() => void)[] = [];
    for (const lane of ["a", "b", "c", "d"])
      void slots.acquire(lane).then((release) => (granted.push(lane), releases.push(release)));
    await tick();
    expect(granted).toEqual(["a", "b"]);
    expect([slots.inUse(), slots.waiting()]).toEqual([2, 2]);
    releases[0]!();
    releases[0]!(); // giving back twice frees one slot only
    await tick();
    expect(granted).toEqual(["a", "b", "c"]);
    expect([slots.inUse(), slots.waiting()]).toEqual([2, 1]);
  });

  it("gives a free slot to the lane with the fewest in flight, then to the one served longest ago", async () => {
    const slots = createLaneSlots(1);
    const granted: string[] = [];
    let release = await slots.acquire("a");
    // "a" asks for four more, then "b" and "c" for one each: "a" already had its turn.
    for (const lane of ["a", "a", "a", "a", "b", "c"]) {
      void slots.acquire(lane).then((r) => {
        granted.push(lane);
        release = r;
      });
    }
    for (let i = 0; i < 6; i++) {
      release();
      await tick();
    }
    expect(granted).toEqual(["b", "c", "a", "a", "a", "a"]);
  });

  it("refuses a limit below one", () => {
    expect(() => createLaneSlots(0)).toThrow(RangeError);
  });
});
