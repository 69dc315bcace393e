import { describe, expect, it } from "vitest";

import { PlatformError, PlatformLoginError, PlatformUpstreamError } from "@/lib/platform/errors";
import {
  createIdentityDirectory,
  identityProblem,
  type IdentityRecord,
  type IdentityStore,
} from "@/lib/restaurants/identity-directory";

/**
 * Restaurant identities settle one by one (lib/restaurants/identity-directory.ts): a refused or
 * unreachable location never fails the others, its last good identity is served meanwhile, and
 * what is kept is answered at once while the Platform is read again in the background.
 */
const FRESH = 300_000;
const RETRY = 60_000;
const endpoint = "GET /restaurants/v1/restaurants/{guid}";
const httpError = (status: number) =>
  PlatformError.generate(status, { status, code: status * 100, message: "refused" }, undefined, endpoint);

/** The store's contract held in a Map: what the database table holds, row for row. */
function memoryStore(
  initial: IdentityRecord<string>[] = [],
): IdentityStore<string> & { rows: Map<string, IdentityRecord<string>>; loads: number } {
  const rows = new Map(initial.map((r) => [r.guid, r]));
  const store = {
    rows,
    loads: 0,
    async load(guids: readonly string[]) {
      store.loads += 1;
      return new Map(guids.filter((g) => rows.has(g)).map((g) => [g, rows.get(g)!]));
    },
    async save(record: IdentityRecord<string>) {
      rows.set(record.guid, record);
    },
  };
  return store;
}

/** A Platform whose answer per GUID the test sets: facts, or an error to throw; `gate` holds reads. */
function platform(answers: Record<string, string | Error>) {
  const reads: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  return {
    reads,
    answers,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => {
      gate = null;
      release();
    },
    read: async (guid: string) => {
      reads.push(guid);
      if (gate) await gate;
      const answer = answers[guid];
      if (answer === undefined) throw new Error(`no answer set for ${guid}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function setup(
  answers: Record<string, string | Error>,
  stored: IdentityRecord<string>[] = [],
  held: () => boolean = () => false,
) {
  let clock = 1_000_000;
  const store = memoryStore(stored);
  const p = platform(answers);
  const warnings: string[] = [];
  const directory = createIdentityDirectory<string>({
    read: (guid) => p.read(guid),
    store,
    freshMs: FRESH,
    retryMs: RETRY,
    now: () => clock,
    warn: (m) => warnings.push(m),
    held,
  });
  return { directory, store, p, warnings, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe("settle: each identity on its own", () => {
  it("lists a good, a refused, an unknown and an unreachable location together, never rejecting", async () => {
    const { directory } = setup({
      good: "Good",
      refused: httpError(403),
      unknown: httpError(404),
      down: httpError(503),
    });
    const settled = await directory.settle(["good", "refused", "unknown", "down"]);
    expect([...settled.keys()]).toEqual(["good", "refused", "unknown", "down"]);
    expect(settled.get("good")).toMatchObject({ facts: "Good", problem: null });
    expect(settled.get("refused")).toMatchObject({
      facts: null,
      problem: {
        state: "not_accessible",
        status: 403,
        reason: expect.stringMatching(/refuses this location/),
      },
    });
    expect(settled.get("unknown")).toMatchObject({
      facts: null,
      problem: { state: "not_accessible", status: 404, unknown: true },
    });
    expect(settled.get("down")).toMatchObject({
      facts: null,
      problem: { state: "unreachable", status: 503 },
    });
  });

  it("serves the last good identity, marked, once the location starts failing, and keeps it in the store", async () => {
    const { directory, store, p, advance } = setup({ a: "A v1" });
    await directory.settle(["a"]);
    advance(FRESH);
    p.answers.a = httpError(403);
    // Due: the kept identity answers at once; the failing read runs behind it.
    expect((await directory.settle(["a"])).get("a")).toMatchObject({ facts: "A v1", problem: null });
    await directory.idle();
    const after = (await directory.settle(["a"])).get("a")!;
    expect(after).toMatchObject({ facts: "A v1", problem: { state: "not_accessible", status: 403 } });
    expect(after.readAt).toBeLessThan(after.checkedAt);
    expect(store.rows.get("a")).toEqual(after);
  });

  it("asks a failed location again after the retry interval, not on every request", async () => {
    const { directory, p, advance } = setup({ a: httpError(500) });
    await directory.settle(["a"]);
    for (let i = 0; i < 5; i += 1) await directory.settle(["a"]);
    expect(p.reads).toEqual(["a"]);
    advance(RETRY);
    p.answers.a = "A";
    await directory.settle(["a"]);
    await directory.idle();
    expect(p.reads).toEqual(["a", "a"]);
    expect((await directory.settle(["a"])).get("a")).toMatchObject({ facts: "A", problem: null });
  });

  it("reads one location once however many callers ask while the read is in flight", async () => {
    const { directory, p } = setup({ a: "A", b: "B" });
    p.hold();
    const both = Promise.all([
      directory.settle(["a", "b"]),
      directory.settle(["a"]),
      directory.settle(["b", "a"]),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    p.release();
    const [first, second, third] = await both;
    expect(p.reads.sort()).toEqual(["a", "b"]);
    expect([first.get("a")?.facts, second.get("a")?.facts, third.get("b")?.facts]).toEqual(["A", "A", "B"]);
  });
});

describe("settle: stored identities after a restart", () => {
  const stored = (guid: string, facts: string, at: number): IdentityRecord<string> => ({
    guid,
    facts,
    readAt: at,
    checkedAt: at,
    problem: null,
  });

  it("answers fresh stored identities without asking the Platform", async () => {
    const { directory, p, now } = setup({}, [
      stored("a", "A", 1_000_000 - 1_000),
      stored("b", "B", 1_000_000 - 2_000),
    ]);
    const settled = await directory.settle(["a", "b"]);
    expect([settled.get("a")?.facts, settled.get("b")?.facts]).toEqual(["A", "B"]);
    expect(p.reads).toEqual([]);
    expect(now()).toBe(1_000_000);
  });

  it("answers stale stored identities at once and reads them again in the background; only a restaurant never read is waited for", async () => {
    const { directory, p, store } = setup({ a: "A v2", b: "B v2", c: "C" }, [
      stored("a", "A v1", 0),
      stored("b", "B v1", 0),
    ]);
    p.hold();
    let answered = false;
    const pending = directory.settle(["a", "b", "c"]).then((m) => ((answered = true), m));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // c has nothing kept: the answer waits for its read; a and b are being read behind it.
    expect(answered).toBe(false);
    expect(p.reads.sort()).toEqual(["a", "b", "c"]);
    p.release();
    const settled = await pending;
    expect([settled.get("a")?.facts, settled.get("b")?.facts, settled.get("c")?.facts]).toEqual([
      "A v1",
      "B v1",
      "C",
    ]);
    await directory.idle();
    expect([store.rows.get("a")?.facts, store.rows.get("b")?.facts]).toEqual(["A v2", "B v2"]);
    expect((await directory.settle(["a"])).get("a")?.facts).toBe("A v2");
    // The store is read once per GUID the process has not seen, not on every call.
    expect(store.loads).toBe(1);
  });

  it("with a wait, lists a restaurant whose first read outlasts it as still being read, and keeps nothing for it", async () => {
    const { directory, p, store } = setup({ a: "A v2", c: "C" }, [stored("a", "A v1", 0)]);
    p.hold();
    const started = performance.now();
    const settled = await directory.settle(["a", "c"], 30);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(settled.get("a")).toMatchObject({ facts: "A v1", problem: null });
    expect(settled.get("c")).toMatchObject({
      facts: null,
      problem: { state: "reading", reason: expect.stringMatching(/still being read/) },
    });
    expect(store.rows.has("c")).toBe(false);
    // The read went on behind the answer: the next caller gets it.
    p.release();
    await directory.idle();
    expect((await directory.settle(["c"], 30)).get("c")).toMatchObject({ facts: "C", problem: null });
    expect(p.reads.filter((g) => g === "c")).toHaveLength(1);
  });

  it("asks the Platform when the store cannot be read, and says so", async () => {
    const { directory, store, warnings } = setup({ a: "A" });
    store.load = async () => {
      throw new Error("database closed");
    };
    expect((await directory.settle(["a"])).get("a")?.facts).toBe("A");
    expect(warnings.join("\n")).toMatch(/stored identities not read, asking the Platform: database closed/);
  });
});

describe("kept: what is held, without asking the Platform", () => {
  it("answers the process's and the store's records and starts no read, not even for a due or unknown one", async () => {
    const stored: IdentityRecord<string> = {
      guid: "old",
      facts: "Old",
      readAt: 1,
      checkedAt: 1, // long due
      problem: null,
    };
    const { directory, p } = setup({ fresh: "Fresh", old: "Old v2", never: "Never" }, [stored]);
    await directory.settle(["fresh"]);
    const reads = p.reads.length;
    const kept = await directory.kept(["fresh", "old", "never"]);
    expect([...kept.keys()]).toEqual(["fresh", "old"]);
    expect(kept.get("old")).toMatchObject({ facts: "Old", readAt: 1 });
    await directory.idle();
    expect(p.reads.length).toBe(reads);
  });
});

describe("identityProblem: a failed read in words", () => {
  it.each([
    [httpError(403), "not_accessible", 403, /refuses this location .* removed from the credential/],
    [httpError(404), "not_accessible", 404, /does not know this restaurant/],
    [httpError(500), "unreachable", 500, /did not answer for this location \(500, after retries\)/],
    [httpError(429), "unreachable", 429, /busy/],
    [
      new PlatformUpstreamError({ code: "network", message: "ECONNREFUSED", endpoint, kind: "network" }),
      "unreachable",
      undefined,
      /could not be reached/,
    ],
    [
      new PlatformUpstreamError({ code: "timeout", message: "timed out", endpoint, kind: "timeout" }),
      "unreachable",
      undefined,
      /timed out/,
    ],
    [
      new PlatformLoginError({
        status: 401,
        code: "platform_login_failed",
        message: "refused",
        endpoint,
        reason: "refused",
        retryAt: 0,
      }),
      "unreachable",
      401,
      /credentials were refused/,
    ],
  ])("%s", (error, state, status, reason) => {
    const problem = identityProblem(error);
    expect(problem).toMatchObject({ state, reason: expect.stringMatching(reason) });
    expect(problem.status).toBe(status);
  });

  it("reads an error by its shape, so a copy of the class from another bundle still classifies", () => {
    expect(identityProblem({ name: "PlatformForbiddenError", status: 403 })).toMatchObject({
      state: "not_accessible",
      status: 403,
    });
    expect(identityProblem(new Error("socket hang up"))).toMatchObject({ state: "unreachable" });
  });
});

describe("during the account-wide outage hold", () => {
  it("serves what it keeps and reads nothing but one probe per retry interval", async () => {
    let held = false;
    const { directory, p, store, advance } = setup({ a: "A", b: "B", c: "C" }, [], () => held);
    await directory.settle(["a", "b"]);
    expect(p.reads).toEqual(["a", "b"]);
    held = true;
    advance(FRESH);
    // Both due: only one read goes, as the hold's probe; the kept identities answer meanwhile.
    const during = await directory.settle(["a", "b"]);
    expect([...during.values()].map((r) => r.facts)).toEqual(["A", "B"]);
    await directory.idle();
    expect(p.reads).toHaveLength(3);
    for (let i = 0; i < 5; i += 1) await directory.settle(["a", "b", "c"]);
    expect(p.reads).toHaveLength(3);
    // A restaurant never read is not asked either; it says why, and is kept nowhere.
    expect((await directory.settle(["c"])).get("c")).toMatchObject({
      facts: null,
      problem: { state: "unreachable", reason: expect.stringMatching(/several locations at once/) },
    });
    // A probe that fails is the outage's, not the location's: nothing is kept against it.
    p.answers.c = httpError(503);
    advance(RETRY);
    await directory.settle(["c"]);
    expect(p.reads.at(-1)).toBe("c");
    expect(store.rows.has("c")).toBe(false);
    p.answers.c = "C";
    held = false;
    expect((await directory.settle(["c"])).get("c")).toMatchObject({ facts: "C", problem: null });
  });

  it("re-reads a whole expired group four at a time, so an outage's first failures stop the rest", async () => {
    const guids = Array.from({ length: 10 }, (_, i) => `g${i}`);
    const answers = Object.fromEntries(guids.map((g) => [g, `facts ${g}`]));
    let failed = 0;
    // The account's hold begins at the third failed read, as the client's attempts would start it.
    const { directory, p, advance } = setup(answers, [], () => failed >= 3);
    await directory.settle(guids);
    for (const g of guids) p.answers[g] = httpError(503);
    const read = p.read;
    p.read = async (guid: string) =>
      read(guid).catch((error: unknown) => ((failed += 1), Promise.reject(error)));
    advance(FRESH);
    const served = await directory.settle(guids);
    expect([...served.values()].every((r) => r.facts === `facts ${r.guid}`)).toBe(true);
    await directory.idle();
    // Ten first reads, then four at once (the hold began among them), then the hold's one probe.
    expect(p.reads).toHaveLength(10 + 4 + 1);
  });
});
