import "server-only";

import type { RestaurantAvailability } from "./permitted-restaurant";

/**
 * Restaurant identities that settle one by one (issue 30). Each restaurant's identity is read on
 * its own, so a location the Platform refuses (403), does not know (404) or cannot answer for
 * (5xx, network, timeout) costs that location only: it is served from its last good identity with
 * the problem in words, and every other restaurant is listed as usual. The last good identities are
 * kept in a store shared by instances (lib/restaurants/identity-store.ts), so a restart or a cold
 * cache answers from them at once and refreshes in the background (stale-while-revalidate); only a
 * restaurant read never before is waited for. Generic over the facts kept, so it is tested without
 * the Platform.
 */

/** What a failed read says about the location (the part of RestaurantAvailability a read decides). */
export interface IdentityProblem {
  state: RestaurantAvailability["state"];
  reason: string;
  /** The HTTP status of the failed read, when an answer came. */
  status?: number;
  /** The Platform does not know the GUID (404 with includeArchived): a page answers 404 for it. */
  unknown?: boolean;
}

/** One restaurant as last read: its last good facts (or none ever) and how the last attempt went. */
export interface IdentityRecord<F> {
  guid: string;
  facts: F | null;
  /** When `facts` were read (epoch ms); null with them. */
  readAt: number | null;
  /** When the last attempt ended, good or not (epoch ms). */
  checkedAt: number;
  /** Why the last attempt failed; null when it succeeded. */
  problem: IdentityProblem | null;
}

export interface IdentityStore<F> {
  load(guids: readonly string[]): Promise<Map<string, IdentityRecord<F>>>;
  save(record: IdentityRecord<F>): Promise<void>;
}

export interface IdentityDirectoryDeps<F> {
  /** Reads one restaurant's facts from the Platform; throws the client's error when it cannot. */
  read(guid: string): Promise<F>;
  store: IdentityStore<F>;
  /** A good read is served this long before it is read again (in the background). */
  freshMs: number;
  /** A failed read is tried again after this long (in the background when something is kept). */
  retryMs: number;
  now?: () => number;
  /**
   * True while the account-wide outage hold is in force (lib/platform-wiring/outage-hold.ts): the
   * directory then serves what it keeps and reads nothing, but for one probe per `retryMs` (whose
   * answer ends the hold), so an outage costs no identity reads and recovery is still seen.
   */
  held?: () => boolean;
  /** Where a store failure is told; the directory then works from memory and the Platform. */
  warn?: (message: string) => void;
}

export interface IdentityDirectory<F> {
  /**
   * Every GUID's record, each settled on its own and never rejecting: kept records at once
   * (refreshed in the background when due), and a read awaited only for a GUID with none; with
   * `waitMs`, at most that long, after which such a GUID is answered as still being read (a
   * "reading" problem, kept nowhere) while its read goes on.
   */
  settle(guids: readonly string[], waitMs?: number): Promise<Map<string, IdentityRecord<F>>>;
  /**
   * The kept records of these GUIDs (the process's, else the store's), as they stand: no read is
   * made, started or refreshed, so a caller that must not reach the Platform (GET /api/health) can
   * ask. A GUID with nothing kept is absent.
   */
  kept(guids: readonly string[]): Promise<Map<string, IdentityRecord<F>>>;
  /** Records facts read for another reason (the Info page), good from now. */
  remember(guid: string, facts: F): void;
  /** Reads that are in flight (background refreshes included) and their saves, for tests and the bench. */
  idle(): Promise<void>;
}

/**
 * Background refreshes (identities served while re-read) in flight at once. Not all due together:
 * when the cache of a whole group expires at once during an outage, its first few failures start
 * the account's hold and the rest are not sent (a read a location it never costs a first read).
 */
const BACKGROUND_READS = 4;

export function createIdentityDirectory<F>(deps: IdentityDirectoryDeps<F>): IdentityDirectory<F> {
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  // The process's view: everything settled here or loaded from the store. Keys are the accounts
  // file's restaurants, so it is bounded by that file.
  const memory = new Map<string, IdentityRecord<F>>();
  const inFlight = new Map<string, Promise<IdentityRecord<F>>>();
  const held = deps.held ?? (() => false);
  let probedAt = -Infinity;
  const backlog = new Set<string>();
  let backgroundRunning = 0;

  /** Queues a kept record's re-read; BACKGROUND_READS at a time, each asked whether it may go when its turn comes. */
  function refreshInBackground(guid: string): void {
    if (!inFlight.has(guid)) backlog.add(guid);
    pump();
  }

  function pump(): void {
    while (backgroundRunning < BACKGROUND_READS && backlog.size > 0) {
      const next = backlog.values().next().value!;
      backlog.delete(next);
      const kept = memory.get(next);
      // Read already, or held: dropped; the next settle that finds it due queues it again.
      if (inFlight.has(next) || (kept && !due(kept)) || !mayRead()) continue;
      backgroundRunning++;
      void refresh(next).finally(() => {
        backgroundRunning--;
        pump();
      });
    }
  }

  /** Whether a read may go to the Platform now: always, but during a hold only as its one probe. */
  function mayRead(): boolean {
    if (!held()) return true;
    const at = now();
    if (inFlight.size > 0 || at - probedAt < deps.retryMs) return false;
    probedAt = at;
    return true;
  }
  // Saves not yet written (the database store writes them in batches), for idle().
  const saving = new Set<Promise<void>>();

  const due = (r: IdentityRecord<F>) => now() - r.checkedAt >= (r.problem ? deps.retryMs : deps.freshMs);

  function keep(record: IdentityRecord<F>): void {
    memory.set(record.guid, record);
    const saved = deps.store
      .save(record)
      .catch((error: unknown) =>
        warn(`[restaurants] identity of ${record.guid} not stored: ${(error as Error).message}`),
      )
      .finally(() => saving.delete(saved));
    saving.add(saved);
  }

  /** One read of one restaurant, single-flight; never rejects: a failure is a record too. */
  function refresh(guid: string): Promise<IdentityRecord<F>> {
    const running = inFlight.get(guid);
    if (running) return running;
    const attempt = (async () => {
      const before = memory.get(guid);
      try {
        const facts = await deps.read(guid);
        const at = now();
        const record: IdentityRecord<F> = { guid, facts, readAt: at, checkedAt: at, problem: null };
        keep(record);
        return record;
      } catch (error) {
        // The hold's probe (or a read it overtook) failing is the service's outage, not this
        // location's: nothing is kept, so the location is not marked unreachable for a retry interval.
        if (held()) return before ?? heldOff<F>(guid, now());
        const problem = identityProblem(error);
        const record: IdentityRecord<F> = {
          guid,
          facts: before?.facts ?? null,
          readAt: before?.readAt ?? null,
          checkedAt: now(),
          problem,
        };
        warn(
          `[restaurants] identity of ${guid} not read (${problem.state}): ${problem.reason}${record.facts ? " (serving the last good one)" : ""}`,
        );
        keep(record);
        return record;
      } finally {
        inFlight.delete(guid);
      }
    })();
    inFlight.set(guid, attempt);
    return attempt;
  }

  async function loadKept(guids: readonly string[]): Promise<void> {
    const missing = guids.filter((guid) => !memory.has(guid));
    if (missing.length === 0) return;
    try {
      const stored = await deps.store.load(missing);
      // A record settled here while the store was read is newer than the stored one.
      for (const [guid, record] of stored) if (!memory.has(guid)) memory.set(guid, record);
    } catch (error) {
      warn(`[restaurants] stored identities not read, asking the Platform: ${(error as Error).message}`);
    }
  }

  return {
    async settle(guids, waitMs) {
      await loadKept(guids);
      // One timer for the whole call, however many restaurants are new.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline =
        waitMs === undefined ? null : new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
      try {
        const settled = await Promise.all(
          guids.map(async (guid) => {
            const kept = memory.get(guid);
            if (!kept) {
              if (!inFlight.has(guid) && !mayRead()) return heldOff<F>(guid, now());
              const read = refresh(guid);
              return deadline
                ? Promise.race([read, deadline.then(() => stillReading<F>(guid, now()))])
                : read;
            }
            // Stale-while-revalidate: the kept record now, a fresh one for the next caller.
            if (due(kept)) refreshInBackground(guid);
            return kept;
          }),
        );
        return new Map(settled.map((record) => [record.guid, record]));
      } finally {
        clearTimeout(timer);
      }
    },
    async kept(guids) {
      await loadKept(guids);
      return new Map(guids.flatMap((guid) => (memory.has(guid) ? [[guid, memory.get(guid)!] as const] : [])));
    },
    remember(guid, facts) {
      const at = now();
      keep({ guid, facts, readAt: at, checkedAt: at, problem: null });
    },
    async idle() {
      while (inFlight.size > 0 || backlog.size > 0 || saving.size > 0) {
        await Promise.all([...inFlight.values(), ...saving]);
        await new Promise((resolve) => setImmediate(resolve)); // a finished read's turn goes to the backlog's next
      }
    },
  };
}

/** A restaurant with no facts yet, and why. */
function unread<F>(guid: string, at: number, problem: IdentityProblem): IdentityRecord<F> {
  return { guid, facts: null, readAt: null, checkedAt: at, problem };
}

/** A restaurant whose first read has not ended within the caller's wait. */
function stillReading<F>(guid: string, at: number): IdentityRecord<F> {
  return unread(guid, at, {
    state: "reading",
    reason: "The Platform has not answered for this location yet; it is still being read.",
  });
}

/** A restaurant never read, not asked during the account-wide outage hold (kept nowhere). */
function heldOff<F>(guid: string, at: number): IdentityRecord<F> {
  return unread(guid, at, {
    state: "unreachable",
    reason: "The Platform is failing for several locations at once; this location is read once it answers.",
  });
}

/**
 * A failed read in words. Read structurally (the error's status, name and kind), not by class, so
 * an error class bundled twice by Next still classifies. 403 and 404 say the location itself is
 * refused; everything else (5xx, network, timeout, 429, a refused sign-in, a garbled answer) says
 * the Platform could not give a usable answer now.
 */
export function identityProblem(error: unknown): IdentityProblem {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    status?: unknown;
    name?: unknown;
    kind?: unknown;
    reason?: unknown;
  };
  const status = typeof e.status === "number" ? e.status : undefined;
  const name = typeof e.name === "string" ? e.name : "";
  if (name === "PlatformLoginError") {
    const refused = e.reason === "refused";
    return {
      state: "unreachable",
      reason: refused
        ? "Kitchen Pulse's Platform credentials were refused at sign-in."
        : "Kitchen Pulse could not sign in to the Platform.",
      ...(status === undefined ? {} : { status }),
    };
  }
  if (status === 403) {
    return {
      state: "not_accessible",
      status,
      reason:
        "The Platform refuses this location to Kitchen Pulse's credential (403): it may have been removed from the credential.",
    };
  }
  if (status === 404) {
    return {
      state: "not_accessible",
      status,
      unknown: true,
      reason: "The Platform does not know this restaurant (404): check its GUID in the accounts file.",
    };
  }
  if (status === 429)
    return {
      state: "unreachable",
      status,
      reason: "The Platform is busy (429, rate limited); this location is read again shortly.",
    };
  if (status !== undefined && status >= 500) {
    return {
      state: "unreachable",
      status,
      reason: `The Platform did not answer for this location (${status}, after retries).`,
    };
  }
  if (status === undefined) {
    const how = e.kind === "timeout" ? "timed out" : "could not be reached";
    return { state: "unreachable", reason: `The Platform ${how} for this location.` };
  }
  return {
    state: "unreachable",
    status,
    reason: `The Platform's answer for this location could not be used (${status}).`,
  };
}
