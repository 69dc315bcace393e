import type {
  ExternalReference,
  Image,
  Menu,
  MenuGroup,
  MenuItem,
  MenuOptionGroup,
  PreModifier,
  PreModifierGroup,
  UnitOfMeasure,
} from "@/lib/platform/schemas";

import { conceptOf } from "./concept";
import type { Versioned } from "./context";
import {
  DISH_FAMILIES,
  MODIFIER_GROUPS,
  PRE_MODIFIER_GROUPS,
  ZERO_CALORIE_BASES,
  type DishFamily,
  type DishFamilyKey,
  type FoodKind,
  type ModifierGroupKey,
} from "./menu-catalog";
import { extRef, ref, refTo } from "./references";
import type { Rng } from "./rng";
import type { Scope } from "./scope";

export interface GeneratedMenu {
  menus: Versioned<Menu>[];
  menuGroups: Versioned<MenuGroup>[];
  /** Sellable items first (exactly restaurant.menuItems of them), then modifiers. */
  menuItems: Versioned<MenuItem>[];
  menuOptionGroups: Versioned<MenuOptionGroup>[];
  preModifierGroups: Versioned<PreModifierGroup>[];
  preModifiers: Versioned<PreModifier>[];
}

const HOT_KINDS: ReadonlySet<FoodKind> = new Set(["grill", "saute", "fry", "pizza"]);
const OWN_UNIT: Record<FoodKind, UnitOfMeasure> = {
  grill: "OZ",
  saute: "OZ",
  cold: "LB",
  fry: "NONE",
  pizza: "IN",
  bar: "ML",
  pastry: "G",
};
const SUBGROUP_NAMES = [
  "Classics",
  "Signatures",
  "Seasonal",
  "House Favorites",
  "Local Picks",
  "Chef's Choice",
] as const;
const SUBSUBGROUP_NAMES = ["Everyday", "Featured", "Limited Run", "Regional"] as const;

/** Splits `total` into parts proportional to weights that sum exactly to total (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[(order[k] as { i: number }).i]! += 1;
  return out;
}

function evenSplit(total: number, parts: number): number[] {
  return apportion(total, new Array<number>(parts).fill(1));
}

/** Names of one dish family: base x style, then sizes, so no name repeats within a restaurant. */
class FamilyNamer {
  private next = 0;
  private readonly offsets: number[];
  constructor(
    private readonly family: DishFamily,
    rng: Rng,
  ) {
    this.offsets = family.bases.map(() => rng.int(0, family.styles.length - 1));
  }
  take(): { name: string; base: string; index: number } {
    const f = this.family;
    const i = this.next++;
    const perLayer = f.bases.length * f.styles.length;
    const layer = Math.floor(i / perLayer);
    const j = i % perLayer;
    const b = j % f.bases.length;
    const base = f.bases[b] as string;
    const style = f.styles[
      (Math.floor(j / f.bases.length) + (this.offsets[b] as number)) % f.styles.length
    ] as string;
    let name = f.baseFirst ? `${base} ${style}` : `${style} ${base}`;
    if (layer > 0) {
      const size = f.sizes[(layer - 1) % f.sizes.length] as string;
      const round = Math.floor((layer - 1) / f.sizes.length);
      name += ` (${size}${round > 0 ? ` No. ${round + 1}` : ""})`;
    }
    return { name, base, index: i };
  }
}

export function generateMenu(scope: Scope): GeneratedMenu {
  const builder = new MenuBuilder(scope);
  // Modifier groups first: groups and items reference them.
  builder.addModifierGroups();
  builder.addMenus();
  const { menus, groups, items, modifiers, optionGroups } = builder;
  return {
    menus,
    menuGroups: groups,
    menuItems: [...items, ...modifiers],
    menuOptionGroups: optionGroups,
    ...preModifierLists(scope),
  };
}

type MenuSpec = ReturnType<typeof conceptOf>["menus"][number];
type GroupSpec = MenuSpec["groups"][number];
type GroupBase = Pick<MenuGroup, "guid" | "entityType" | "externalId" | "name" | "menu" | "parent"> & {
  orderableOnline: "YES";
  visibility: "ALL";
  externalId: string;
};

/**
 * One restaurant's menu, built in the order its random draws were made (so the output is the
 * same byte for byte): modifier groups, then each menu's group tree and the items in it.
 */
class MenuBuilder {
  readonly menus: Versioned<Menu>[] = [];
  readonly groups: Versioned<MenuGroup>[] = [];
  readonly items: Versioned<MenuItem>[] = [];
  readonly modifiers: Versioned<MenuItem>[] = [];
  readonly optionGroups: Versioned<MenuOptionGroup>[] = [];

  private readonly restaurant: Scope["ctx"]["restaurant"];
  private readonly concept: ReturnType<typeof conceptOf>;
  private readonly rng: Rng;
  private readonly imageBase: string;
  private readonly optionGroupRef = new Map<ModifierGroupKey, ExternalReference>();
  private readonly namers = new Map<DishFamilyKey, FamilyNamer>();
  private readonly itemsByKind = new Map<FoodKind, ExternalReference[]>();
  private groupSerial = 0;
  private openFoodPlaced = false;
  private openBarPlaced = false;
  private optOutPlaced = false;

  constructor(private readonly scope: Scope) {
    this.restaurant = scope.ctx.restaurant;
    this.concept = conceptOf(this.restaurant);
    this.rng = scope.rng("menu");
    this.imageBase = `${scope.ctx.world.issuer.replace(/\/+$/, "")}/images/${this.restaurant.locationCode.toLowerCase()}`;
  }

  private image(folder: string, guid: string): Image[] {
    return [{ url: `${this.imageBase}/${folder}/${guid}.jpg` }];
  }

  private ogRefs(keys: readonly ModifierGroupKey[]): ExternalReference[] {
    return keys.map((k) => this.optionGroupRef.get(k)).filter((r): r is ExternalReference => r !== undefined);
  }

  /** The modifier groups some dish family of the concept uses (and "special"), with their options. */
  addModifierGroups(): void {
    const { scope } = this;
    const usedModifierKeys = new Set<ModifierGroupKey>(["special"]);
    for (const menu of this.concept.menus) {
      for (const g of menu.groups) {
        const fam: DishFamily = DISH_FAMILIES[g.family];
        for (const k of [...fam.groupOptions, ...fam.itemOptions]) usedModifierKeys.add(k);
      }
    }
    let modifierCount = 0;
    for (const key of Object.keys(MODIFIER_GROUPS) as ModifierGroupKey[]) {
      if (!usedModifierKeys.has(key)) continue;
      const spec = MODIFIER_GROUPS[key];
      const options = spec.options.map((opt) => {
        const guid = scope.guid("MenuItem", "modifier", key, opt.name);
        const code = `MOD-${String(++modifierCount).padStart(4, "0")}`;
        const item: MenuItem = {
          guid,
          entityType: "MenuItem",
          externalId: `POS:${code}`,
          name: opt.name,
          calories: opt.calories,
          sku: code,
          plu: null,
          orderableOnline: "YES",
          visibility: "ALL",
          type: opt.type ?? "NONE",
          optionGroups: [],
          inheritOptionGroups: false,
          images: [],
          unitOfMeasure: "NONE",
          inheritUnitOfMeasure: false,
        };
        this.modifiers.push(scope.versioned(item));
        return refTo(item);
      });
      const group: MenuOptionGroup = {
        guid: scope.guid("MenuOptionGroup", key),
        entityType: "MenuOptionGroup",
        externalId: `POS:MOG-${key.toUpperCase()}`,
        name: spec.name,
        options,
        minSelections: spec.min,
        maxSelections: spec.max,
      };
      this.optionGroups.push(scope.versioned(group));
      this.optionGroupRef.set(key, refTo(group));
    }
  }

  /** `n` sellable items of a dish family, named by its namer; the first hot and bar groups get an open item. */
  private makeItems(familyKey: DishFamilyKey, n: number): ExternalReference[] {
    const { scope, rng } = this;
    const fam: DishFamily = DISH_FAMILIES[familyKey];
    let namer = this.namers.get(familyKey);
    if (!namer)
      this.namers.set(familyKey, (namer = new FamilyNamer(fam, scope.rng("menu", "names", familyKey))));
    const refs: ExternalReference[] = [];
    for (let k = 0; k < n; k++) {
      const { name: dishName, base, index } = namer.take();
      let name = dishName;
      let type: MenuItem["type"] = "NONE";
      // One open-priced item for the kitchen and one for the bar: the servers' "anything else" keys.
      if (k === n - 1 && HOT_KINDS.has(fam.kind) && !this.openFoodPlaced) {
        this.openFoodPlaced = true;
        name = "Open Food";
        type = "OPEN_ITEM";
      } else if (k === n - 1 && fam.kind === "bar" && !this.openBarPlaced) {
        this.openBarPlaced = true;
        name = "Open Bar";
        type = "OPEN_ITEM";
      }
      const guid = scope.guid("MenuItem", familyKey, index);
      const code = `${fam.code}-${String(index + 1).padStart(4, "0")}`;
      const calories =
        type === "OPEN_ITEM" || rng.chance(0.04)
          ? null
          : ZERO_CALORIE_BASES.has(base) && !name.includes("(")
            ? 0
            : Math.round(rng.range(fam.calories[0], fam.calories[1]) / 10) * 10;
      const ownOptions: ModifierGroupKey[] =
        fam.itemOptions.length > 0 && rng.chance(0.35) ? [rng.pick(fam.itemOptions)] : [];
      // A few items are sold by their own measure instead of their group's or menu's.
      const ownUnit = type === "NONE" && rng.chance(0.08);
      const item: MenuItem = {
        guid,
        entityType: "MenuItem",
        externalId: rng.chance(0.05) ? null : `POS:${code}`,
        name,
        calories,
        sku: code,
        plu: rng.chance(0.3) ? null : String(10000 + ((index * 7919 + fam.code.charCodeAt(0) * 131) % 90000)),
        orderableOnline: type === "OPEN_ITEM" || rng.chance(0.06) ? "NO" : "YES",
        visibility: type === "OPEN_ITEM" ? "POS_ONLY" : rng.chance(0.04) ? "POS_ONLY" : "ALL",
        type,
        optionGroups: this.ogRefs(ownOptions),
        inheritOptionGroups: type === "OPEN_ITEM" ? false : rng.chance(0.9),
        images: rng.chance(0.6) ? this.image(fam.code.toLowerCase(), guid) : [],
        unitOfMeasure: ownUnit ? OWN_UNIT[fam.kind] : "NONE",
        inheritUnitOfMeasure: !ownUnit,
      };
      this.items.push(scope.versioned(item));
      const r = refTo(item);
      refs.push(r);
      let list = this.itemsByKind.get(fam.kind);
      if (!list) this.itemsByKind.set(fam.kind, (list = []));
      if (type === "NONE") list.push(r);
    }
    return refs;
  }

  // Parents are listed before their children, though a parent's fields are known only after its subtree is built.
  private reserve(): number {
    return this.groups.push(undefined as unknown as Versioned<MenuGroup>) - 1;
  }

  private fill(slot: number, g: MenuGroup): ExternalReference {
    this.groups[slot] = this.scope.versioned(g);
    return refTo(g);
  }

  private pushGroup(g: MenuGroup): ExternalReference {
    return this.fill(this.reserve(), g);
  }

  private groupBase(
    menuSpec: MenuSpec,
    menuRef: ExternalReference,
    name: string,
    parent: ExternalReference | null,
    path: (string | number)[],
  ): GroupBase {
    const guid = this.scope.guid("MenuGroup", menuSpec.code, ...path);
    return {
      guid,
      entityType: "MenuGroup",
      externalId: `POS:GRP-${menuSpec.code}-${String(++this.groupSerial).padStart(4, "0")}`,
      name,
      menu: menuRef,
      orderableOnline: "YES" as const,
      visibility: "ALL" as const,
      parent,
    };
  }

  /** Every menu of the concept, its sellable items apportioned over the top-level groups by weight. */
  addMenus(): void {
    const counts = apportion(
      this.restaurant.menuItems,
      this.concept.menus.flatMap((menu) => menu.groups.map((g) => g.weight)),
    );
    let topIndex = 0;
    for (const menuSpec of this.concept.menus) {
      const menuGuid = this.scope.guid("Menu", menuSpec.code);
      const menuRef = extRef(menuGuid, "Menu", `POS:MENU-${menuSpec.code}`);
      const topRefs: ExternalReference[] = [];
      for (const [t, spec] of menuSpec.groups.entries())
        topRefs.push(this.addTopGroup(menuSpec, menuRef, t, spec, counts[topIndex++] as number));
      for (const [r, reuse] of (menuSpec.reuseGroups ?? []).entries())
        topRefs.push(this.addReuseGroup(menuSpec, menuRef, r, reuse));
      const menu: Menu = {
        guid: menuGuid,
        entityType: "Menu",
        externalId: menuRef.externalId,
        name: menuSpec.name,
        orderableOnline: menuSpec.reuseGroups ? "NO" : "YES",
        visibility: menuSpec.reuseGroups ? "POS_ONLY" : "ALL",
        groups: topRefs,
        images: this.image("menus", menuGuid),
        unitOfMeasure: menuSpec.unitOfMeasure,
      };
      this.menus.push(this.scope.versioned(menu));
    }
  }

  /** A top-level group of `n` items: flat when small, else subgroups (and sub-subgroups when those are big). */
  private addTopGroup(
    menuSpec: MenuSpec,
    menuRef: ExternalReference,
    t: number,
    spec: GroupSpec,
    n: number,
  ): ExternalReference {
    const fam: DishFamily = DISH_FAMILIES[spec.family];
    const top = this.groupBase(menuSpec, menuRef, spec.name, null, [t]);
    const topSlot = this.reserve();
    const topRef = extRef(top.guid, "MenuGroup", top.externalId);
    const subRefs: ExternalReference[] = [];
    let topItems: ExternalReference[] = [];
    if (n <= 3) {
      topItems = this.makeItems(spec.family, n);
    } else {
      const subCounts = evenSplit(n, Math.min(6, Math.max(2, Math.round(n / 45))));
      for (const [s, m] of subCounts.entries())
        subRefs.push(this.addSubgroup(menuSpec, menuRef, topRef, spec, fam, t, s, m));
    }
    const uom: UnitOfMeasure | undefined = spec.unitOfMeasure;
    return this.fill(topSlot, {
      ...top,
      items: topItems,
      subgroups: subRefs,
      optionGroups: this.ogRefs(fam.groupOptions),
      inheritOptionGroups: false,
      images: this.image("groups", top.guid),
      unitOfMeasure: uom ?? "NONE",
      inheritUnitOfMeasure: uom === undefined,
    });
  }

  private addSubgroup(
    menuSpec: MenuSpec,
    menuRef: ExternalReference,
    topRef: ExternalReference,
    spec: GroupSpec,
    fam: DishFamily,
    t: number,
    s: number,
    m: number,
  ): ExternalReference {
    const sub = this.groupBase(
      menuSpec,
      menuRef,
      SUBGROUP_NAMES[s % SUBGROUP_NAMES.length] as string,
      topRef,
      [t, s],
    );
    const subSlot = this.reserve();
    const subRef = extRef(sub.guid, "MenuGroup", sub.externalId);
    const ssRefs: ExternalReference[] = [];
    let subItems: ExternalReference[] = [];
    if (m >= 8) {
      const ssCounts = evenSplit(m, Math.min(4, Math.max(2, Math.round(m / 18))));
      for (const [q, c] of ssCounts.entries()) {
        const ss = this.groupBase(
          menuSpec,
          menuRef,
          SUBSUBGROUP_NAMES[q % SUBSUBGROUP_NAMES.length] as string,
          subRef,
          [t, s, q],
        );
        ssRefs.push(
          this.pushGroup({
            ...ss,
            items: this.makeItems(spec.family, c),
            subgroups: [],
            optionGroups: [],
            inheritOptionGroups: true,
            images: [],
            unitOfMeasure: "NONE",
            inheritUnitOfMeasure: true,
          }),
        );
      }
    } else {
      subItems = this.makeItems(spec.family, m);
    }
    // One subgroup per restaurant opts out of inheritance, so consumers see both behaviours.
    const optOut = !this.optOutPlaced && fam.groupOptions.length > 0 && s === 1;
    if (optOut) this.optOutPlaced = true;
    return this.fill(subSlot, {
      ...sub,
      items: subItems,
      subgroups: ssRefs,
      optionGroups: optOut ? this.ogRefs(["special"]) : [],
      inheritOptionGroups: !optOut,
      images: [],
      unitOfMeasure: "NONE",
      inheritUnitOfMeasure: true,
    });
  }

  /** A POS-only group reusing some items already placed elsewhere (the same item in two groups). */
  private addReuseGroup(
    menuSpec: MenuSpec,
    menuRef: ExternalReference,
    r: number,
    reuse: NonNullable<MenuSpec["reuseGroups"]>[number],
  ): ExternalReference {
    const pool = this.itemsByKind.get(reuse.kind) ?? [];
    const take = Math.min(pool.length, Math.max(2, Math.min(40, Math.round(pool.length * 0.08))));
    const chosen = this.scope
      .rng("menu", "reuse", reuse.name)
      .shuffled(pool.map((_, i) => i))
      .slice(0, take)
      .sort((a, b) => a - b)
      .map((i) => pool[i] as ExternalReference);
    const g = this.groupBase(menuSpec, menuRef, reuse.name, null, ["reuse", r]);
    return this.pushGroup({
      ...g,
      orderableOnline: "NO",
      visibility: "POS_ONLY",
      items: chosen,
      subgroups: [],
      optionGroups: [],
      inheritOptionGroups: false,
      images: [],
      unitOfMeasure: "NONE",
      inheritUnitOfMeasure: true,
    });
  }
}

function preModifierLists(scope: Scope): Pick<GeneratedMenu, "preModifierGroups" | "preModifiers"> {
  const preModifierGroups: Versioned<PreModifierGroup>[] = [];
  const preModifiers: Versioned<PreModifier>[] = [];
  for (const spec of PRE_MODIFIER_GROUPS) {
    const groupGuid = scope.guid("PreModifierGroup", spec.name);
    preModifierGroups.push(
      scope.versioned({
        guid: groupGuid,
        entityType: "PreModifierGroup",
        name: spec.name,
        isDefault: spec.isDefault,
      }),
    );
    for (const p of spec.items) {
      preModifiers.push(
        scope.versioned({
          guid: scope.guid("PreModifier", spec.name, p.name),
          entityType: "PreModifier",
          name: p.name,
          scalePrice: p.scalePrice,
          basePrice: p.basePrice,
          scaleFactor: p.scaleFactor,
          displayMode: p.displayMode,
          parent: ref(groupGuid, "PreModifierGroup"),
          chargeAsExtra: p.chargeAsExtra,
        }),
      );
    }
  }
  return { preModifierGroups, preModifiers };
}
