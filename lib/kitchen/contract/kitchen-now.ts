import type { KitchenLevel } from "./vocabulary";

/** The figures of a window of time, as lib/kitchen/query/recent-window.ts computes them. */
export interface WindowFigures {
  /** Items fulfilled in the window with a fire-to-fulfill. */
  items: number;
  lateItems: number;
  /** Nearest-rank p90 of fire-to-fulfill (seconds); null with no item. */
  p90Seconds: number | null;
  tickets: number;
  lateTickets: number;
  /** Records fulfilled in the window without a fire-to-fulfill (left out of every figure). */
  excluded: number;
}

export interface StationWindow extends WindowFigures {
  /** Null for records without a prep station (expediter rows). */
  stationGuid: string | null;
  stationName: string | null;
  level: KitchenLevel;
  targetSeconds: number;
}

export interface LevelWindow extends WindowFigures {
  level: KitchenLevel;
  /** The level's target in force (a station with its own is judged by that one). */
  targetSeconds: number;
}

export interface RecentWindow {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  levels: LevelWindow[];
  /** Per station and level, ordered by level, then late items (most first), then name. */
  stations: StationWindow[];
}

/** A window as the route sends it: its bounds as ISO instants. */
export interface KitchenNowWindow {
  from: string;
  to: string;
  levels: LevelWindow[];
  stations: StationWindow[];
}

/**
 * GET /api/restaurants/{guid}/kitchen/now: the open business date's last 30 minutes and current
 * hour, with how old the data can be. Instants are ISO strings; durations whole seconds.
 */
export interface KitchenNow {
  businessDate: string;
  /** The instant the answer was computed (the windows end here). */
  at: string;
  /**
   * The open date is fetched again at most this often (KITCHEN_OPEN_REFRESH_S): the data can be
   * this much behind live, plus the Platform's own lag.
   */
  refreshSeconds: number;
  /** When the stored open date was fetched from the Platform; null when it has not been yet. */
  dataAsOf: string | null;
  /** The open date's fetch: stored ("open"), still on its way ("pending"), or failed (with why). */
  status: "open" | "pending" | "failed" | "not_entitled";
  reason: string | null;
  /** Today's services by the restaurant's schedule, wall-clock "HH:MM". */
  services: { name: string; start: string; end: string }[];
  /** The service the restaurant is in now; null between or outside services. */
  inService: string | null;
  /** The next service's start today ("11:00 AM"), null when none is still to come. */
  opensAt: string | null;
  /** The first ticket of the day (its fire time), null before it. */
  firstTicketAt: string | null;
  /** Records of the day stored so far. */
  recordsToday: number;
  lastHalfHour: KitchenNowWindow;
  currentHour: KitchenNowWindow;
}

/** The "Now" window's length: the last 30 minutes. */
export const NOW_WINDOW_MINUTES = 30;
