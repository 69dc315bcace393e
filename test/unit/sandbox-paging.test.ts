import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";

import { SandboxError } from "@/lib/sandbox/errors";
import { decodePageToken, encodePageToken, pageOf, type PageRequest } from "@/lib/sandbox/paging";

const key = createHmac("sha256", "test").update("k").digest();
const otherKey = createHmac("sha256", "test").update("other").digest();
const items = Array.from({ length: 25 }, (_, i) => ({ id: i, modifiedAt: 1_000 + i }));
const request = (over: Partial<PageRequest> = {}): PageRequest => ({
  list: "config/menus",
  restaurant: "r1",
  pageToken: null,
  lastModified: null,
  ...over,
});

function expectBadToken(fn: () => unknown, message: RegExp) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).status).toBe(400);
    expect((error as SandboxError).message).toMatch(message);
    return;
  }
  throw new Error("expected a 400 SandboxError");
}

describe("page tokens", () => {
  it("round-trip their identity and offset", () => {
    const token = encodePageToken(key, { list: "config/menus", restaurant: "r1", lastModified: 5 }, 300);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodePageToken(key, token)).toEqual({
      identity: { list: "config/menus", restaurant: "r1", lastModified: 5 },
      offset: 300,
    });
  });

  it("are the same for the same input, so separate processes agree", () => {
    const identity = { list: "config/menus", restaurant: "r1", lastModified: null };
    expect(encodePageToken(key, identity, 10)).toBe(encodePageToken(key, identity, 10));
  });

  it("reject an edited payload, a foreign key and garbage", () => {
    const token = encodePageToken(key, { list: "config/menus", restaurant: "r1", lastModified: null }, 10);
    const [body, sig] = token.split(".") as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ l: "config/menus", r: "r1", m: null, o: 0 })).toString(
      "base64url",
    );
    expect(decodePageToken(key, `${forgedBody}.${sig}`)).toBeNull();
    expect(decodePageToken(otherKey, token)).toBeNull();
    expect(decodePageToken(key, `${body}.${sig.slice(0, -2)}`)).toBeNull();
    expect(decodePageToken(key, "not-a-token")).toBeNull();
    expect(decodePageToken(key, "")).toBeNull();
  });
});

/** Every page of `list` from the first, following the tokens: the ids in order and each page's size. */
function walk(
  list: readonly { id: number; modifiedAt: number }[],
  over: Partial<PageRequest>,
  limit: number,
) {
  const seen: number[] = [];
  const sizes: number[] = [];
  let pageToken: string | null = null;
  do {
    const page: ReturnType<typeof pageOf<(typeof list)[number]>> = pageOf(
      key,
      list,
      (i) => i.modifiedAt,
      request({ ...over, pageToken }),
      limit,
    );
    seen.push(...page.items.map((i) => i.id));
    sizes.push(page.items.length);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return { seen, sizes };
}

describe("pageOf", () => {
  it("walks every item exactly once and stops sending a token on the last page", () => {
    const { seen, sizes } = walk(items, {}, 10);
    expect(seen).toEqual(items.map((i) => i.id));
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(5);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(10);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
  });

  it("varies page sizes with the list, restaurant and offset, the same for the same request", () => {
    const many = Array.from({ length: 2_000 }, (_, i) => ({ id: i, modifiedAt: i }));
    const sizesOf = (over: Partial<PageRequest>) => walk(many, over, 300).sizes;
    const sizes = sizesOf({});
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(2_000);
    // Pages before the last are not all full, and never exceed the limit or fall below half of it.
    expect(sizes.slice(0, -1).some((n) => n < 300)).toBe(true);
    expect(new Set(sizes.slice(0, -1)).size).toBeGreaterThan(1);
    for (const n of sizes.slice(0, -1)) expect(n).toBeGreaterThanOrEqual(150);
    for (const n of sizes) expect(n).toBeLessThanOrEqual(300);
    expect(sizesOf({})).toEqual(sizes);
    expect(sizesOf({ restaurant: "r2" })).not.toEqual(sizes);
  });

  it("sends no token when everything fits, including an exact fit", () => {
    expect(pageOf(key, items, (i) => i.modifiedAt, request(), 25).nextPageToken).toBeNull();
    expect(pageOf(key, items, (i) => i.modifiedAt, request(), 25).items).toHaveLength(25);
    expect(pageOf(key, items, (i) => i.modifiedAt, request(), 100).items).toHaveLength(25);
  });

  it("keeps only items modified strictly after lastModified, across pages", () => {
    const first = pageOf(key, items, (i) => i.modifiedAt, request({ lastModified: 1_010 }), 10);
    expect(first.items.length).toBeLessThanOrEqual(10);
    expect(first.nextPageToken).not.toBeNull();
    // The follow-up may omit lastModified: the token remembers it.
    const second = pageOf(key, items, (i) => i.modifiedAt, request({ pageToken: first.nextPageToken }), 10);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    ]);
    expect(second.nextPageToken).toBeNull();
  });

  it("refuses a token from another list, restaurant or lastModified", () => {
    const token = pageOf(key, items, (i) => i.modifiedAt, request(), 10).nextPageToken;
    expect(token).not.toBeNull();
    expectBadToken(
      () => pageOf(key, items, (i) => i.modifiedAt, request({ pageToken: token, list: "config/tables" }), 10),
      /another list/,
    );
    expectBadToken(
      () => pageOf(key, items, (i) => i.modifiedAt, request({ pageToken: token, restaurant: "r2" }), 10),
      /another list/,
    );
    expectBadToken(
      () => pageOf(key, items, (i) => i.modifiedAt, request({ pageToken: token, lastModified: 1 }), 10),
      /lastModified/,
    );
    expectBadToken(
      () => pageOf(key, items, (i) => i.modifiedAt, request({ pageToken: `${token}x` }), 10),
      /not a token/,
    );
  });
});
