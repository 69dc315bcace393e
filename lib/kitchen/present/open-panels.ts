/**
 * Which of the Kitchen page's folding panels (its sections below the figures, and the filters) a
 * browser keeps open, as stored in localStorage: a JSON list of panel ids. Everything is folded
 * until the manager opens it, so the first screen is the figures (issue 34); what he opens stays
 * open on his next visit.
 */
export const OPEN_PANELS_KEY = "kitchen-pulse:kitchen-open-panels";

/** The open panels a stored value names; anything unreadable (another version, a hand edit) is none. */
export function parseOpenPanels(raw: string | null): readonly string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((v): v is string => typeof v === "string"))]
      : [];
  } catch {
    return [];
  }
}

/** The list with `id` opened or closed, in a stable order (sorted), so equal sets store equal strings. */
export function withPanel(open: readonly string[], id: string, isOpen: boolean): string[] {
  const next = new Set(open);
  if (isOpen) next.add(id);
  else next.delete(id);
  return [...next].sort();
}
