/**
 * The row of a chart click (a drill): recharts gives the active index of the category under the
 * pointer, as a number or its string, for a click anywhere in the category's band, not only on a
 * bar or a dot (a short bar or a 2.5 px dot is a small target). Nothing when no category is active.
 */
export function clickedRow<Row>(data: readonly Row[], index: unknown, onRow: (row: Row) => void): void {
  const row = index === undefined || index === null ? undefined : data[Number(index)];
  if (row !== undefined) onRow(row);
}
