/**
 * Chart colours as CSS custom properties (app/globals.css), so charts follow the design tokens.
 * SVG presentation attributes accept var(): recharts passes `fill`/`stroke` straight through.
 */
export const AXIS_COLOR = "var(--color-text-muted)";
export const GRID_COLOR = "var(--color-border)";
