/**
 * Chart geometry that cards need before recharts has loaded (to hold the space), kept apart
 * from the chart modules so importing it does not pull recharts into a route's first load.
 */
export const BAR_SIZE = 12;
export const BAR_GAP = 2;

/** Height of a GroupedBarChart's plot for a number of rows and bars per row. */
export function groupedBarChartHeight(rows: number, seriesCount: number): number {
  const perRow = seriesCount * (BAR_SIZE + BAR_GAP) + 14;
  return Math.max(120, rows * perRow + 40);
}

/** Height the legend above a chart takes: one line per about `perLine` entries. */
export function legendHeight(entries: number, perLine: number): number {
  return Math.ceil(entries / perLine) * 22 + 8;
}
