"use client";

import Link from "next/link";
import { useMemo } from "react";

import { resolveOptionGroups, resolvePreModifierGroups, resolveUnitOfMeasure } from "@/lib/menu/inheritance";
import type { MenuModel, PreModifierNode } from "@/lib/menu/menu-model";
import { placementLabel } from "@/lib/menu/menu-placements";
import { preModifierWords, sourceWords } from "@/lib/menu/menu-words";
import { menuLoadPageHref } from "@/lib/queries/menu-load";
import { itemTypeWords, unitWords } from "@/lib/vocabulary/menu-enum-words";

import type { MenuSelection } from "./menu-selection";
import styles from "./menu.module.css";
import { ModifierGroups } from "./modifier-groups";

/** Everything about one item in one placement, with its inheritance resolved. */
export function ItemDetail({
  model,
  selection,
  restaurantGuid,
  headingRef,
  onSelect,
}: {
  model: MenuModel;
  selection: MenuSelection;
  restaurantGuid: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  onSelect: (selection: MenuSelection) => void;
}) {
  const item = model.items[selection.item];
  const optionGroups = useMemo(
    () => resolveOptionGroups(model, selection.item, selection.placement),
    [model, selection],
  );
  const unit = useMemo(
    () => resolveUnitOfMeasure(model, selection.item, selection.placement),
    [model, selection],
  );
  const preModifierGroups = useMemo(
    () =>
      resolvePreModifierGroups(
        model,
        optionGroups.map((g) => g.guid),
      ),
    [model, optionGroups],
  );
  const otherPlacements = useMemo(() => {
    const out: MenuSelection[] = [];
    for (const menu of model.menus) {
      const walk = (path: string[]) => {
        const g = model.groups[path.at(-1)!];
        if (!g) return;
        if (g.items?.includes(selection.item))
          out.push({ item: selection.item, placement: { menu: menu.guid, path } });
        for (const child of g.groups ?? []) if (!path.includes(child)) walk([...path, child]);
      };
      for (const g of menu.groups ?? []) walk([g]);
    }
    return out.filter(
      (p) =>
        p.placement.menu !== selection.placement.menu ||
        p.placement.path.join("/") !== selection.placement.path.join("/"),
    );
  }, [model, selection]);

  if (!item) return <p>This item is no longer in the menu.</p>;
  const facts: [string, React.ReactNode][] = [
    ["Type", item.type ? itemTypeWords(item.type) : "Not set"],
    ["SKU", item.sku ? <span className="mono">{item.sku}</span> : "None"],
    ["PLU", item.plu ? <span className="mono">{item.plu}</span> : "None"],
    ["Calories", item.calories != null ? item.calories.toLocaleString("en-US") : "Not set"],
    [
      "Unit of measure",
      <>
        <strong>{unitWords(unit.unit)}</strong>
        <span className={styles.source}>
          {unit.inherited ? ` inherited from ${sourceWords(unit.source)}` : " set on the item"}
        </span>
      </>,
    ],
  ];

  return (
    <article className={styles.detail} aria-labelledby="item-detail-heading">
      <p className={styles.breadcrumb}>{placementLabel(model, selection.placement)}</p>
      <h2 id="item-detail-heading" ref={headingRef} tabIndex={-1}>
        {item.name}
      </h2>
      <p>
        <Link
          href={`/restaurants/${encodeURIComponent(restaurantGuid)}/kitchen?item=${encodeURIComponent(item.guid)}`}
        >
          Kitchen times for {item.name}
        </Link>
        {" · "}
        <Link href={menuLoadPageHref(restaurantGuid, { item: item.guid })}>Its load on the kitchen</Link>
      </p>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Images</dt>
          <dd>
            {item.images?.length ? (
              <ul className={styles.plainList}>
                {item.images.map((url) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noreferrer noopener">
                      {url}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              "None"
            )}
          </dd>
        </div>
        <div>
          <dt>GUID</dt>
          <dd className="mono">{item.guid}</dd>
        </div>
      </dl>

      <section aria-labelledby="item-modifiers-heading">
        <h3 id="item-modifiers-heading">Modifier groups ({optionGroups.length})</h3>
        {!item.inheritOptionGroups ? (
          <p className={styles.source}>This item does not inherit modifier groups from its group.</p>
        ) : null}
        {optionGroups.length ? (
          <ModifierGroups model={model} groups={optionGroups} depth={0} trail={[item.guid]} />
        ) : (
          <p>No modifier groups.</p>
        )}
      </section>

      <PreModifiers
        model={model}
        preModifierGroups={preModifierGroups}
        hasModifiers={optionGroups.length > 0}
      />

      {otherPlacements.length ? (
        <section aria-labelledby="item-elsewhere-heading">
          <h3 id="item-elsewhere-heading">Also on the menu at</h3>
          <ul className={styles.plainList}>
            {otherPlacements.map((p) => (
              <li key={p.placement.menu + p.placement.path.join("/")}>
                <button type="button" className={styles.linkButton} onClick={() => onSelect(p)}>
                  {placementLabel(model, p.placement)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** The pre-modifier groups that apply to the item's modifiers, and the restaurant's others. */
function PreModifiers({
  model,
  preModifierGroups,
  hasModifiers,
}: {
  model: MenuModel;
  preModifierGroups: string[];
  hasModifiers: boolean;
}) {
  const otherPreModifierGroups = model.preModifierGroups.filter(
    (g) => !preModifierGroups.includes(g.guid) && g.preModifiers.length > 0,
  );
  return (
    <section aria-labelledby="item-premods-heading">
      <h3 id="item-premods-heading">Pre-modifiers</h3>
      <p className={styles.source}>
        Unless a modifier group names its own pre-modifier group (the configuration API usually does not), the
        restaurant&apos;s default group applies.
      </p>
      {preModifierGroups.length === 0 ? (
        <p>
          {hasModifiers
            ? "No pre-modifier group applies to these modifiers."
            : "None: the item has no modifiers to modify."}
        </p>
      ) : (
        preModifierGroups.map((pmgGuid) => {
          const pmg = model.preModifierGroups.find((g) => g.guid === pmgGuid);
          if (!pmg) return null;
          return (
            <div key={pmg.guid} className={styles.premodGroup}>
              <h4>
                {pmg.name}
                {pmg.isDefault ? <span className={styles.tag}>Default group</span> : null}
              </h4>
              {pmg.preModifiers.length ? (
                <PreModifierList preModifiers={pmg.preModifiers} />
              ) : (
                <p>No pre-modifiers in this group.</p>
              )}
            </div>
          );
        })
      )}
      {otherPreModifierGroups.length ? (
        <details className={styles.otherGroups}>
          <summary>Other pre-modifier groups ({otherPreModifierGroups.length})</summary>
          {otherPreModifierGroups.map((pmg) => (
            <div key={pmg.guid} className={styles.premodGroup}>
              <h4>{pmg.name}</h4>
              <PreModifierList preModifiers={pmg.preModifiers} />
            </div>
          ))}
        </details>
      ) : null}
    </section>
  );
}

/** A pre-modifier group's options, each with its price rule in words. */
function PreModifierList({ preModifiers }: { preModifiers: readonly PreModifierNode[] }) {
  return (
    <ul className={styles.plainList}>
      {preModifiers.map((pm) => (
        <li key={pm.guid}>
          <strong>{pm.name}</strong>
          {preModifierWords(pm) ? <span className={styles.source}> ({preModifierWords(pm)})</span> : null}
        </li>
      ))}
    </ul>
  );
}
