import { describe, expect, it } from "vitest";

import { wrapLabel } from "./axis-tick";

describe("wrapLabel", () => {
  it("keeps a label that fits on one line as it is", () => {
    expect(wrapLabel("Grill", 16)).toEqual(["Grill"]);
    expect(wrapLabel("12m", Number.POSITIVE_INFINITY)).toEqual(["12m"]);
  });

  it("wraps words in order, each line within the column unless one word is longer", () => {
    const names = [
      "Garde Manger",
      "Harbor Grill Line Hot Side",
      "Expo",
      "Pastry and Cold Desserts Station",
      "Supercalifragilistic bar",
    ];
    for (const name of names) {
      for (const width of [6, 10, 16, 24]) {
        const lines = wrapLabel(name, width, 99);
        expect(lines.join(" "), `${name} at ${width}`).toBe(name);
        for (const line of lines)
          if (line.includes(" ")) expect(line.length, line).toBeLessThanOrEqual(width);
        // Greedy: no line could have taken the next line's first word.
        for (let i = 0; i + 1 < lines.length; i++)
          expect(lines[i]!.length + 1 + lines[i + 1]!.split(" ")[0]!.length).toBeGreaterThan(width);
      }
    }
  });

  it("stops at the line limit with an ellipsis on the last line", () => {
    const lines = wrapLabel("one two three four five six seven", 9, 2);
    expect(lines).toEqual(["one two", "three…"]);
    expect(wrapLabel("alpha beta gamma", 5, 3)).toEqual(["alpha", "beta", "gamma"]);
  });
});
