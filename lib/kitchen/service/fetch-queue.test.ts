import { describe, expect, it } from "vitest";

import { createFetchQueue } from "./fetch-queue";

/** A job that runs until the test releases it, recording when it starts. */
function gate(started: string[], key: string) {
  let release!: (error?: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    release = (error) => (error ? reject(error) : resolve());
  });
  return { key, run: () => (started.push(key), done), release };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the fetch queue of request-started fetches", () => {
  it("runs at most `limit` jobs at once and starts the next as one settles", async () => {
    const started: string[] = [];
    const queue = createFetchQueue(2);
    const jobs = ["a", "b", "c", "d"].map((k) => gate(started, k));
    const { settled } = queue.enqueue(jobs);
    await tick();
    expect(started).toEqual(["a", "b"]);
    expect([queue.running(), queue.waiting()]).toEqual([2, 2]);
    jobs[0]!.release();
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    jobs[1]!.release(new Error("upstream 500"));
    jobs[2]!.release();
    await tick();
    jobs[3]!.release();
    const results = await Promise.allSettled(settled);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect([queue.running(), queue.waiting()]).toEqual([0, 0]);
  });

  it("queues a key once, shares its promise, and moves a key asked for again to the front", async () => {
    const started: string[] = [];
    const queue = createFetchQueue(1);
    const first = ["a", "b", "c"].map((k) => gate(started, k));
    const one = queue.enqueue(first);
    await tick();
    const again = gate(started, "c"); // the same key, asked for by a later request
    const two = queue.enqueue([again, gate(started, "x")]);
    expect(two.settled[0]).toBe(one.settled[2]);
    expect(queue.waiting()).toBe(3); // b, c, x: c not queued twice
    first[0]!.release();
    await tick();
    expect(started).toEqual(["a", "c"]); // c and x jumped ahead of b
  });

  it("dates a key from when it was first asked for", () => {
    const queue = createFetchQueue(1);
    const never = { key: "a", run: () => new Promise<void>(() => {}) };
    const { askedAt } = queue.enqueue([never]);
    const later = queue.enqueue([never]);
    expect(later.askedAt).toBe(askedAt);
  });
});
