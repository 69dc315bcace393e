/**
 * Cell colours of the hour-by-station heatmap. With a target, the scale diverges at the target:
 * blues for cells within it, oranges to deep red for cells beyond it, so "where and when it goes
 * wrong" is the warm part of the grid. Every step pairs its background with a text colour of at
 * least 4.5:1 contrast (WCAG AA), checked by test/unit/kitchen-ui-heat-scale.test.ts.
 */
export interface HeatStep {
  /** Upper bound of the step as a ratio of the target (value / target); Infinity for the last. */
  upTo: number;
  background: string;
  color: string;
  label: string;
}

const DARK = "#18202b";
const LIGHT = "#ffffff";

export const HEAT_STEPS: readonly HeatStep[] = [
  { upTo: 0.5, background: "#e8f1fb", color: DARK, label: "under half the target" },
  { upTo: 0.75, background: "#c6dbf2", color: DARK, label: "under three quarters of the target" },
  { upTo: 1, background: "#8fbbe6", color: DARK, label: "within target" },
  { upTo: 1.25, background: "#fdd0a2", color: DARK, label: "up to a quarter over target" },
  { upTo: 1.5, background: "#f08a4b", color: DARK, label: "up to half over target" },
  { upTo: Infinity, background: "#9a2f0b", color: LIGHT, label: "more than half over target" },
];

/** The step for a value (seconds) against a target (seconds). */
export function heatStep(value: number, target: number): HeatStep {
  const ratio = target > 0 ? value / target : Infinity;
  return HEAT_STEPS.find((step) => ratio <= step.upTo) ?? (HEAT_STEPS[HEAT_STEPS.length - 1] as HeatStep);
}

/** Relative luminance and contrast ratio per WCAG 2.x, for #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
