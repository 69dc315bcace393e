"use client";

import { Children, isValidElement, useId, type ReactNode } from "react";

import { useOpenPanel } from "@/components/kitchen/hooks/use-open-panels";
import { CardHeadingLevel } from "@/components/ui/card/card-heading";
import { MountWhenNear } from "@/components/ui/mount-when-near";
import { Skeleton } from "@/components/ui/states";

import styles from "./kitchen-section.module.css";

/**
 * The Kitchen page's sections, in page order: the section bar links to each, and each is a
 * KitchenSection. A new card goes inside the section it belongs to; a new section is one entry
 * here and one <KitchenSection id=…> on the page.
 */
export const KITCHEN_SECTIONS = [
  { id: "figures", label: "Figures", title: "Headline figures" },
  { id: "stations", label: "Stations", title: "Stations" },
  { id: "tickets", label: "Tickets", title: "Tickets" },
  { id: "items", label: "Items", title: "Menu items" },
  { id: "hours", label: "Hours", title: "Hours of the day" },
  { id: "trend", label: "Trend", title: "Trend and breakdowns" },
] as const;

export type KitchenSectionId = (typeof KITCHEN_SECTIONS)[number]["id"];

const anchorOf = (id: KitchenSectionId) => `kitchen-${id}`;
/** A section's key among the page's remembered open panels (hooks/use-open-panels.ts). */
const panelOf = (id: KitchenSectionId) => `section:${id}`;

/**
 * The in-page section bar: sticky at the top of a phone's screen, and the skip links to each
 * section (a link moves focus to its section, which takes it). Scrolls sideways when it does not
 * fit, with a shadow at the edge that has more.
 */
export function KitchenSectionBar() {
  return (
    <nav className={styles.bar} aria-label="Sections of this page" data-testid="kitchen-section-bar">
      <ul className={styles.barList}>
        {KITCHEN_SECTIONS.map((s) => (
          <li key={s.id}>
            <BarLink id={s.id} label={s.label} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A section bar link: following it opens its section when folded, so the jump lands on its cards. */
function BarLink({ id, label }: { id: KitchenSectionId; label: string }) {
  const [open, setOpen] = useOpenPanel(panelOf(id));
  return (
    <a
      className={styles.barLink}
      href={`#${anchorOf(id)}`}
      onClick={() => {
        if (!open && id !== "figures") setOpen(true);
      }}
    >
      {label}
    </a>
  );
}

/** Whether a lazy section's data is in: still to come, and whether it is on its way or waits to be asked. */
export type SectionContent = "ready" | "loading" | "waiting";

/**
 * One section of the Kitchen page: a titled <section> (its cards' headings become h3) that is
 * folded until the manager opens it (each browser remembers which he opened, so the first screen
 * is the figures: issue 34), its cards not rendered while folded; when `lazy`, whose content mounts only as it comes near the screen (charts and
 * tables below the fold cost nothing at load). `placeholderHeight` is about the content's height,
 * so the page's length barely changes when it mounts. `content` other than "ready" (the summary is
 * still its head, without the tables the cards read) holds the placeholder until the whole summary
 * is there: a pulsing one while the whole is "loading", a still one while it is "waiting" (asked
 * only once the page has settled, use-kitchen-figures.ts).
 */
export function KitchenSection({
  id,
  folds = true,
  lazy = false,
  content = "ready",
  placeholderHeight = 480,
  children,
}: {
  id: KitchenSectionId;
  /** false: always open, its title for screen readers only (the figures, the page's first screen). */
  folds?: boolean;
  lazy?: boolean;
  content?: SectionContent;
  placeholderHeight?: number;
  children: ReactNode;
}) {
  const section = KITCHEN_SECTIONS.find((s) => s.id === id)!;
  const [remembered, setOpen] = useOpenPanel(panelOf(id));
  const open = remembered || !folds;
  const headingId = useId();
  const bodyId = useId();
  const placeholder = (
    <Skeleton height={placeholderHeight} style={{ display: "block" }} waiting={content === "waiting"} />
  );
  return (
    <section
      id={anchorOf(id)}
      className={styles.section}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid={`kitchen-section-${id}`}
    >
      <div className={folds ? styles.header : "visually-hidden"}>
        <h2 id={headingId} className={styles.title}>
          {section.title}
        </h2>
        {folds ? (
          <button
            type="button"
            className={`button ${styles.toggle}`}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            {open ? "Collapse" : "Expand"}
            <span className="visually-hidden"> {section.title.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      <div id={bodyId} className={styles.body} hidden={!open}>
        <CardHeadingLevel value={3}>
          {!open ? null : content !== "ready" ? (
            placeholder
          ) : lazy ? (
            <MountEachNear placeholderHeight={placeholderHeight}>{children}</MountEachNear>
          ) : (
            children
          )}
        </CardHeadingLevel>
      </div>
    </section>
  );
}

/**
 * Each card of a lazy section mounts on its own (when it comes near, or in its own idle moment), so
 * a section of four charts is four short tasks rather than one long one a tap would wait behind.
 * Keyed by the child's own position key, so a card that comes and goes (the station targets
 * editor waits for the targets) does not remount its neighbours.
 */
function MountEachNear({ placeholderHeight, children }: { placeholderHeight: number; children: ReactNode }) {
  const cards = Children.toArray(children);
  const height = Math.round(placeholderHeight / Math.max(1, cards.length));
  return cards.map((card, i) => (
    <MountWhenNear
      key={isValidElement(card) ? card.key : i}
      placeholder={<Skeleton height={height} style={{ display: "block" }} waiting />}
    >
      {card}
    </MountWhenNear>
  ));
}
