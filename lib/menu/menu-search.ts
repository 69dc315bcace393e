import type { MenuModel } from "./menu-model";
import { itemPlacements, placementLabel, type ItemPlacement } from "./menu-placements";

/**
 * Name search across every placement of every item. The index is built once per menu model; a
 * query then scans plain strings, which for 5,000 items takes well under a frame, so the
 * results can follow each keystroke. Only the first `limit` matches are returned for display.
 */
export interface SearchEntry extends ItemPlacement {
  /** Folded (lower case, accents removed) item name. */
  key: string;
  name: string;
  /** "Menu > Group > Subgroup" without the item. */
  where: string;
}

export interface SearchResult {
  matches: SearchEntry[];
  total: number;
}

export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

export function buildSearchIndex(model: MenuModel): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const placement of itemPlacements(model)) {
    const name = model.items[placement.item]?.name ?? "";
    entries.push({ ...placement, name, key: foldForSearch(name), where: placementLabel(model, placement) });
  }
  return entries;
}

/**
 * Every whitespace-separated word of the query must occur in the name. Names that start with
 * the query come first, then the rest, each alphabetically.
 */
export function searchMenu(index: readonly SearchEntry[], query: string, limit = 50): SearchResult {
  const folded = foldForSearch(query);
  const words = folded.split(/\s+/).filter(Boolean);
  if (words.length === 0) return { matches: [], total: 0 };
  const hits = index.filter((e) => words.every((w) => e.key.includes(w)));
  hits.sort((a, b) => {
    const pa = a.key.startsWith(folded) ? 0 : 1;
    const pb = b.key.startsWith(folded) ? 0 : 1;
    return pa - pb || a.key.localeCompare(b.key) || a.where.localeCompare(b.where);
  });
  return { matches: hits.slice(0, limit), total: hits.length };
}
