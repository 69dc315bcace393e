"use client";

import { createContext, useContext, type ReactNode } from "react";

/**
 * The level of a card's heading. A card on its own under the page's h1 is an h2; inside a titled
 * section (the Kitchen page's KitchenSection, an h2) it is an h3, so the outline has no skip and
 * no card needs to know where it is placed.
 */
export const CardHeadingLevel = createContext<2 | 3>(2);

/** A card's title: h2, or h3 inside a section (or the level given). */
export function CardHeading({
  id,
  className,
  level,
  children,
}: {
  id?: string;
  className?: string;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const fromSection = useContext(CardHeadingLevel);
  return (level ?? fromSection) === 3 ? (
    <h3 id={id} className={className}>
      {children}
    </h3>
  ) : (
    <h2 id={id} className={className}>
      {children}
    </h2>
  );
}
