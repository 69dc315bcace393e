import { hasFewRecords } from "@/lib/kitchen/contract/ranking";

/**
 * Cell colours of the Kitchen page's two heatmaps (hour by station, weekday by hour), one scale
 * for both. Only what is out of bounds is coloured (issue 34): a cell within its target stays
 * plain, cells over it run from pale orange to deep red, so "where and when it goes wrong" is the
 * only colour in the grid. A cell resting on fewer than MIN_RANKED_COUNT records is never painted
 * deeper than the first step over target: the p90 of six records is one slow plate, not an hour
 * that needs a manager. Every step pairs its background with a text colour of at least 4.5:1
 * contrast (WCAG AA), checked by test/unit/kitchen-ui-format.test.ts.
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
  { upTo: 1, background: "#f6f7f9", color: DARK, label: "within target" },
  { upTo: 1.25, background: "#fdd0a2", color: DARK, label: "up to a quarter over target" },
  { upTo: 1.5, background: "#f08a4b", color: DARK, label: "up to half over target" },
  { upTo: Infinity, background: "#9a2f0b", color: LIGHT, label: "more than half over target" },
];

/** The step for a value (seconds) against a target (seconds). */
export function heatStep(value: number, target: number): HeatStep {
  const ratio = target > 0 ? value / target : Infinity;
  return HEAT_STEPS.find((step) => ratio <= step.upTo) ?? (HEAT_STEPS[HEAT_STEPS.length - 1] as HeatStep);
}

/** A cell's step and whether it rests on too few records to be painted deeper than the first step over. */
export function heatCell(value: number, target: number, count: number): HeatStep & { few: boolean } {
  const step = heatStep(value, target);
  const few = hasFewRecords(count);
  const capped = few && step.upTo > 1 ? (HEAT_STEPS[1] as HeatStep) : step;
  return { ...capped, few };
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
