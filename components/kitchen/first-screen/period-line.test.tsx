import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { PeriodLine } from "./period-line";

const text = (...args: Parameters<typeof PeriodLine>) =>
  renderToStaticMarkup(<PeriodLine {...args[0]} />)
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

const week = { from: "20251112", to: "20251118" };
const month = { from: "20251020", to: "20251118" };

describe("the period line above the Kitchen page's figures", () => {
  it("prints the period and the previous one it is compared with", () => {
    const shown = text({ shown: week, asked: week, previous: { from: "20251105", to: "20251111" } });
    expect(shown).toBe("Nov 12 – Nov 18, 2025 · compared with Nov 5 – Nov 11, 2025");
  });

  it("names the old figures' own dates and the ones loading while another period is asked", () => {
    const shown = text({ shown: week, asked: month, previous: undefined });
    expect(shown).toBe("Showing Nov 12 – Nov 18, 2025 while Oct 20 – Nov 18, 2025 loads");
    expect(shown).not.toContain("compared with");
  });

  it("says the figures on screen are of the earlier filters while a filter change loads", () => {
    expect(text({ shown: week, asked: week, previous: undefined, old: true })).toBe(
      "Showing Nov 12 – Nov 18, 2025 with the earlier filters while the new figures load",
    );
  });

  it("prints the asked period alone before any figure and without a comparison", () => {
    expect(text({ shown: undefined, asked: month, previous: undefined })).toBe("Oct 20 – Nov 18, 2025");
  });
});
