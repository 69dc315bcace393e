import { describe, expect, it } from "vitest";

import type { Annotation } from "@/lib/annotations/annotations-contract";
import type { KitchenAnomaly, KitchenOverviewRow } from "@/lib/kitchen/contract/responses";

import { kitchenSentences, overviewSentences, overviewSentenceSubjects } from "./headline-sentences";
import { loadKitchenViewParams, resolveKitchenView } from "./kitchen-view";

const GUID = "r-1";
const RANGE = { from: "20250127", to: "20250202" };

/** Friday 31 January 2025, dinner at the grill: p90 14m 20s against a usual 12m 00s. */
const grillDinner: KitchenAnomaly = {
  date: "20250131",
  level: 0,
  station: { stationGuid: "grill", stationName: "Grill" },
  service: "Dinner",
  p90: 860,
  median: 720,
  low: 600,
  high: 840,
};
const fryLunchFaster: KitchenAnomaly = {
  ...grillDinner,
  date: "20250128",
  station: { stationGuid: "fry", stationName: "Fry" },
  service: "Lunch",
  p90: 300,
  median: 600,
  low: 480,
};
const routing: Annotation = {
  id: "7",
  date: "20250130",
  kind: "routing",
  text: "Routing of prep station “Grill” changed",
};
const itemFirst: Annotation = {
  id: null,
  date: "20250130",
  kind: "item-first-sold",
  text: "First sold: Soup",
};
const laterNote: Annotation = {
  id: "8",
  date: "20250201",
  kind: "note",
  text: "new grill cook.",
  by: "m@x.test",
};

/** The view a sentence's link opens, as the Kitchen page reads its URL. */
function viewOf(href: string) {
  const url = new URL(href, "http://app.test");
  const { view, problems } = resolveKitchenView(loadKitchenViewParams(url.searchParams), "20250210");
  expect(problems).toEqual([]);
  return { path: url.pathname, hash: url.hash, view };
}

const steady = { records: 1000, late: 80, p90: 500 };

describe("the Kitchen page's opening sentences", () => {
  it("names the slowest unusual slice, then the change before it, each linking to its evidence", () => {
    const s = kitchenSentences({
      guid: GUID,
      range: RANGE,
      current: steady,
      previous: steady,
      anomalies: [fryLunchFaster, grillDinner],
      annotations: [laterNote, itemFirst, routing],
    });
    expect(s.map((x) => x.kind)).toEqual(["unusual", "marker"]);
    expect(s[0]!.text).toBe(
      "Grill ran 2m 20s slower than usual at Dinner on Fri, Jan 31, 2025: p90 14m 20s against a usual 12m 00s (1 more unusual slice on the trend).",
    );
    expect(viewOf(s[0]!.href)).toMatchObject({
      path: `/restaurants/${GUID}/kitchen`,
      view: {
        range: "custom",
        from: "20250131",
        to: "20250131",
        level: 0,
        station: "grill",
        service: "Dinner",
      },
    });
    // The routing change the day before, not the later note nor the item marker of the same day.
    expect(s[1]!.text).toBe(
      "Routing of prep station “Grill” changed on Thu, Jan 30, 2025 (1 more change noted in these dates).",
    );
    expect(viewOf(s[1]!.href)).toMatchObject({
      hash: "#kitchen-trend",
      view: { from: "20250130", to: "20250130" },
    });
  });

  it("says the late figures first when the status rule says to act, with the level-0 view as evidence", () => {
    const s = kitchenSentences({
      guid: GUID,
      range: RANGE,
      current: { records: 1000, late: 320, p90: 900 },
      previous: { records: 1000, late: 200, p90: 800 },
      anomalies: [],
      annotations: [laterNote],
    });
    expect(s.map((x) => x.kind)).toEqual(["late", "marker"]);
    expect(s[0]!.text).toBe(
      "Needs action: 320 late items, 32.0% late at level 0 (+12.0 pts), +100 s p90 vs the period before.",
    );
    expect(viewOf(s[0]!.href).view).toMatchObject({
      from: RANGE.from,
      to: RANGE.to,
      level: 0,
      station: null,
    });
    // A note's own full stop is not doubled.
    expect(s[1]!.text).toBe("A manager noted on Sat, Feb 1, 2025: “new grill cook”.");
  });

  it("with nothing notable says it is on track, and claims no cause", () => {
    const s = kitchenSentences({
      guid: GUID,
      range: RANGE,
      current: steady,
      previous: steady,
      anomalies: [fryLunchFaster],
      annotations: [],
    });
    expect(s).toHaveLength(2);
    expect(s[0]!.kind).toBe("on-track");
    expect(s[0]!.text).toBe(
      "On track: 80 late items, 8.0% late at level 0 (±0.0 pts), ±0 s p90 vs the period before; no day slower than usual against the same weekdays of the 8 weeks before.",
    );
    expect(s[1]!.text).toMatch(/^Fry ran 5m 00s faster than usual at Lunch/);
    const empty = kitchenSentences({
      guid: GUID,
      range: RANGE,
      current: null,
      previous: null,
      anomalies: [],
      annotations: [],
    });
    expect(empty.map((x) => x.text)).toEqual([
      "On track: no level-0 records in these dates; no unusual day against the same weekdays of the 8 weeks before.",
    ]);
  });

  it("is deterministic: the order of its inputs does not change the words", () => {
    const a = kitchenSentences({
      guid: GUID,
      range: RANGE,
      current: steady,
      previous: null,
      anomalies: [grillDinner, fryLunchFaster],
      annotations: [routing, itemFirst, laterNote],
    });
    const b = kitchenSentences({
      guid: GUID,
      range: RANGE,
      current: steady,
      previous: null,
      anomalies: [fryLunchFaster, grillDinner],
      annotations: [laterNote, routing, itemFirst],
    });
    expect(a).toEqual(b);
  });
});

function row(
  guid: string,
  name: string,
  late: number,
  prevLate: number,
  verdict: "act" | "watch" | "on_track",
) {
  const figures = (l: number) => [{ level: 0 as const, records: 1000, late: l, p90: 600 }];
  return {
    restaurantGuid: guid,
    restaurantName: name,
    locationName: name,
    archived: false,
    status: "ready",
    period: RANGE,
    previousPeriod: RANGE,
    current: figures(late),
    previous: figures(prevLate),
    stuckRecords: 0,
    lateItems: late,
    verdict: { status: verdict, reason: `${late} late items` },
    worstStation: { stationGuid: null, stationName: null, records: 300, late: Math.round(late / 2) },
  } as unknown as KitchenOverviewRow;
}

describe("the Overview's opening sentences", () => {
  it("names the restaurant to act on with its worst station, then the one that got worse", () => {
    const s = overviewSentences(
      {
        rows: [row("a", "Alpha", 100, 100, "on_track"), row("b", "Bravo", 400, 390, "act")],
        movers: {
          worse: [{ restaurantGuid: "a", restaurantName: "Alpha", latePoints: 2.5, p90Seconds: 30 }],
          better: [],
        },
      },
      "lastweek",
    );
    expect(s.map((x) => x.text)).toEqual([
      "Bravo needs action: 400 late items; most at No station (200 late of 300).",
      "Alpha got worse: its share late up 2.5 pts and its p90 up 30s against the period before.",
    ]);
    expect(viewOf(s[0]!.href)).toMatchObject({
      path: "/restaurants/b/kitchen",
      view: { range: "lastweek", level: 0, station: "(none)" },
    });
    expect(viewOf(s[1]!.href)).toMatchObject({
      path: "/restaurants/a/kitchen",
      view: { level: 0, station: null },
    });
  });

  it("says on track when nobody is to act on, watch or worse", () => {
    const s = overviewSentences(
      {
        rows: [row("a", "Alpha", 50, 60, "on_track"), row("b", "Bravo", 70, 80, "on_track")],
        movers: { worse: [], better: [] },
      },
      "7d",
    );
    expect(s).toHaveLength(1);
    expect(s[0]!.kind).toBe("on-track");
    expect(s[0]!.text).toBe(
      "On track: 2 restaurants with figures, none to act on or watch and none worse than the period before; the most late items at Bravo (70 late items).",
    );
    expect(overviewSentences({ rows: [], movers: { worse: [], better: [] } }, "7d")).toEqual([]);
  });

  it("adds what the named restaurants' evidence says: an unusual day, else the latest note or marker, each linked", () => {
    const overview = {
      rows: [row("a", "Alpha", 100, 100, "on_track"), row("b", "Bravo", 400, 390, "act")],
      movers: {
        worse: [{ restaurantGuid: "a", restaurantName: "Alpha", latePoints: 2.5, p90Seconds: 30 }],
        better: [],
      },
    };
    // The evidence is read for these two only: the one to act on, then the worse mover.
    expect(overviewSentenceSubjects(overview)).toEqual(["b", "a"]);
    const s = overviewSentences(
      {
        ...overview,
        evidence: [
          {
            restaurantGuid: "b",
            period: RANGE,
            anomalies: [fryLunchFaster, grillDinner],
            annotations: [routing],
          },
          { restaurantGuid: "a", period: RANGE, anomalies: [], annotations: [routing, laterNote] },
        ],
      },
      "lastweek",
    );
    expect(s.map((x) => [x.kind, x.text])).toEqual([
      ["late", "Bravo needs action: 400 late items; most at No station (200 late of 300)."],
      [
        "unusual",
        "At Bravo, Grill ran 2m 20s slower than usual at Dinner on Fri, Jan 31, 2025: p90 14m 20s against a usual 12m 00s (1 more unusual slice on the trend).",
      ],
      ["mover", "Alpha got worse: its share late up 2.5 pts and its p90 up 30s against the period before."],
    ]);
    // The unusual day's link opens Bravo's Kitchen page on that date, station and service.
    expect(viewOf(s[1]!.href)).toMatchObject({
      path: "/restaurants/b/kitchen",
      view: { from: "20250131", to: "20250131", level: 0, station: "grill", service: "Dinner" },
    });
    // Without an act/watch restaurant, the mover's evidence is said: its latest note, on its day's trend.
    const alone = overviewSentences(
      {
        rows: [row("a", "Alpha", 100, 100, "on_track")],
        movers: overview.movers,
        evidence: [{ restaurantGuid: "a", period: RANGE, anomalies: [], annotations: [routing, laterNote] }],
      },
      "7d",
    );
    expect(alone.map((x) => x.text)).toEqual([
      "Alpha got worse: its share late up 2.5 pts and its p90 up 30s against the period before.",
      "At Alpha, a manager noted on Sat, Feb 1, 2025: “new grill cook” (1 more change noted in these dates).",
    ]);
    expect(viewOf(alone[1]!.href)).toMatchObject({
      path: "/restaurants/a/kitchen",
      hash: "#kitchen-trend",
      view: { from: "20250201", to: "20250201" },
    });
    // Evidence of a restaurant the sentences do not name says nothing.
    expect(
      overviewSentences(
        {
          ...overview,
          evidence: [{ restaurantGuid: "z", period: RANGE, anomalies: [grillDinner], annotations: [] }],
        },
        "lastweek",
      ),
    ).toHaveLength(2);
  });
});
