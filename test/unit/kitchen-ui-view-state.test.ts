import { describe, expect, it } from "vitest";

import { comparisonFor } from "@/lib/kitchen/contract/today-comparison";
import {
  apiQuery,
  kitchenViewParams,
  kitchenViewUpdate,
  kitchenViewUrlKeys,
  loadKitchenViewParams,
  parseKitchenView,
  resolveKitchenView,
  serializeKitchenView,
} from "@/lib/url-state/kitchen-view";
import { portableKitchenSearch, RESTAURANT_SPECIFIC_KEYS } from "@/lib/url-state/portable-kitchen-search";

const today = "20250310";

describe("kitchen view in the URL", () => {
  it("opens on the last 7 complete days, fire to fulfill, every level, compared", () => {
    const { view, problems } = parseKitchenView(new URLSearchParams(), today);
    expect(view).toMatchObject({
      range: "7d",
      from: "20250303",
      to: "20250309",
      metric: "fire_to_fulfill",
      level: null,
      compare: true,
    });
    expect(problems).toEqual([]);
    expect(serializeKitchenView(view)).toBe("");
  });

  it("survives a round trip through the URL", () => {
    const url =
      "range=custom&from=20250201&to=20250215&compare=0&vs=yesterday&metric=wait_to_start&level=1&station=abc&behavior=TAKE_OUT&channel=drive-thru&source=Online&item=item-guid&service=Late+Night&maxMinutes=45&stuck=include&hs=abc&hl=2";
    const { view } = parseKitchenView(new URLSearchParams(url), today);
    expect(view).toEqual({
      range: "custom",
      from: "20250201",
      to: "20250215",
      compare: false,
      compareWith: "yesterday",
      metric: "wait_to_start",
      level: 1,
      station: "abc",
      behavior: "TAKE_OUT",
      channel: "drive-thru",
      source: "Online",
      item: "item-guid",
      service: "Late Night",
      maxMinutes: 45,
      stuck: "include",
      histStation: "abc",
      histLevel: 2,
    });
    expect(serializeKitchenView(view)).toBe(url);
    expect(apiQuery(view, view).get("stuck")).toBe("include");
    expect(apiQuery(view, view).get("channel")).toBe("drive-thru");
    // Left out is the default: neither the page's URL nor the API's query carries it.
    const byDefault = parseKitchenView(new URLSearchParams("stuck=exclude"), today).view;
    expect(byDefault.stuck).toBe("exclude");
    expect(serializeKitchenView(byDefault)).toBe("");
    expect(apiQuery(byDefault, byDefault).has("stuck")).toBe(false);
  });

  it("reads Next's searchParams object as well as URLSearchParams", () => {
    const { view } = parseKitchenView({ range: "30d", level: ["0", "1"], metric: undefined }, today);
    expect(view).toMatchObject({ range: "30d", from: "20250208", to: "20250309", level: 0 });
  });

  it("falls back to the last 7 days and says why when a custom range is unusable", () => {
    for (const [query, reason] of [
      ["range=custom&from=20250215&to=20250201", "starts after it ends"],
      ["range=custom&from=20250301&to=20250320", "past today"],
      ["range=custom&from=2025-03-01&to=20250305", "needs a start and an end"],
      ["range=custom&from=20230101&to=20250301", "longer than 366 days"],
    ] as const) {
      const { view, problems } = parseKitchenView(new URLSearchParams(query), today);
      expect(view.range).toBe("7d");
      expect(problems.join(" ")).toContain(reason);
    }
  });

  it("ignores levels and metrics the API does not know", () => {
    const { view, problems } = parseKitchenView(new URLSearchParams("level=3&metric=speed&hl=x"), today);
    expect(view.level).toBeNull();
    expect(view.metric).toBe("fire_to_fulfill");
    expect(view.histLevel).toBe(0);
    expect(problems).toHaveLength(1);
  });

  it("builds the API query and the comparison period from the view", () => {
    const { view } = parseKitchenView(new URLSearchParams("level=0&station=grill-guid"), today);
    expect(apiQuery(view, view).toString()).toBe(
      "from=20250303&to=20250309&metric=fire_to_fulfill&level=0&station=grill-guid",
    );
    expect(
      comparisonFor(
        view,
        today,
        view.compareWith,
        { timeZone: "America/New_York", closeoutHour: 4 },
        undefined,
      ),
    ).toEqual({
      range: { from: "20250224", to: "20250302" },
      label: null,
      waiting: false,
    });
  });

  it("keeps the Menu page's one-item link in the view and in every API query", () => {
    const { view } = parseKitchenView(new URLSearchParams("item=5b1e-menu-item"), today);
    expect(view.item).toBe("5b1e-menu-item");
    expect(apiQuery(view, view).get("item")).toBe("5b1e-menu-item");
    expect(serializeKitchenView(view)).toBe("item=5b1e-menu-item");
    expect(
      kitchenViewUpdate(loadKitchenViewParams("item=5b1e-menu-item"), { item: null }, today).item,
    ).toBeNull();
  });

  it("keeps the outlier cut off unless the link names whole minutes from 1 to 1440", () => {
    expect(parseKitchenView("", today).view.maxMinutes).toBeNull();
    expect(parseKitchenView("maxMinutes=30", today).view.maxMinutes).toBe(30);
    expect(
      apiQuery(parseKitchenView("maxMinutes=30", today).view, { from: "20250301", to: "20250302" }).get(
        "maxMinutes",
      ),
    ).toBe("30");
    for (const bad of ["0", "1441", "2.5", "-3", "abc"])
      expect(parseKitchenView(`maxMinutes=${bad}`, today).view.maxMinutes).toBeNull();
  });

  it("reads a plain search string the same way", () => {
    expect(parseKitchenView("?level=1&metric=wait_to_start", today).view).toMatchObject({
      level: 1,
      metric: "wait_to_start",
      range: "7d",
    });
  });

  it("says nothing about an empty metric, and quotes an unknown one", () => {
    expect(parseKitchenView("metric=", today).problems).toEqual([]);
    expect(parseKitchenView("metric=speed", today).problems).toEqual([
      'Unknown metric "speed"; showing fire to fulfill.',
    ]);
  });

  it("drops the unusable parts of the link with the next change, and keeps the rest", () => {
    const current = loadKitchenViewParams(
      "range=custom&from=20250215&to=20250201&metric=speed&station=grill",
    );
    const next = kitchenViewUpdate(current, { level: 1 }, today);
    expect(next).toMatchObject({
      range: "7d",
      from: null,
      to: null,
      metric: "fire_to_fulfill",
      level: 1,
      station: "grill",
    });
    expect(resolveKitchenView(next, today).problems).toEqual([]);
  });

  it("writes the dates of a custom range only", () => {
    const current = loadKitchenViewParams("range=custom&from=20250201&to=20250215");
    expect(kitchenViewUpdate(current, { range: "30d" }, today)).toMatchObject({
      range: "30d",
      from: null,
      to: null,
    });
    expect(kitchenViewUpdate(current, { compare: false }, today)).toMatchObject({
      range: "custom",
      from: "20250201",
      to: "20250215",
      compare: false,
    });
  });
});

describe("portableKitchenSearch", () => {
  it("keeps the view for another restaurant but drops what names one restaurant's things", () => {
    expect(
      portableKitchenSearch(
        new URLSearchParams(
          "range=30d&level=1&metric=wait_to_start&station=abc&hs=def&hl=2&item=x&compare=0",
        ),
      ),
    ).toBe("?range=30d&level=1&metric=wait_to_start&hl=2&compare=0");
    expect(portableKitchenSearch(new URLSearchParams("station=abc"))).toBe("");
    expect(portableKitchenSearch(new URLSearchParams(""))).toBe("");
  });

  it("names the view's own URL keys for the station, the histogram's station and the item", () => {
    const urlKey = (k: keyof typeof kitchenViewParams) =>
      (kitchenViewUrlKeys as Record<string, string | undefined>)[k] ?? k;
    const specific = (["station", "histStation", "item"] as const)
      .filter((k) => k in kitchenViewParams)
      .map(urlKey);
    expect(specific.length).toBeGreaterThanOrEqual(3);
    expect([...RESTAURANT_SPECIFIC_KEYS].sort()).toEqual(specific.sort());
  });
});
