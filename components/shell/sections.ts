/** The pages every restaurant has, in navigation order. */
export const RESTAURANT_SECTIONS = [
  { slug: "kitchen", label: "Kitchen" },
  { slug: "targets", label: "Targets" },
  { slug: "alerts", label: "Alerts" },
  { slug: "stations", label: "Stations" },
  { slug: "menu", label: "Menu" },
  { slug: "config", label: "Configuration" },
  { slug: "info", label: "Info" },
] as const;

export type RestaurantSection = (typeof RESTAURANT_SECTIONS)[number]["slug"];

/** Where the switcher goes when no restaurant page is open. */
export const DEFAULT_SECTION: RestaurantSection = "kitchen";

export function restaurantPath(guid: string, section: RestaurantSection): string {
  return `/restaurants/${encodeURIComponent(guid)}/${section}`;
}

/** The section of a /restaurants/<guid>/<section>/... path, if any. */
export function sectionOfPath(pathname: string): RestaurantSection | undefined {
  const slug = pathname.split("/")[3];
  return RESTAURANT_SECTIONS.find((s) => s.slug === slug)?.slug;
}

/** Minimal restaurant facts the shell shows (sent to the browser with every page). */
export interface ShellRestaurant {
  guid: string;
  name: string;
  locationName: string;
  archived: boolean;
  /** False for a restaurant without the kitchen tier: its navigation has no Kitchen link. */
  kitchenEntitled?: boolean;
}
