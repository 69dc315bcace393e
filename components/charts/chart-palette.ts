/**
 * Series colours as CSS custom properties (app/globals.css), so charts follow the design tokens.
 * SVG presentation attributes accept var(): recharts passes `fill`/`stroke` straight through.
 */
export const SERIES_COLORS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)", "var(--chart-6)"] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[((index % SERIES_COLORS.length) + SERIES_COLORS.length) % SERIES_COLORS.length] ?? "var(--chart-1)";
}

export const TARGET_COLOR = "var(--chart-target)";
export const AXIS_COLOR = "var(--color-text-muted)";
export const GRID_COLOR = "var(--color-border)";
