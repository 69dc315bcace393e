"use client";

import { useState } from "react";

import type { MenuModel } from "@/lib/menu/menu-model";

import { domId, groupKey, selectionKey, type MenuSelection } from "./menu-selection";
import styles from "./menu.module.css";

/**
 * The menu hierarchy as nested disclosure lists: everything starts collapsed and a node's
 * children are rendered only while it is open, so a 5,000-item menu costs a few dozen elements
 * until someone opens it up. Long item lists show a page at a time.
 */
const ITEM_PAGE = 100;

interface TreeProps {
  model: MenuModel;
  expanded: ReadonlySet<string>;
  onToggle: (key: string) => void;
  selected: string | null;
  onSelect: (selection: MenuSelection) => void;
}

const itemsLabel = (n: number) => (n === 1 ? "1 item" : `${n.toLocaleString("en-US")} items`);

export function MenuTree(props: TreeProps) {
  const { model, expanded, onToggle } = props;
  return (
    <ul className={styles.tree} aria-label="Menus">
      {model.menus.map((menu) => {
        const open = expanded.has(menu.guid);
        const childId = domId("menu", menu.guid);
        return (
          <li key={menu.guid}>
            <button
              type="button"
              className={styles.node}
              aria-expanded={open}
              aria-controls={childId}
              onClick={() => onToggle(menu.guid)}
            >
              <span className={styles.chevron} aria-hidden="true">
                {open ? "▾" : "▸"}
              </span>
              <span className={styles.menuName}>{menu.name}</span>
              <span className={styles.count}>{itemsLabel(menu.itemCount)}</span>
            </button>
            {open ? (
              <ul id={childId} className={styles.children}>
                {(menu.groups ?? []).map((g) => (
                  <GroupBranch key={g} {...props} menu={menu.guid} path={[g]} />
                ))}
                {(menu.groups ?? []).length === 0 ? <li className={styles.empty}>No groups.</li> : null}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function GroupBranch(props: TreeProps & { menu: string; path: string[] }) {
  const { model, expanded, onToggle, selected, onSelect, menu, path } = props;
  const [limit, setLimit] = useState(ITEM_PAGE);
  const guid = path.at(-1)!;
  const group = model.groups[guid];
  if (!group) return null;
  const key = groupKey(menu, path);
  const open = expanded.has(key);
  const childId = domId("group", key);
  const subgroups = (group.groups ?? []).filter((g) => !path.includes(g));
  const items = group.items ?? [];
  return (
    <li>
      <button
        type="button"
        className={styles.node}
        aria-expanded={open}
        aria-controls={childId}
        onClick={() => onToggle(key)}
      >
        <span className={styles.chevron} aria-hidden="true">
          {open ? "▾" : "▸"}
        </span>
        <span>{group.name}</span>
        <span className={styles.count}>{itemsLabel(group.itemCount)}</span>
      </button>
      {open ? (
        <ul id={childId} className={styles.children}>
          {subgroups.map((g) => (
            <GroupBranch key={g} {...props} path={[...path, g]} />
          ))}
          {items.slice(0, limit).map((itemGuid) => {
            const selection = { item: itemGuid, placement: { menu, path } };
            const isSelected = selected === selectionKey(selection);
            return (
              <li key={itemGuid}>
                <button
                  type="button"
                  className={`${styles.item} ${isSelected ? styles.selected : ""}`}
                  aria-pressed={isSelected}
                  onClick={() => onSelect(selection)}
                >
                  {model.items[itemGuid]?.name ?? itemGuid}
                </button>
              </li>
            );
          })}
          {items.length > limit ? (
            <li>
              <button type="button" className="button" onClick={() => setLimit((l) => l + ITEM_PAGE * 2)}>
                Show more items ({limit} of {items.length} shown)
              </button>
            </li>
          ) : null}
          {subgroups.length === 0 && items.length === 0 ? (
            <li className={styles.empty}>Empty group.</li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
