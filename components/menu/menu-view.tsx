"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";

import { CsvDownloadLink } from "@/components/ui/csv-download-button";
import { PageHeader } from "@/components/ui/page-header";
import { SearchField } from "@/components/ui/search-field";
import { EmptyState, ErrorState, LoadingBlocks, Notice } from "@/components/ui/states";
import type { MenuModel } from "@/lib/menu/menu-model";
import { buildSearchIndex, searchMenu } from "@/lib/menu/menu-search";
import { menuItemsCsvPath, menuQuery } from "@/lib/queries/menu";
import { menuLoadPageHref } from "@/lib/queries/menu-load";

import { ItemDetail } from "./item-detail";
import { MenuSearchResults } from "./menu-search-results";
import { ancestorKeys, selectionKey, type MenuSelection } from "./menu-selection";
import { MenuTree } from "./menu-tree";
import { useMenuSelectionUrl } from "./menu-url";
import styles from "./menu.module.css";

const SEARCH_LIMIT = 50;
const n = (value: number) => value.toLocaleString("en-US");

/** The menu hierarchy with search, and one item's resolved modifiers and unit at a time. */
export function MenuView({ guid, restaurantName }: { guid: string; restaurantName: string }) {
  const query = useQuery(menuQuery(guid));
  const model = query.data;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // The selected item lives in the URL (menu-url.ts): a reload, a shared link and Back keep it.
  const { selection, setSelection, asked } = useMenuSelectionUrl(model);
  const selectedKey = selection ? selectionKey(selection) : null;
  // A selection from the URL (a reload, Back) opens the tree down to it, once per selection: set
  // while rendering, React's way to adjust state to a changed input without an effect.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (selection && selectedKey !== openedFor) {
    setOpenedFor(selectedKey);
    setExpanded((current) => new Set([...current, ...ancestorKeys(selection.placement)]));
  }
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const detailHeading = useRef<HTMLHeadingElement>(null);

  const index = useMemo(() => (model ? buildSearchIndex(model) : []), [model]);
  const result = useMemo(() => searchMenu(index, deferredSearch, SEARCH_LIMIT), [index, deferredSearch]);

  const toggle = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const select = useCallback(
    (next: MenuSelection) => {
      // The tree opens down to the item as the selection arrives (above), so clearing the search shows where it sits.
      setSelection(next);
      // On a narrow screen the detail is below the list: take the reader there.
      if (typeof window !== "undefined" && window.matchMedia("(max-width: 960px)").matches) {
        requestAnimationFrame(() => detailHeading.current?.focus());
      }
    },
    [setSelection],
  );

  const header = <MenuHeader guid={guid} restaurantName={restaurantName} model={model} />;

  if (query.isPending) {
    return (
      <>
        {header}
        <LoadingBlocks label="Loading the menu…" heights={[320, 320]} className={styles.layout} />
      </>
    );
  }
  if (query.isError || !model) {
    return (
      <>
        {header}
        <ErrorState
          title="The menu could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (model.menus.length === 0) {
    return (
      <>
        {header}
        <EmptyState title="This restaurant has no menus">
          The configuration API returned no menus for this restaurant.
        </EmptyState>
      </>
    );
  }

  const searching = deferredSearch.trim().length > 0;

  return (
    <>
      {header}
      <MissingReferences missing={model.missing} />
      <div className={styles.layout}>
        <section className={`card ${styles.browser}`} aria-labelledby="menu-browser-heading">
          <h2 id="menu-browser-heading" className="visually-hidden">
            Menus and items
          </h2>
          <SearchField
            id="menu-search"
            label="Search items by name"
            value={search}
            onChange={setSearch}
            placeholder="e.g. burger"
            className={styles.searchBox}
          />
          {searching ? (
            <MenuSearchResults
              model={model}
              result={result}
              query={deferredSearch.trim()}
              selected={selectedKey}
              onSelect={select}
            />
          ) : (
            <MenuTree
              model={model}
              expanded={expanded}
              onToggle={toggle}
              selected={selectedKey}
              onSelect={select}
            />
          )}
        </section>
        <section className={`card ${styles.detailPanel}`} aria-label="Item details">
          {selection ? (
            <ItemDetail
              model={model}
              selection={selection}
              restaurantGuid={guid}
              headingRef={detailHeading}
              onSelect={select}
            />
          ) : (
            <div className={styles.placeholder}>
              <h2>Choose an item</h2>
              {asked ? (
                <p data-testid="menu-item-unknown">
                  The item of this link (<span className="mono">{asked}</span>) is not on this menu.
                </p>
              ) : null}
              <p>
                Open a menu and its groups, or search by name, then choose an item to see its modifier groups
                (own and inherited), pre-modifiers and unit of measure.
              </p>
            </div>
          )}
        </section>
      </div>
    </>
  );
}

/** The page's header: the menu's counts once loaded, and its items CSV. */
function MenuHeader({
  guid,
  restaurantName,
  model,
}: {
  guid: string;
  restaurantName: string;
  model: MenuModel | undefined;
}) {
  return (
    <PageHeader
      eyebrow={restaurantName}
      title="Menu"
      subtitle={
        model
          ? `${n(model.counts.menus)} menus · ${n(model.counts.groups)} groups · ${n(model.counts.items)} items · ${n(model.counts.optionGroups)} modifier groups · ${n(model.counts.modifiers)} modifiers`
          : "Menus, groups, items and the modifiers each item takes."
      }
      actions={
        <>
          <Link href={menuLoadPageHref(guid)}>Menu load in the kitchen</Link>
          {model && model.counts.placements > 0 ? (
            <CsvDownloadLink href={menuItemsCsvPath(guid)} label="Download items CSV" />
          ) : null}
        </>
      }
    />
  );
}

/** The menu's references that point at nothing (the first 50), folded away. */
function MissingReferences({ missing }: { missing: MenuModel["missing"] }) {
  if (!missing.length) return null;
  return (
    <div className={styles.notice}>
      <Notice title={`${n(missing.length)} menu references point at nothing`}>
        <details>
          <summary>Show them</summary>
          <ul>
            {missing.slice(0, 50).map((m, i) => (
              <li key={i}>
                {m.from.kind === "optionGroup"
                  ? "Modifier group"
                  : m.from.kind === "preModifier"
                    ? "Pre-modifier"
                    : m.from.kind.charAt(0).toUpperCase() + m.from.kind.slice(1)}{" "}
                {m.from.name}: {m.field} <span className="mono">{m.guid}</span>
              </li>
            ))}
          </ul>
        </details>
      </Notice>
    </div>
  );
}
