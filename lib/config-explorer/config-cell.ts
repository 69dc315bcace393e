/**
 * One cell of the configuration explorer, as the API sends it: already in words and formatted,
 * so the browser and the CSV show the same thing. A plain string is the common case; richer
 * cells keep their structure for display and still carry `text`, the flat form the CSV uses.
 */
export type ConfigCell = null | string | RichCell;

export interface RichCell {
  text: string;
  /** Sort key when the text does not sort right (money, percentages, counts). */
  sort?: number;
  /**
   * The value as a plain number in the column's own unit ("1,110" calories -> 1110, "$5.00" -> 5,
   * "12.5%" -> 12.5): the CSV writes it, so a spreadsheet can compute with it.
   */
  number?: number;
  /** Identifiers and codes, shown in a monospace font. */
  mono?: true;
  /** A reference that points at nothing the configuration API returned. */
  missing?: true;
  /** Several values, one per line (references, images). */
  list?: ListEntry[];
  /** A nested table (tax table rows, promo codes, conditional rates). */
  table?: { columns: string[]; rows: string[][] };
  /** A nested object shown as label/value pairs (service charge criteria). */
  fields?: { label: string; value: string }[];
}

export interface ListEntry {
  text: string;
  missing?: true;
  /** Image URLs are shown as links. */
  href?: string;
}

export interface ConfigColumn {
  key: string;
  label: string;
  align?: "right";
}

export interface ConfigRow {
  guid: string;
  cells: Record<string, ConfigCell>;
}

export interface ConfigTable {
  resource: string;
  title: string;
  columns: ConfigColumn[];
  rows: ConfigRow[];
  /** ISO instant of the lastModified filter applied, if any. */
  lastModified: string | null;
}

export function cellText(cell: ConfigCell | undefined): string {
  if (cell == null) return "";
  return typeof cell === "string" ? cell : cell.text;
}

export function cellSortValue(cell: ConfigCell | undefined): string | number | null {
  if (cell == null) return null;
  if (typeof cell === "string") return cell;
  return cell.sort ?? cell.text;
}
