import { describe, expect, it } from "vitest";

import { Interner } from "./interner";

describe("Interner", () => {
  it("numbers plain keys in first-seen order, null included", () => {
    const dict = new Interner<string | null>();
    expect([dict.id("b"), dict.id(null), dict.id("b"), dict.id("a")]).toEqual([0, 1, 0, 2]);
    expect(dict.values).toEqual(["b", null, "a"]);
  });

  it("builds a value once and lets a later sighting fill in a missing name", () => {
    const dict = new Interner<{ guid: string | null; name: string | null }>((v) => v.guid);
    const make = (guid: string | null, name: string | null) => ({ guid, name });
    const fill = (v: { name: string | null }, name: string | null) => {
      if (name && v.name === null) v.name = name;
    };
    dict.idWith("g1", null, make, fill);
    dict.idWith("g1", "Grill", make, fill);
    dict.idWith("g1", "Other", make, fill);
    expect(dict.values).toEqual([{ guid: "g1", name: "Grill" }]);
  });

  it("maps another dictionary's values to its own numbers, sharing them across days", () => {
    const shared = new Interner<{ guid: string | null; name: string | null }>(
      (v) => v.guid,
      (into, from) => {
        if (into.name === null) into.name = from.name;
      },
    );
    const day1 = shared.map(
      [
        { guid: "a", name: null },
        { guid: null, name: null },
      ],
      (v) => ({ ...v }),
    );
    const day2 = shared.map(
      [
        { guid: "b", name: "B" },
        { guid: "a", name: "A" },
      ],
      (v) => ({ ...v }),
    );
    expect([...day1]).toEqual([0, 1]);
    expect([...day2]).toEqual([2, 0]);
    expect(shared.value(0)).toEqual({ guid: "a", name: "A" });
  });
});
