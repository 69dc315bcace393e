import { describe, expect, it } from "vitest";

import { histogramStation, kitchenPagePlan, plannedSection } from "@/lib/queries/kitchen-page-plan";
import { parseKitchenView } from "@/lib/url-state/kitchen-view";

/** Issue 34's fix: the Distribution card honours the page's station filter. */
describe("the Distribution card's station", () => {
  const today = "20261120";
  const rules = { timeZone: "America/New_York", closeoutHour: 4 };
  const planOf = (search: string) => {
    const { view } = parseKitchenView(new URLSearchParams(search), today);
    return { view, plan: kitchenPagePlan(view, today, rules, undefined) };
  };

  it("is the page's station filter when there is one, whatever the card's own pick", () => {
    const { view, plan } = planOf("station=grill-guid&hs=pizza-guid&level=0");
    expect(histogramStation(view)).toBe("grill-guid");
    // Same station and level as the page: the card reads the page's own figures, no request of its own.
    expect(plan.histogramMatchesMain).toBe(true);
    expect(plannedSection(plan, "histogram", "figures")).toBeUndefined();
  });

  it("asks its own figures with the page's station when its level differs", () => {
    const { plan } = planOf("station=grill-guid&hl=1");
    expect(plan.histogramMatchesMain).toBe(false);
    const asked = plannedSection(plan, "histogram", "figures")!.query;
    expect([asked.get("station"), asked.get("level")]).toEqual(["grill-guid", "1"]);
  });

  it("is the card's own pick when the page shows every station", () => {
    const { view, plan } = planOf("hs=pizza-guid&level=0");
    expect(histogramStation(view)).toBe("pizza-guid");
    expect(plannedSection(plan, "histogram", "figures")!.query.get("station")).toBe("pizza-guid");
  });
});
