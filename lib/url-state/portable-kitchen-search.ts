/**
 * URL keys of the Kitchen view that name something of one restaurant (a station GUID, the
 * histogram's station, a menu item) and mean nothing at another. Kept apart from kitchen-view.ts,
 * which the restaurant switcher would otherwise pull (with nuqs) into every page's bundle; the
 * unit test holds these names in step with its schema's URL keys.
 */
export const RESTAURANT_SPECIFIC_KEYS = ["station", "hs", "item"] as const;

/**
 * The Kitchen page's search string ("?range=30d&level=1", or "") to carry to another restaurant's
 * Kitchen page: the view without what belongs to this restaurant.
 */
export function portableKitchenSearch(search: URLSearchParams): string {
  const kept = new URLSearchParams(search);
  for (const key of RESTAURANT_SPECIFIC_KEYS) kept.delete(key);
  const text = kept.toString();
  return text ? `?${text}` : "";
}
