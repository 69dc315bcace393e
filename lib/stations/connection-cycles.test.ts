import { describe, expect, it } from "vitest";

import { findConnectionCycles } from "./connection-cycles";

const graph = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

describe("findConnectionCycles", () => {
  it("finds nothing in a chain or a tree of monitors", () => {
    expect(findConnectionCycles(graph({ a: ["b"], b: ["c"], c: [], d: ["b", "c"] }))).toEqual([]);
  });

  it("finds two stations monitoring each other", () => {
    expect(findConnectionCycles(graph({ a: ["b"], b: ["a"] }))).toEqual([["a", "b"]]);
  });

  it("writes a longer ring in monitoring order from its first station", () => {
    expect(findConnectionCycles(graph({ x: [], c: ["a"], a: ["b"], b: ["c"] }))).toEqual([["c", "a", "b"]]);
  });

  it("reports separate rings separately and ignores self-loops and missing targets", () => {
    const cycles = findConnectionCycles(
      graph({ a: ["b", "a"], b: ["a", "ghost"], c: ["d"], d: ["e"], e: ["c"], f: ["f"] }),
    );
    expect(cycles).toEqual([
      ["a", "b"],
      ["c", "d", "e"],
    ]);
  });

  it("returns a real cycle through the component when it has chords", () => {
    const edges = graph({ a: ["b", "c"], b: ["c"], c: ["d"], d: ["a", "b"] });
    const [cycle] = findConnectionCycles(edges);
    expect(cycle?.[0]).toBe("a");
    // Every consecutive pair, including the wrap-around, is an edge of the graph.
    for (let i = 0; i < cycle!.length; i += 1) {
      const from = cycle![i]!;
      const to = cycle![(i + 1) % cycle!.length]!;
      expect(edges.get(from)).toContain(to);
    }
    expect(new Set(cycle).size).toBe(cycle!.length);
  });

  it("handles a long ring without recursion limits", () => {
    const n = 5000;
    const edges = new Map(Array.from({ length: n }, (_, i) => [`s${i}`, [`s${(i + 1) % n}`]]));
    const cycles = findConnectionCycles(edges);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(n);
  });
});
