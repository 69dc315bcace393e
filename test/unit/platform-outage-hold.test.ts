import { describe, expect, it } from "vitest";

import { createOutageHold } from "@/lib/platform-wiring/outage-hold";

/**
 * The process's outage hold (lib/platform-wiring/outage-hold.ts): it begins when attempts for three
 * locations fail service-wide within a minute with nothing answered in between, and ends only on
 * an answer to an attempt sent after it began.
 */
function setup() {
  let clock = 1_000_000;
  const hold = createOutageHold(() => clock);
  let trips = 0;
  hold.onTrip(() => void (trips += 1));
  const fail = (location: string | null) =>
    hold.observe({ location, outcome: "service-failure", elapsedMs: 10 });
  const ok = (location: string, elapsedMs: number) => hold.observe({ location, outcome: "ok", elapsedMs });
  return { hold, fail, ok, advance: (ms: number) => (clock += ms), trips: () => trips };
}

describe("the outage hold", () => {
  it("begins at the third location failing service-wide, once, and tells its listeners once", () => {
    const { hold, fail, trips } = setup();
    fail("a");
    fail("a");
    fail("b");
    expect(hold.held()).toBe(false);
    fail(null);
    expect(hold.held()).toBe(true);
    fail("c");
    expect(trips()).toBe(1);
  });

  it("does not count refusals of one request (4xx, 429, an empty body) as the service failing", () => {
    const { hold } = setup();
    for (const location of ["a", "b", "c", "d"]) hold.observe({ location, outcome: "other", elapsedMs: 5 });
    expect(hold.held()).toBe(false);
  });

  it("forgets failures older than a minute, and those an answer sent after them contradicts", () => {
    const { hold, fail, ok, advance } = setup();
    fail("a");
    fail("b");
    advance(61_000);
    fail("c");
    expect(hold.held()).toBe(false);
    advance(1_000);
    // Sent 2 s ago: before c's failure, so c still counts; an answer proves nothing about later failures.
    ok("x", 2_000);
    fail("d");
    fail("e");
    expect(hold.held()).toBe(true);
  });

  it("an answer sent after the failures keeps three scattered 5xx from becoming an outage", () => {
    const { hold, fail, ok, advance } = setup();
    fail("a");
    fail("b");
    advance(100);
    ok("x", 50);
    fail("c");
    expect(hold.held()).toBe(false);
  });

  it("ends on an answer to an attempt sent after it began, not on one sent before, or on release", () => {
    const { hold, fail, ok, advance } = setup();
    fail("a");
    fail("b");
    fail("c");
    advance(5_000);
    // An export sent before the outage, answering late.
    ok("slow", 8_000);
    expect(hold.held()).toBe(true);
    ok("probe", 100);
    expect(hold.held()).toBe(false);
    hold.trip();
    expect(hold.held()).toBe(true);
    hold.release();
    expect(hold.held()).toBe(false);
  });
});
