import "server-only";

import { datePhase } from "@/lib/business-date/closeout";
import type { Database } from "@/lib/db/database";
import type { DateHold } from "@/lib/kitchen/contract/responses";
import { MalformedDayError } from "@/lib/kitchen/ingest/fetch-failure";
import type { DayRow } from "@/lib/kitchen/storage/kitchen-store";
import {
  claimHeldTry,
  clearHold,
  readHold,
  readHolds,
  recordHoldFailure,
  type LocationHold,
} from "@/lib/kitchen/storage/location-holds";
import { createOutageHold, type OutageHold } from "@/lib/platform-wiring/outage-hold";
import { LOGIN_FAILED_CODE, MISSING_SCOPE_CODE } from "@/lib/platform/errors";
import type { PlatformClient } from "@/lib/platform/types";

import {
  DEFAULT_FAILED_RETRY_S,
  needsFetch,
  type KitchenRestaurant,
  type KitchenServiceConfig,
} from "./service-config";

/**
 * Refusals remembered per location. A kitchen fetch that fails is classified:
 * - permanent (403, 400, 404, another 4xx, a contract error, a missing scope): the Platform will
 *   say the same again, so the location is parked and asked again after
 *   KITCHEN_NOT_ENTITLED_RETRY_H (like a 204), for one date;
 * - transient (5xx, network, timeout, 429, a sign-in that failed): the location backs off, the
 *   failed-retry interval (30 s) doubling per failure in a row up to a cap (30 min), jittered.
 * Either way the hold is counted from the end of the failed attempt, kept in PostgreSQL/PGlite so
 * every instance honours it, and cleared by any answer (data or 204). The schedule's read made
 * for a fetch is part of the fetch: its failure holds the location too.
 *
 * A credential whose token lacks kitchen:read holds every location, derived from the token
 * rather than stored: it lifts as soon as a token with the scope is issued.
 *
 * Who asks: the day fetcher before every fetch (`claim`: a held location sends nothing, and once
 * its time has come exactly one caller gets the try); the request path before queueing
 * (`state`: answers at once with the reason); the backfill once per location and pass
 * (`state`, through the kitchen service's `locationFetchState`); the health route (`list`).
 */

type FailureClass = "permanent" | "transient";

/** A failed sign-in is the credential's trouble, never a location's; the login backs off on its own. */
const TRANSIENT_4XX = new Set([401, 408, 429]);
/** PlatformContractError's code (a 2xx body that breaks the contract). */
const CONTRACT_CODE = "contract_mismatch";
const DEFAULT_BACKOFF_MAX_S = 30 * 60;
/**
 * The Platform as a whole: when this many locations fail for a service-wide reason (5xx, network,
 * timeout, a cut body) within OUTAGE_WINDOW_MS, the service is down, not they: every location holds
 * (a row under OUTAGE_KEY, shared by instances), the fetches in flight in this process stop their
 * retries, and one try at a time probes the service on the same back-off schedule. The process's
 * outage hold (lib/platform-wiring/outage-hold.ts) usually sees it sooner, from the client's
 * attempts; the row is then written at once, by the fetches it stops or by the next claim.
 */
const OUTAGE_LOCATIONS = 3;
const OUTAGE_WINDOW_MS = 60_000;
export const OUTAGE_KEY = "*platform*";
const SERVICE_WIDE_CODES = new Set(["http", "network", "timeout", "truncated"]);

/** Whether a transient failure says the service itself is failing (not one location's 429 or sign-in). */
export function isServiceWideFailure(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof status === "number" && status >= 500) return true;
  return typeof code === "string" && SERVICE_WIDE_CODES.has(code);
}

/** Why a fetch in flight was stopped: the Platform was found failing for several locations at once. */
export class PlatformOutageError extends Error {
  readonly code = "outage";
  constructor() {
    super("the Platform is failing for several locations at once");
    this.name = "PlatformOutageError";
  }
}

/**
 * Whether the Platform would refuse again (permanent) or may answer soon (transient). Read from
 * the error's code and status, not its class: the Platform client is a process singleton that may
 * come from another bundle's copy of lib/platform/errors, where `instanceof` fails.
 */
export function classifyFetchFailure(error: unknown): FailureClass {
  if (error instanceof MalformedDayError) return "permanent";
  if (!error || typeof error !== "object") return "transient";
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (code === MISSING_SCOPE_CODE || code === CONTRACT_CODE) return "permanent";
  if (code === LOGIN_FAILED_CODE) return "transient";
  if (typeof status === "number" && status >= 400 && status < 500 && !TRANSIENT_4XX.has(status))
    return "permanent";
  return "transient";
}

/**
 * The wait after the `failures`-th transient failure in a row: initialMs doubling, at most maxMs,
 * less up to a quarter of jitter. The jitter is fixed per location and count (a hash, not a
 * random draw): locations that failed together come back spread out, and the schedule can be
 * reproduced. 0 when initialMs is 0 (no back-off).
 */
export function transientBackoffMs(
  failures: number,
  restaurantGuid: string,
  initialMs: number,
  maxMs: number,
): number {
  if (initialMs <= 0) return 0;
  const full = Math.min(maxMs, initialMs * 2 ** Math.min(Math.max(failures, 1) - 1, 30));
  return Math.round(full * (1 - 0.25 * unitHash(`${restaurantGuid}|${failures}`)));
}

/** FNV-1a of the text, in [0, 1). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 2 ** 32;
}

export type LocationFetchState =
  | { kind: "ok" }
  | { kind: "missing-scope"; scope: string; reason: string; due: false }
  | {
      kind: "parked" | "backing-off";
      /** Held by the outage's hold (every location), not by this location's own failures. */
      outage?: boolean;
      reason: string;
      failures: number;
      failedAt: number;
      retryAt: number;
      due: boolean;
    };

/** A held location as the health route lists it. */
interface LocationHoldReport {
  restaurantGuid: string;
  state: "parked" | "backing-off";
  reason: string;
  failures: number;
  failedAt: string;
  retryAt: string;
}

interface LocationHealthDeps {
  db: Database;
  client: Pick<PlatformClient, "kitchen">;
  config: KitchenServiceConfig;
  now: () => number;
  /** The process's outage hold (the app passes the one its Platform client consults); default a private one. */
  outageHold?: OutageHold;
}

export function createLocationHealth({ db, client, config, now, outageHold }: LocationHealthDeps) {
  const processHold = outageHold ?? createOutageHold(now);
  const h: Health = {
    db,
    client,
    config,
    now,
    processHold,
    outageRow: createOutageRow(db, config, processHold),
  };
  return {
    state: (restaurantGuid: string) => locationState(h, restaurantGuid),
    claim: (restaurantGuid: string, leaseMs: number) => claimFetch(h, restaurantGuid, leaseMs),
    failed: (
      restaurantGuid: string,
      error: unknown,
      times: { startedAt: number; endedAt: number },
      reason: string,
    ) => fetchFailed(h, restaurantGuid, error, times, reason),
    succeeded: (restaurantGuid: string, startedAt: number) => fetchSucceeded(h, restaurantGuid, startedAt),
    list: () => listHolds(h),
    heldAnswer: (
      restaurant: KitchenRestaurant,
      dates: readonly string[],
      rows: Map<string, DayRow>,
      inFlight: (date: string) => boolean,
      known?: LocationFetchState,
    ) => heldAnswer(h, restaurant, dates, rows, inFlight, known),
    outageSignal: h.outageRow.signal,
  };
}

/** What the location-health steps read: the deps, the process's outage hold and the outage's row. */
interface Health {
  db: Database;
  client: Pick<PlatformClient, "kitchen">;
  config: KitchenServiceConfig;
  now: () => number;
  processHold: OutageHold;
  outageRow: ReturnType<typeof createOutageRow>;
}

function missingScopeState(client: Health["client"]): LocationFetchState | undefined {
  const scope = client.kitchen.missingScope();
  return scope === undefined
    ? undefined
    : { kind: "missing-scope", scope, reason: missingScopeReason(scope), due: false };
}

function stateOf(hold: LocationHold | undefined, at: number): LocationFetchState {
  if (!hold) return { kind: "ok" };
  const kind = hold.kind === "parked" ? "parked" : "backing-off";
  return {
    kind,
    reason: hold.reason,
    failures: hold.failures,
    failedAt: hold.failedAt,
    retryAt: hold.retryAt,
    due: at >= hold.retryAt,
  };
}

/** Where a location's kitchen fetches stand now. Reads the store and the token; never calls the Platform. */
async function locationState(
  { db, client, now }: Health,
  restaurantGuid: string,
): Promise<LocationFetchState> {
  const scope = missingScopeState(client);
  if (scope) return scope;
  const at = now();
  // During an outage every location holds on its one schedule; once its wait has run out, the
  // state is "due" and claim() lets one try through.
  const outage = await readHold(db, OUTAGE_KEY);
  if (outage) {
    const held = stateOf(outage, at);
    return held.kind === "parked" || held.kind === "backing-off" ? { ...held, outage: true } : held;
  }
  return stateOf(await readHold(db, restaurantGuid), at);
}

/**
 * Whether a fetch of the location may go now. A held location whose time has come gives the
 * try to exactly one caller (across instances), holding the others for `leaseMs` (the longest a
 * fetch may take) until that try's outcome replaces the lease.
 */
async function claimFetch(
  { db, client, now, processHold, outageRow }: Health,
  restaurantGuid: string,
  leaseMs: number,
): Promise<boolean> {
  if (missingScopeState(client)) return false;
  let outage = await readHold(db, OUTAGE_KEY);
  if (!outage && processHold.held()) {
    // The client's attempts found the outage before any fetch failed: its row (and probe schedule) starts now.
    const at = now();
    await outageRow.record({ reason: "attempts failed", startedAt: at, endedAt: at });
    outage = await readHold(db, OUTAGE_KEY);
  }
  if (outage) {
    // During an outage one try at a time probes the service, for whichever location asks first.
    const at = now();
    return at >= outage.retryAt && claimHeldTry(db, OUTAGE_KEY, at, at + leaseMs);
  }
  const hold = await readHold(db, restaurantGuid);
  if (!hold) return true;
  const at = now();
  return at >= hold.retryAt && claimHeldTry(db, restaurantGuid, at, at + leaseMs);
}

/** A fetch that started at `startedAt` failed at `endedAt` with `error` (`reason` in words). */
async function fetchFailed(
  { db, config, outageRow }: Health,
  restaurantGuid: string,
  error: unknown,
  times: { startedAt: number; endedAt: number },
  reason: string,
): Promise<void> {
  // Stopped by the outage's hold: every location holds under its row (written here if not yet).
  if (error instanceof PlatformOutageError) {
    await outageRow.record({ reason, ...times });
    return;
  }
  // The token's scopes say it for every location; nothing to store per location.
  if ((error as { code?: unknown } | null)?.code === MISSING_SCOPE_CODE) return;
  const failure = { reason, ...times };
  if (classifyFetchFailure(error) === "permanent") {
    const hold = await recordHoldFailure(
      db,
      restaurantGuid,
      { ...failure, kind: "parked" },
      () => times.endedAt + config.notEntitledRetryHours * 3_600_000,
    );
    if (hold.failures === 1)
      console.warn(
        `[kitchen] ${restaurantGuid} parked until ${new Date(hold.retryAt).toISOString()}: ${reason}`,
      );
    return;
  }
  const initialMs = (config.failedRetrySeconds ?? DEFAULT_FAILED_RETRY_S) * 1000;
  const maxMs = (config.backoffMaxSeconds ?? DEFAULT_BACKOFF_MAX_S) * 1000;
  if (initialMs <= 0) return;
  await recordHoldFailure(
    db,
    restaurantGuid,
    { ...failure, kind: "backing_off" },
    (n) => times.endedAt + transientBackoffMs(n, restaurantGuid, initialMs, maxMs),
  );
  if (isServiceWideFailure(error)) await outageRow.record(failure);
}

/**
 * The location answered (data or 204): its fetches go ahead again, and the service is up, if
 * the fetch began after the outage did (`startedAt`): an export asked before it and answering
 * late says nothing of the service now, and would otherwise end the hold in its first seconds.
 */
async function fetchSucceeded(
  { db, processHold }: Health,
  restaurantGuid: string,
  startedAt: number,
): Promise<void> {
  await clearHold(db, restaurantGuid);
  // No row: nothing to clear here; the process's hold (if it began from attempts) ends on the
  // client's next answered attempt, never on a fetch that may have begun before it.
  const outage = await readHold(db, OUTAGE_KEY);
  if (!outage || startedAt < outage.failedAt) return;
  await clearHold(db, OUTAGE_KEY);
  processHold.release();
}

/** Every held location, and the scope the credential lacks (null when none), for the health route. */
async function listHolds({
  db,
  client,
}: Health): Promise<{ missingScope: string | null; locations: LocationHoldReport[] }> {
  const locations = (await readHolds(db))
    .filter((h) => h.restaurantGuid !== OUTAGE_KEY)
    .map((h) => ({
      restaurantGuid: h.restaurantGuid,
      state: h.kind === "parked" ? ("parked" as const) : ("backing-off" as const),
      reason: h.reason,
      failures: h.failures,
      failedAt: new Date(h.failedAt).toISOString(),
      retryAt: new Date(h.retryAt).toISOString(),
    }));
  return { missingScope: client.kitchen.missingScope() ?? null, locations };
}

/**
 * The range's rows with every date a held location would fetch answered "failed" with the
 * hold's reason, so a request is answered at once (no upstream call) and says why; every failed
 * date carries the structured `hold` (DateHold). A date whose fetch is in flight (the try) stays
 * as it is.
 */
async function heldAnswer(
  h: Health,
  restaurant: KitchenRestaurant,
  dates: readonly string[],
  rows: Map<string, DayRow>,
  inFlight: (date: string) => boolean,
  known?: LocationFetchState,
): Promise<Map<string, DayRow>> {
  const held = known ?? (await locationState(h, restaurant.guid));
  return held.kind === "ok"
    ? rows
    : heldRows(held, { restaurant, dates, rows, inFlight, at: h.now(), config: h.config });
}

/**
 * The outage's shared row (OUTAGE_KEY) and this process's side of it: the signal that stops the
 * fetches in flight here when the hold begins, and one writer at a time (fetches stopped together
 * add one failure to the row, not one each).
 */
function createOutageRow(db: Database, config: KitchenServiceConfig, processHold: OutageHold) {
  let outageStop = new AbortController();
  processHold.onTrip(() => {
    outageStop.abort(new PlatformOutageError());
    outageStop = new AbortController();
  });
  let writes: Promise<void> = Promise.resolve();

  /** Several locations failing for a service-wide reason at once: the service is down; hold them all. */
  async function maybeOutage(failure: { reason: string; startedAt: number; endedAt: number }): Promise<void> {
    const initialMs = (config.failedRetrySeconds ?? DEFAULT_FAILED_RETRY_S) * 1000;
    const maxMs = (config.backoffMaxSeconds ?? DEFAULT_BACKOFF_MAX_S) * 1000;
    if (initialMs <= 0) return;
    const holds = await readHolds(db);
    const outage = holds.find((h) => h.restaurantGuid === OUTAGE_KEY);
    const failing = holds.filter(
      (h) =>
        h.restaurantGuid !== OUTAGE_KEY &&
        h.kind === "backing_off" &&
        h.failedAt >= failure.endedAt - OUTAGE_WINDOW_MS,
    );
    // It starts at the third location failing, or once the process's hold has begun; once on, only
    // a try begun during it (not a fetch that was already in flight) pushes it on.
    if (
      outage ? failure.startedAt < outage.failedAt : failing.length < OUTAGE_LOCATIONS && !processHold.held()
    )
      return;
    const reason = `the Platform is failing for several locations at once (${failure.reason})`;
    const hold = await recordHoldFailure(
      db,
      OUTAGE_KEY,
      { ...failure, reason, kind: "backing_off" },
      (n) => failure.endedAt + transientBackoffMs(n, OUTAGE_KEY, initialMs, maxMs),
    );
    if (hold.failures === 1)
      console.warn(
        `[kitchen] Platform outage: every location holds until ${new Date(hold.retryAt).toISOString()}: ${failure.reason}`,
      );
    // The fetches in flight here stop retrying into the outage (no-op when the hold began already).
    processHold.trip();
  }

  return {
    /** A failure that may start (or, begun during it, push on) the outage. */
    record: (failure: { reason: string; startedAt: number; endedAt: number }) =>
      (writes = writes.then(
        () => maybeOutage(failure),
        () => maybeOutage(failure),
      )),
    /** Aborted when the hold begins. */
    signal: () => outageStop.signal,
  };
}

function missingScopeReason(scope: string): string {
  return `not asked: this app's Platform credential lacks the ${scope} permission, which kitchen data needs; asked again once its token has it`;
}

/** heldAnswer's rows for a held location (the loop, outside the factory). */
function heldRows(
  held: Exclude<LocationFetchState, { kind: "ok" }>,
  {
    restaurant,
    dates,
    rows,
    inFlight,
    at,
    config,
  }: {
    restaurant: KitchenRestaurant;
    dates: readonly string[];
    rows: Map<string, DayRow>;
    inFlight: (date: string) => boolean;
    at: number;
    config: KitchenServiceConfig;
  },
): Map<string, DayRow> {
  const out = new Map(rows);
  const reason = heldReason(held);
  const hold = dateHoldOf(held, reason);
  const attemptedAt = held.kind === "missing-scope" ? at : held.failedAt;
  for (const date of dates) {
    const row = rows.get(date);
    // An open date keeps its last snapshot, a 204 its answer: only unanswered and failed dates say why.
    if ((row && row.status !== "failed") || inFlight(date)) continue;
    if (!needsFetch(row, datePhase(date, restaurant, at, config.closeGraceMinutes), at, config)) {
      // A date that failed just before: its own reason, and the hold that keeps it from being asked.
      if (row) out.set(date, { ...row, hold });
      continue;
    }
    out.set(date, {
      businessDate: date,
      status: "failed",
      attemptedAt,
      fetchedAt: null,
      reason,
      recordCount: 0,
      ingest: null,
      hold,
    });
  }
  return out;
}

/** The structured hold of a held location's dates (DateHold), beside the words of `reason`. */
function dateHoldOf(state: Exclude<LocationFetchState, { kind: "ok" }>, reason: string): DateHold {
  const words = reason.replace(/^not asked( for now)?: /, "");
  if (state.kind === "missing-scope")
    return { kind: "permanent", until: null, reason: words, scope: state.scope };
  const kind = state.outage ? "outage" : state.kind === "parked" ? "permanent" : "transient";
  return { kind, until: new Date(state.retryAt).toISOString(), reason: words };
}

/** Why a held location's dates were not asked, in words for the coverage. */
function heldReason(state: Exclude<LocationFetchState, { kind: "ok" }>): string {
  if (state.kind === "missing-scope") return state.reason;
  const when = new Date(state.retryAt)
    .toISOString()
    .replace(/:\d\d\.\d{3}Z$/, " UTC")
    .replace("T", " ");
  if (state.kind === "parked") return `not asked: ${state.reason}; the Platform is asked again after ${when}`;
  return `not asked for now: ${state.reason} (${state.failures === 1 ? "once" : `${state.failures} times in a row`}); tried again after ${when}`;
}
