"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";

import type { KitchenSummary } from "@/lib/kitchen/contract/responses";
import { itemChoices, matchingChoices, type ItemChoice } from "@/lib/kitchen/present/item-choices";
import { menuQuery } from "@/lib/queries/menu";

import styles from "./item-picker.module.css";

/** Options drawn at once: a menu has thousands of items; typing narrows them. */
const SHOWN = 50;
const ALL = { guid: "", name: "All items", detail: "" } satisfies ItemChoice;

/**
 * The menu-item filter: a searchable combobox (WAI-ARIA APG "list autocomplete"): type to narrow,
 * Up/Down to move, Enter to choose, Escape to close. It writes the view's `item` (the menu item's
 * GUID) and shows the item's name. The menu is fetched when the picker is first used.
 */
export function ItemPicker({
  guid,
  item,
  itemName,
  summary,
  onChange,
}: {
  guid: string;
  item: string | null;
  /** The chosen item's name as the kitchen summary gives it (undefined while it loads). */
  itemName: string | null | undefined;
  /** The unfiltered summary, for items the menu no longer lists; undefined with an item chosen. */
  summary: Pick<KitchenSummary, "items"> | undefined;
  onChange: (item: string | null) => void;
}) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const menu = useQuery({ ...menuQuery(guid), enabled: used });
  // Built once the picker is first used: sorting by name starts the browser's collator, which a
  // phone pays for at load otherwise (issue 16). Until then the chosen item's name is the summary's.
  const choices = useMemo(() => (used ? itemChoices(menu.data, summary) : []), [used, menu.data, summary]);
  const matches = useMemo(() => [ALL, ...matchingChoices(choices, text)], [choices, text]);
  const shown = matches.slice(0, SHOWN + 1);
  const id = useId();
  const listId = `${id}-list`;

  const optionId = (i: number) => `${id}-option-${i}`;
  // The option Up/Down reaches stays in sight in the scrolled list.
  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  const chosenName =
    item === null ? "All items" : (choices.find((c) => c.guid === item)?.name ?? itemName ?? "One menu item");

  const openList = () => {
    setUsed(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setText("");
    setActive(0);
  };
  const choose = (choice: ItemChoice) => {
    close();
    if ((choice.guid || null) !== item) onChange(choice.guid || null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a + step + shown.length) % shown.length);
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      const choice = shown[active];
      if (choice) choose(choice);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close();
    }
  };

  const more = matches.length - shown.length;
  return (
    <div className={styles.picker}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        Menu item
      </label>
      <input
        id={`${id}-input`}
        className="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={chosenName}
        value={open ? text : chosenName}
        onFocus={openList}
        onClick={openList}
        onBlur={close}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <div className={styles.popup} hidden={!open}>
        <ul id={listId} role="listbox" aria-label="Menu items" className={styles.list}>
          {shown.map((c, i) => (
            <li
              key={c.guid || "all"}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-current={(c.guid || null) === item || undefined}
              className={styles.option}
              // mousedown, not click: the input's blur would close the list before the click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              <span>{c.name}</span>
              {c.detail ? <span className={styles.detail}>{c.detail}</span> : null}
            </li>
          ))}
        </ul>
        <p className={styles.status} role="status">
          {!open
            ? ""
            : menu.isLoading
              ? "Loading the menu…"
              : menu.isError
                ? "The menu could not be loaded; items sold in the range are listed."
                : `${matches.length - 1} items match${more > 0 ? `; ${more} more not shown, keep typing` : ""}`}
        </p>
      </div>
    </div>
  );
}
