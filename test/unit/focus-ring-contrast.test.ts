import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * WCAG 1.4.11: the focus ring must have at least 3:1 contrast against every background it can be
 * drawn on (it sits 2 px outside the element, on the page, a card or a tinted notice). Computed
 * from the design tokens in app/globals.css, so a changed colour is checked, not remembered.
 */
const css = readFileSync(join(__dirname, "../../app/globals.css"), "utf8");
const tokens = new Map(
  [...css.matchAll(/--(color-[a-z-]+):\s*(#[0-9a-fA-F]{6})\b/g)].map((m) => [m[1]!, m[2]!]),
);

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("focus ring contrast", () => {
  const focus = tokens.get("color-focus")!;
  // The page, cards, muted rows and every tinted notice background.
  const backgrounds = [...tokens].filter(
    ([name]) => name === "color-bg" || name.startsWith("color-surface") || name.endsWith("-bg"),
  );

  it("reads the tokens it checks", () => {
    expect(focus).toMatch(/^#[0-9a-f]{6}$/i);
    expect(backgrounds.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "color-bg",
        "color-surface",
        "color-surface-muted",
        "color-info-bg",
        "color-danger-bg",
      ]),
    );
  });

  it("is at least 3:1 against every background", () => {
    for (const [name, hex] of backgrounds)
      expect(contrast(focus, hex), `focus ring on ${name} (${hex})`).toBeGreaterThanOrEqual(3);
  });

  it("would catch the old amber ring (2.15:1 on white)", () => {
    expect(contrast("#f59e0b", "#ffffff")).toBeLessThan(3);
  });
});
