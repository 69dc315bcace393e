import { describe, expect, it } from "vitest";

import { parseOpenPanels, withPanel } from "./open-panels";

describe("the Kitchen page's remembered open panels", () => {
  it("reads the stored list, and treats anything unreadable as every panel folded", () => {
    expect(parseOpenPanels('["section:items","filters"]')).toEqual(["section:items", "filters"]);
    expect(parseOpenPanels(null)).toEqual([]);
    expect(parseOpenPanels("")).toEqual([]);
    expect(parseOpenPanels("{not json")).toEqual([]);
    expect(parseOpenPanels('{"section:items":true}')).toEqual([]);
    expect(parseOpenPanels('["filters", 3, null, "filters"]')).toEqual(["filters"]);
  });

  it("opens and folds one panel, leaving the others, in a stable order", () => {
    expect(withPanel([], "section:trend", true)).toEqual(["section:trend"]);
    expect(withPanel(["section:trend"], "filters", true)).toEqual(["filters", "section:trend"]);
    expect(withPanel(["filters", "section:trend"], "filters", true)).toEqual(["filters", "section:trend"]);
    expect(withPanel(["filters", "section:trend"], "section:trend", false)).toEqual(["filters"]);
    expect(withPanel(["filters"], "section:items", false)).toEqual(["filters"]);
  });
});
