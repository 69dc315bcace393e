"use client";

import type { MenuModel } from "@/lib/menu/menu-model";
import type { SearchResult } from "@/lib/menu/menu-search";

import { selectionKey, type MenuSelection } from "./menu-selection";
import styles from "./menu.module.css";

/** The first matches of a name search (the search caps them), each with where it sits. */
export function MenuSearchResults({
  model,
  result,
  query,
  selected,
  onSelect,
}: {
  model: MenuModel;
  result: SearchResult;
  query: string;
  selected: string | null;
  onSelect: (selection: MenuSelection) => void;
}) {
  return (
    <div>
      <p className={styles.resultCount} role="status" aria-live="polite">
        {result.total === 0
          ? `No item is named like “${query}”.`
          : result.total > result.matches.length
            ? `Showing the first ${result.matches.length} of ${result.total.toLocaleString("en-US")} matches; type more to narrow them.`
            : `${result.total} ${result.total === 1 ? "match" : "matches"}.`}
      </p>
      {result.matches.length ? (
        <ul className={styles.results} aria-label="Search results">
          {result.matches.map((m) => {
            const selection = { item: m.item, placement: { menu: m.menu, path: m.path } };
            const isSelected = selected === selectionKey(selection);
            return (
              <li key={selectionKey(selection)}>
                <button
                  type="button"
                  className={`${styles.result} ${isSelected ? styles.selected : ""}`}
                  aria-pressed={isSelected}
                  onClick={() => onSelect(selection)}
                >
                  <span className={styles.resultName}>{model.items[m.item]?.name ?? m.name}</span>
                  <span className={styles.resultWhere}>{m.where}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
