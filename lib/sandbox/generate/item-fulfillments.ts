import type { ItemFulfillment, Weekday } from "@/lib/platform/schemas";

import {
  businessDayBounds,
  localInstant,
  serviceWindows,
  splitBusinessDate,
  type ServiceWindow,
} from "./business-day";
import { conceptOf } from "./concept";
import type { GenerateContext, RestaurantConfig } from "./context";
import { driveThruPace, type LanePace } from "./drive-thru";
import { randomGuid, stableGuid } from "./ids";
import { isoUtc } from "./iso-time";
import {
  itemMultiLocationId,
  kitchenRouting,
  pickFromPool,
  type GeneratedStation,
  type KindPool,
  type KitchenRouting,
  type RoutedItem,
} from "./item-routing";
import { capacityFactor, kitchenKnee } from "./kitchen-capacity";
import {
  cookTime,
  expoTime,
  LATE_HOUR,
  secondExpoTime,
  slowFactor,
  slowSpells,
  startWait,
  type SlowSpell,
} from "./kitchen-timing";
import type { FoodKind } from "./menu-catalog";
import { sourceMix, type DiningChoice } from "./order-mix";
import { passBackup, ticketLag } from "./pass-and-sync";
import { rngFor, type Rng } from "./rng";
import { SCHEDULES } from "./schedule";

/** Fridays and Saturdays are the busy nights; Mondays the quiet ones. */
const WEEKDAY_FACTOR: Record<Weekday, number> = {
  monday: 0.82,
  tuesday: 0.85,
  wednesday: 0.92,
  thursday: 1,
  friday: 1.3,
  saturday: 1.42,
  sunday: 1.08,
};
const ITEMS_PER_TICKET = [0.28, 0.3, 0.2, 0.14, 0.08]; // 1..5 items
const MESSY_SHARE = 0.005;
/** Real exports repeat about one record in 200 byte for byte. */
const DUPLICATE_SHARE = 0.005;
/** Per restaurant, this range of expediter rows comes without a prep station (bumped off a station). */
const STATIONLESS_EXPO_SHARE = [0.05, 0.35] as const;
const NEGATIVE_SHARE = 0.0008;
/**
 * Items left on screen: on about a third of the days, a few records are bumped hours after the
 * plate went out (at closeout, or the next morning), as the real exports hold them.
 */
const LEFT_ON_SCREEN_DAY_SHARE = 0.35;
const LEFT_ON_SCREEN_SHARE = 0.006;
const LEFT_ON_SCREEN_DELAY_MS = [4.5 * 3_600_000, 10 * 3_600_000] as const;
const BUCKET = 15 * 60_000;

const COURSE_KINDS = {
  drinks: ["bar"],
  Appetizer: ["fry", "cold"],
  Entree: ["grill", "saute", "pizza"],
  Dessert: ["pastry"],
  any: ["grill", "fry", "saute", "cold", "pizza", "bar", "pastry"],
} as const satisfies Record<string, readonly FoodKind[]>;
type CourseName = "Appetizer" | "Entree" | "Dessert";

interface Ticket {
  serial: number;
  orderGuid: string;
  ticketGuid: string;
  firedAt: number;
  dining: DiningChoice | null;
  source: string;
  course: { guid: string; name: CourseName } | null;
  items: RoutedItem[];
}

function drawFireTime(rng: Rng, windows: readonly ServiceWindow[], weights: readonly number[]): number {
  const w = windows[rng.weightedIndex(weights)] as ServiceWindow;
  return w.start + Math.floor(rng.triangular(w.peak) * (w.end - w.start));
}

function pickItem(rng: Rng, routing: KitchenRouting, kinds: readonly FoodKind[]): RoutedItem | null {
  const pools: KindPool[] = [];
  for (const k of kinds) {
    const p = routing.pools.get(k);
    if (p) pools.push(p);
  }
  if (pools.length === 0) return null;
  const pool =
    pools.length === 1
      ? (pools[0] as KindPool)
      : (pools[rng.weightedIndex(pools.map((p) => p.total))] as KindPool);
  return pickFromPool(pool, rng.next());
}

function ticketItems(rng: Rng, routing: KitchenRouting, kinds: readonly FoodKind[], max = 5): RoutedItem[] {
  const n = Math.min(max, 1 + rng.weightedIndex(ITEMS_PER_TICKET));
  const out: RoutedItem[] = [];
  for (let i = 0; i < n; i++) {
    const item = pickItem(rng, routing, kinds) ?? pickItem(rng, routing, COURSE_KINDS.any);
    if (item) out.push(item);
  }
  return out;
}

/**
 * Item fulfillments (2.5) of one business date. Timestamps are ISO-8601 UTC with milliseconds
 * ("2026-11-20T17:03:12.345Z"). Ticket volume follows the day's schedule in the restaurant's zone
 * (lunch and dinner rushes), scaled by weekday; records come in ticket fire order. `asOf` (epoch
 * ms) drops records whose ticket fired later or whose item was not yet fulfilled by then, so the open
 * business date grows through the day and never shows a fulfillment in the future.
 *
 * As real exports do: some expediter rows (levels 1 and 2) carry no prep station (null or absent
 * prepStationGuid/Name/MultiLocationId: the item was bumped where no prep station is configured),
 * about 0.5 % of records come twice, byte for byte, the copy right after the original, and about
 * 0.5 % lack a field (makeMessy).
 */
export function generateItemFulfillments(
  ctx: GenerateContext,
  config: RestaurantConfig,
  businessDate: string,
  opts?: { asOf?: number },
): ItemFulfillment[] {
  const { world, restaurant, brand } = ctx;
  const date = splitBusinessDate(businessDate);
  if (Number(businessDate) < restaurant.firstBusinessDate) return [];
  const bounds = businessDayBounds(restaurant, date);
  const asOf = opts?.asOf ?? Number.POSITIVE_INFINITY;
  if (asOf < bounds.start) return [];

  const concept = conceptOf(restaurant);
  const windows = serviceWindows(restaurant.timeZone, date, SCHEDULES[concept.week[date.weekday]], bounds);
  const routing = kitchenRouting(ctx, config);
  if (windows.length === 0 || routing.pools.size === 0) return [];
  const day: FulfillmentDay = {
    ctx,
    businessDate,
    weekday: date.weekday,
    bounds,
    asOf,
    routing,
    seedParts: [world.seed, restaurant.guid, "fulfillments", businessDate],
    lane: driveThruPace(config),
  };
  const tickets = drawTickets(day, concept, windows, sourceMix(concept, config, brand));
  return recordTickets(day, tickets, {
    windows,
    spells: slowSpells(world.seed, restaurant.guid, date, [...routing.pools.keys()]),
  });
}

/** What both phases of a day's generation read. */
interface FulfillmentDay {
  ctx: GenerateContext;
  businessDate: string;
  weekday: Weekday;
  bounds: ReturnType<typeof businessDayBounds>;
  asOf: number;
  routing: KitchenRouting;
  seedParts: readonly [string | number, string, string, string];
  /** The drive-thru lane's pace (drive-thru.ts), applied as each record is kept. */
  lane: LanePace;
}

/** Phase 1: orders and their tickets, until the day's ticket volume is reached; in fire order. */
function drawTickets(
  day: FulfillmentDay,
  concept: ReturnType<typeof conceptOf>,
  windows: readonly ServiceWindow[],
  mix: ReturnType<typeof sourceMix>,
): Ticket[] {
  const { ctx, bounds, routing, seedParts } = day;
  const { world, restaurant } = ctx;
  const windowWeights = windows.map((w) => w.weight);
  const rng = rngFor(...seedParts);
  const courseGuid = (name: CourseName) => stableGuid(world.seed, restaurant.guid, "Course", name);

  const noise = Math.min(1.15, Math.max(0.85, 1 + 0.06 * rng.normal()));
  const target = Math.round(restaurant.ticketsPerDay * WEEKDAY_FACTOR[day.weekday] * noise);
  const tickets: Ticket[] = [];
  const addTicket = (
    order: Omit<Ticket, "serial" | "ticketGuid" | "firedAt" | "course" | "items">,
    firedAt: number,
    course: CourseName | null,
    items: RoutedItem[],
  ) => {
    if (items.length === 0 || firedAt >= bounds.end) return;
    tickets.push({
      ...order,
      serial: tickets.length,
      ticketGuid: randomGuid(rng),
      firedAt,
      course: course ? { guid: courseGuid(course), name: course } : null,
      items,
    });
  };
  // Every order adds a ticket unless a late course spills past closeout; the cap only guards that.
  for (let orders = 0; tickets.length < target && orders < target * 4; orders++) {
    const s = rng.weightedIndex(mix.weights);
    const dining = mix.dining[s]!;
    const order = {
      orderGuid: randomGuid(rng),
      source: mix.sources[s] as string,
      dining: dining.options[rng.weightedIndex(dining.weights)] ?? null,
    };
    const t0 = drawFireTime(rng, windows, windowWeights);
    if (concept.courses && order.dining?.behavior === "DINE_IN") {
      // Dine-in guests at coursed restaurants: drinks first, then each course fired when called.
      if (rng.chance(0.55)) addTicket(order, t0, null, ticketItems(rng, routing, COURSE_KINDS.drinks, 3));
      const app = rng.chance(0.5);
      if (app)
        addTicket(
          order,
          t0 + rng.int(60, 240) * 1000,
          "Appetizer",
          ticketItems(rng, routing, COURSE_KINDS.Appetizer, 3),
        );
      const entreeAt = t0 + (app ? rng.int(12 * 60, 25 * 60) : rng.int(60, 180)) * 1000;
      addTicket(order, entreeAt, "Entree", ticketItems(rng, routing, COURSE_KINDS.Entree));
      if (rng.chance(0.2))
        addTicket(
          order,
          entreeAt + rng.int(35 * 60, 55 * 60) * 1000,
          "Dessert",
          ticketItems(rng, routing, COURSE_KINDS.Dessert, 3),
        );
    } else {
      addTicket(order, t0, null, ticketItems(rng, routing, COURSE_KINDS.any));
      if (order.dining?.behavior === "DINE_IN" && rng.chance(0.08)) {
        addTicket(
          order,
          t0 + rng.int(10 * 60, 30 * 60) * 1000,
          null,
          ticketItems(rng, routing, ["bar", "pastry"], 2),
        );
      }
    }
  }
  tickets.sort((a, b) => a.firedAt - b.firedAt || a.serial - b.serial);
  return tickets;
}

/** Phase 2: the tickets' records, timed on a stream of their own; `slow`: the day's unusually slow spells (kitchen-timing.ts). */
function recordTickets(
  day: FulfillmentDay,
  tickets: readonly Ticket[],
  slow: { windows: readonly ServiceWindow[]; spells: readonly SlowSpell[] },
): ItemFulfillment[] {
  const { ctx, bounds, asOf, routing, seedParts, businessDate } = day;
  const { world, restaurant } = ctx;
  // How busy each quarter hour is, relative to the rush: busy kitchens are slower.
  const buckets = new Map<number, number>();
  for (const t of tickets) {
    const b = Math.floor((t.firedAt - bounds.start) / BUCKET);
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  const peak = Math.max(1, ...buckets.values());

  const timing = rngFor(...seedParts, "timing");
  // The observed quirks draw from a stream of their own, so the timings stay what they were.
  const observed = rngFor(...seedParts, "observed");
  const [lowShare, highShare] = STATIONLESS_EXPO_SHARE;
  const stationlessShare =
    lowShare + (highShare - lowShare) * rngFor(world.seed, restaurant.guid, "stationless-expo").next();
  const startQueue = restaurant.startQueue;
  const { expo, expo2 } = routing;
  const out: ItemFulfillment[] = [];
  // Every record is built (drawing from the timing stream) before it is kept or dropped, so the
  // records of an open day are the same, draw for draw, as those of the closed day they become.
  // Their own streams, so every other record and timing stays what it was.
  const leftOnScreenDay = rngFor(world.seed, restaurant.guid, "left-on-screen-day", businessDate).chance(
    LEFT_ON_SCREEN_DAY_SHARE,
  );
  const leftOnScreen = rngFor(...seedParts, "left-on-screen");
  const keep = (rec: ItemFulfillment, doneAt: number) => {
    const twice = observed.chance(DUPLICATE_SHARE);
    let fulfilledAt = doneAt;
    // Drawn for every record of every day, so an open day's records are its closed day's, draw for draw.
    const late = leftOnScreen.chance(LEFT_ON_SCREEN_SHARE);
    const delay = leftOnScreen.int(LEFT_ON_SCREEN_DELAY_MS[0], LEFT_ON_SCREEN_DELAY_MS[1]);
    if (leftOnScreenDay && late && rec.itemFulfilledAt !== undefined) {
      fulfilledAt += delay;
      rec.itemFulfilledAt = isoUtc(fulfilledAt);
    }
    const paced = day.lane(rec, fulfilledAt);
    if (paced === null || paced > asOf) return;
    out.push(rec);
    if (twice) out.push({ ...rec }); // same keys in the same order: the same bytes
  };
  const expoRecord = (sel: Selection, level: 1 | 2, station: GeneratedStation, fulfilledAt: number) => {
    const rec = record(timing, restaurant.guid, sel, level, station, fulfilledAt);
    if (observed.chance(stationlessShare)) withoutStation(rec, observed.chance(0.5));
    return rec;
  };
  const lateHour = lateHourOf(day);
  const [pass, lag] = [passBackup(seedParts), ticketLag(seedParts)]; // where food waits (pass-and-sync.ts)
  const overload = capacityFactor(kitchenKnee(world.seed, restaurant), tickets, bounds.start);
  for (const t of tickets) {
    if (t.firedAt > asOf) break;
    const load = (buckets.get(Math.floor((t.firedAt - bounds.start) / BUCKET)) ?? 0) / peak;
    const slowBy =
      (lateHour && t.firedAt >= lateHour.from && t.firedAt < lateHour.to ? LATE_HOUR.factor : 1) *
      overload(t.firedAt);
    const service =
      slow.spells.length === 0
        ? null
        : (slow.windows.find((w) => t.firedAt >= w.start && t.firedAt < w.end)?.name ?? null);
    const firedAt = isoUtc(t.firedAt);
    for (const item of t.items) {
      const sel: Selection = {
        ticket: t,
        firedAt,
        item,
        itemMultiLocationId: itemMultiLocationId(ctx, item),
        guid: randomGuid(timing),
        startedAt: t.firedAt,
        startedAtIso: firedAt,
      };
      if (startQueue) {
        sel.startedAt += startWait(timing, load);
        sel.startedAtIso = isoUtc(sel.startedAt);
      }
      let ready = sel.startedAt;
      for (const { station, kind } of item.steps) {
        const cook = cookTime(timing, kind, load);
        const factor = slowBy * (slow.spells.length === 0 ? 1 : slowFactor(slow.spells, service, kind));
        const done = sel.startedAt + (factor === 1 ? cook : Math.round(cook * factor)) + lag(t, station.guid);
        ready = Math.max(ready, done);
        // EXPO_ONLY stations never see the ticket: the expediter plates those items.
        if (station.expoRouting === "EXPO_ONLY") continue;
        if (timing.chance(NEGATIVE_SHARE)) {
          // Clock skew between devices: the bump lands before the fire.
          const skewedAt = t.firedAt - timing.int(30, 600) * 1000;
          keep(record(timing, restaurant.guid, sel, 0, station, skewedAt, firedAt), skewedAt);
          continue;
        }
        keep(record(timing, restaurant.guid, sel, 0, station, done), done);
      }
      if (!item.toExpo || !expo) continue;
      const expoDone = ready + expoTime(timing, load) + pass(load);
      keep(expoRecord(sel, 1, expo, expoDone), expoDone);
      if (restaurant.twoLevelExpo && expo2) {
        const expo2Done = expoDone + secondExpoTime(timing, load);
        keep(expoRecord(sel, 2, expo2, expo2Done), expo2Done);
      }
    }
  }
  return out;
}

/** The late hour's bounds (epoch ms) on the day, for the restaurant LATE_HOUR chooses; null for the others. */
function lateHourOf({ ctx, businessDate }: FulfillmentDay): { from: number; to: number } | null {
  if (conceptOf(ctx.restaurant).key !== LATE_HOUR.concept) return null;
  const from = localInstant(ctx.restaurant.timeZone, splitBusinessDate(businessDate), LATE_HOUR.startMinutes);
  return { from, to: from + LATE_HOUR.minutes * 60_000 };
}

interface Selection {
  ticket: Ticket;
  firedAt: string;
  item: RoutedItem;
  itemMultiLocationId: string;
  guid: string;
  startedAt: number;
  startedAtIso: string;
}

function record(
  rng: Rng,
  restaurantGuid: string,
  sel: Selection,
  level: 0 | 1 | 2,
  station: GeneratedStation,
  fulfilledAt: number,
  startedAtIso = sel.startedAtIso,
): ItemFulfillment {
  const t = sel.ticket;
  const dining = t.dining;
  // One literal per shape (with or without a course), so every record shares a hidden class.
  const r: ItemFulfillment = t.course
    ? {
        restaurantGuid,
        orderGuid: t.orderGuid,
        selectionGuid: sel.guid,
        selectionMenuItemGuid: sel.item.guid,
        selectionMenuItemName: sel.item.name,
        selectionMenuItemMultiLocationId: sel.itemMultiLocationId,
        ticketGuid: t.ticketGuid,
        ticketFiredAt: sel.firedAt,
        itemFulfilledAt: isoUtc(fulfilledAt),
        itemStartedAt: startedAtIso,
        itemFulfillmentLevel: level,
        prepStationGuid: station.guid,
        prepStationName: station.name,
        prepStationMultiLocationId: station.multiLocationId,
        diningOptionGuid: dining ? dining.guid : null,
        diningOptionName: dining ? dining.name : null,
        diningOptionBehavior: dining ? dining.behavior : null,
        courseGuid: t.course.guid,
        courseName: t.course.name,
        orderSource: t.source,
      }
    : {
        restaurantGuid,
        orderGuid: t.orderGuid,
        selectionGuid: sel.guid,
        selectionMenuItemGuid: sel.item.guid,
        selectionMenuItemName: sel.item.name,
        selectionMenuItemMultiLocationId: sel.itemMultiLocationId,
        ticketGuid: t.ticketGuid,
        ticketFiredAt: sel.firedAt,
        itemFulfilledAt: isoUtc(fulfilledAt),
        itemStartedAt: startedAtIso,
        itemFulfillmentLevel: level,
        prepStationGuid: station.guid,
        prepStationName: station.name,
        prepStationMultiLocationId: station.multiLocationId,
        diningOptionGuid: dining ? dining.guid : null,
        diningOptionName: dining ? dining.name : null,
        diningOptionBehavior: dining ? dining.behavior : null,
        orderSource: t.source,
      };
  if (rng.chance(MESSY_SHARE)) makeMessy(rng, r);
  return r;
}

/** An expediter row with no prep station, sent as nulls or with the fields left out. */
function withoutStation(r: ItemFulfillment, asNull: boolean): void {
  if (asNull) {
    r.prepStationGuid = null;
    r.prepStationName = null;
    r.prepStationMultiLocationId = null;
  } else {
    delete r.prepStationGuid;
    delete r.prepStationName;
    delete r.prepStationMultiLocationId;
  }
}

/** The ~0.5 % of records real exports carry with a field missing. */
function makeMessy(rng: Rng, r: ItemFulfillment): void {
  switch (rng.int(0, 4)) {
    case 0:
      delete r.itemFulfilledAt;
      break;
    case 1:
      delete r.prepStationGuid;
      delete r.prepStationName;
      delete r.prepStationMultiLocationId;
      break;
    case 2:
      delete r.diningOptionGuid;
      delete r.diningOptionName;
      delete r.diningOptionBehavior;
      break;
    case 3:
      r.itemStartedAt = null;
      break;
    default:
      r.selectionMenuItemName = null;
      break;
  }
}
