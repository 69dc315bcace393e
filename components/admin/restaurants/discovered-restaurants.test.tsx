import { isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { DiscoveryReportLocation } from "@/lib/restaurants/discovery-contract";

import { DiscoveredRestaurants } from "./discovered-restaurants";

const location = (over: Partial<DiscoveryReportLocation>): DiscoveryReportLocation => ({
  guid: "g",
  name: "Harbor Street Kitchen",
  locationName: "Harbor Street",
  managementGroupGuid: null,
  added: true,
  state: "added-accessible",
  since: "2025-03-20T10:00:00.000Z",
  lastSeen: "2025-03-20T10:00:00.000Z",
  ...over,
});

const LOCATIONS = [
  location({ guid: "harbor" }),
  location({ guid: "mesa", name: "Mesa Verde Cantina", state: "added-not-accessible", since: null }),
  location({
    guid: "river",
    name: "Riverside Bistro",
    locationName: "Riverside",
    added: false,
    state: "accessible-not-added",
  }),
];

/** Every button element the component returns, found in its element tree (no DOM needed). */
function buttons(node: ReactNode): ReactElement<{ onClick: () => void; disabled: boolean }>[] {
  if (Array.isArray(node)) return node.flatMap(buttons);
  if (!isValidElement(node)) return [];
  const props = node.props as { children?: ReactNode };
  const own =
    node.type === "button" ? [node as ReactElement<{ onClick: () => void; disabled: boolean }>] : [];
  return [...own, ...buttons(props.children)];
}

describe("DiscoveredRestaurants", () => {
  it("shows each location's name, location and state in words, and an Add button only for one not added", () => {
    const html = renderToStaticMarkup(<DiscoveredRestaurants locations={LOCATIONS} onAdd={() => {}} />);
    expect(html).toContain("Riverside Bistro");
    expect(html).toContain("Reachable, not added");
    expect(html).toContain("Added, no longer reachable");
    expect(html).toContain("never listed");
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Add Riverside Bistro"');
  });

  it("calls onAdd with the location's GUID, and waits while that one is being added", () => {
    const added: string[] = [];
    const tree = DiscoveredRestaurants({ locations: LOCATIONS, onAdd: (guid) => added.push(guid) });
    const [add] = buttons(tree);
    add!.props.onClick();
    expect(added).toEqual(["river"]);
    const busy = renderToStaticMarkup(
      <DiscoveredRestaurants locations={LOCATIONS} onAdd={() => {}} adding="river" />,
    );
    expect(busy).toContain("Adding…");
    expect(busy).toMatch(/<button[^>]*disabled/);
  });

  it("says so when discovery has listed nothing", () => {
    expect(renderToStaticMarkup(<DiscoveredRestaurants locations={[]} onAdd={() => {}} />)).toContain(
      "No location found yet",
    );
  });
});
