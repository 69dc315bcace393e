"use client";

import { useState } from "react";

import type { ResolvedOptionGroup } from "@/lib/menu/inheritance";
import type { MenuModel } from "@/lib/menu/menu-model";
import { selectionRule, sourceWords } from "@/lib/menu/menu-words";

import styles from "./menu.module.css";

/** Nested modifiers stop here: deeper chains exist only in broken configurations. */
const MAX_DEPTH = 4;
const OPTION_PAGE = 30;

/**
 * Modifier groups with their selection rules and options. An option is a menu item and may
 * carry its own modifier groups; those open on demand, and a chain that loops back to an item
 * already on the way is cut off.
 */
export function ModifierGroups({
  model,
  groups,
  depth,
  trail,
}: {
  model: MenuModel;
  groups: readonly ResolvedOptionGroup[];
  depth: number;
  trail: readonly string[];
}) {
  return (
    <ul className={depth === 0 ? styles.modifierGroups : styles.nestedGroups}>
      {groups.map((g) => (
        <ModifierGroupCard key={g.guid} model={model} group={g} depth={depth} trail={trail} />
      ))}
    </ul>
  );
}

function ModifierGroupCard({
  model,
  group,
  depth,
  trail,
}: {
  model: MenuModel;
  group: ResolvedOptionGroup;
  depth: number;
  trail: readonly string[];
}) {
  const [limit, setLimit] = useState(OPTION_PAGE);
  const og = model.optionGroups[group.guid];
  if (!og) return null;
  const options = og.options ?? [];
  return (
    <li className={styles.modifierGroup}>
      <div className={styles.modifierHead}>
        <strong>{og.name}</strong>
        {group.inherited ? (
          <span className={`${styles.tag} ${styles.inheritedTag}`}>
            Inherited from {sourceWords(group.source)}
          </span>
        ) : (
          <span className={styles.tag}>{depth === 0 ? "Own" : "On this option"}</span>
        )}
      </div>
      <p className={styles.rule}>
        {selectionRule(og.min, og.max)}
        <span className={styles.source}>
          {" "}
          (minimum {og.min ?? "not set"}, maximum {og.max ?? "not set"})
        </span>
      </p>
      {options.length ? (
        <ul className={styles.options}>
          {options.slice(0, limit).map((optionGuid) => (
            <OptionRow key={optionGuid} model={model} optionGuid={optionGuid} depth={depth} trail={trail} />
          ))}
          {options.length > limit ? (
            <li>
              <button type="button" className={styles.linkButton} onClick={() => setLimit(options.length)}>
                Show all {options.length} options
              </button>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className={styles.source}>No options.</p>
      )}
    </li>
  );
}

function OptionRow({
  model,
  optionGuid,
  depth,
  trail,
}: {
  model: MenuModel;
  optionGuid: string;
  depth: number;
  trail: readonly string[];
}) {
  const [open, setOpen] = useState(false);
  const option = model.items[optionGuid];
  const nested = (option?.optionGroups ?? []).map((guid) => ({
    guid,
    source: { kind: "item" as const, guid: optionGuid, name: option?.name ?? optionGuid },
    inherited: false,
  }));
  const loops = trail.includes(optionGuid);
  return (
    <li>
      {option?.name ?? optionGuid}
      {nested.length && !loops && depth < MAX_DEPTH ? (
        <>
          {" "}
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? "Hide" : "Show"} its{" "}
            {nested.length === 1 ? "modifier group" : `${nested.length} modifier groups`}
            <span className="visually-hidden"> of {option?.name}</span>
          </button>
          {open ? (
            <ModifierGroups model={model} groups={nested} depth={depth + 1} trail={[...trail, optionGuid]} />
          ) : null}
        </>
      ) : null}
      {loops ? <span className={styles.source}> (modifies itself in a loop)</span> : null}
    </li>
  );
}
