import type { ReactElement, ReactNode } from "react";

import { AXIS_COLOR } from "./chart-palette";

/** About the advance of one character of the 12 px UI font: wrapping by count, not by measuring. */
const CHAR_WIDTH_PX = 6.6;
const LINE_HEIGHT_EM = 1.1;
const MAX_LINES = 3;

/**
 * A label's lines for a column `maxChars` characters wide: words in order, greedily, a word longer
 * than the column on a line of its own, at most `maxLines` lines, the last one ending in "…" when
 * words are left over.
 */
export function wrapLabel(text: string, maxChars: number, maxLines = MAX_LINES): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, Math.max(1, maxChars - 1))}…`;
  return kept;
}

/** What recharts hands a tick renderer (CartesianAxis' tick props). */
interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: "start" | "middle" | "end" | "inherit";
  verticalAnchor?: "start" | "middle" | "end";
  className?: string;
  index?: number;
  payload?: { value?: unknown };
  tickFormatter?: (value: never, index: number) => ReactNode;
}

/**
 * An axis tick drawn as plain SVG text. Recharts' own <Text> measures every word of every tick in
 * the DOM (a hidden span, a forced layout each) to wrap it, and on a phone those measurements
 * were most of a chart's first draw (issue 16); these labels wrap by character count instead.
 * `width`: the axis's width in pixels for a category axis whose names may wrap; none, one line.
 */
export function axisTick({ fill = AXIS_COLOR, width }: { fill?: string; width?: number } = {}): (
  props: TickProps,
) => ReactElement {
  const maxChars = width ? Math.max(4, Math.floor((width - 8) / CHAR_WIDTH_PX)) : Number.POSITIVE_INFINITY;
  function AxisTick({
    x = 0,
    y = 0,
    textAnchor = "middle",
    verticalAnchor = "middle",
    className,
    index = 0,
    payload,
    tickFormatter,
  }: TickProps) {
    const raw = payload?.value;
    const text = String(tickFormatter ? tickFormatter(raw as never, index) : (raw ?? ""));
    const lines = wrapLabel(text, maxChars);
    // Where the first line's baseline sits, as <Text> places it: below the point for "start",
    // centred on it for "middle" (0.355em is half of d3's 0.71em cap height).
    const first =
      verticalAnchor === "start"
        ? 0.71
        : verticalAnchor === "end"
          ? -(lines.length - 1) * LINE_HEIGHT_EM
          : 0.355 - ((lines.length - 1) * LINE_HEIGHT_EM) / 2;
    return (
      <text x={x} y={y} textAnchor={textAnchor} fill={fill} fontSize={12} className={className}>
        {lines.length > 1 || lines[0] !== text ? <title>{text}</title> : null}
        {lines.map((line, i) => (
          <tspan key={i} x={x} dy={`${i === 0 ? first : LINE_HEIGHT_EM}em`}>
            {line}
          </tspan>
        ))}
      </text>
    );
  }
  return AxisTick;
}

/** A short one-line label (minutes, dates, bins): the value axes' tick, stable as recharts asks. */
export const SHORT_TICK = axisTick();
