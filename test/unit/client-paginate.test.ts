import { describe, expect, it } from "vitest";

import { PlatformContractError, PlatformError } from "@/lib/platform/errors";
import {
  buildQuery,
  collect,
  collectListing,
  formatLastModified,
  paginate,
  type Page,
} from "@/lib/platform/paginate";

describe("formatLastModified", () => {
  it("writes milliseconds and a numeric UTC offset", () => {
    expect(formatLastModified(new Date("2024-07-09T08:05:03.007Z"))).toBe("2024-07-09T08:05:03.007+0000");
  });

  it("converts an instant given in another offset to UTC", () => {
    expect(formatLastModified(new Date("2024-01-01T00:30:00.000-05:00"))).toBe(
      "2024-01-01T05:30:00.000+0000",
    );
  });

  it("rejects an invalid date", () => {
    expect(() => formatLastModified(new Date("nope"))).toThrow(RangeError);
  });
});

describe("buildQuery", () => {
  it("sends the plus sign of the offset as %2B", () => {
    const query = buildQuery({ lastModified: formatLastModified(new Date("2024-07-09T08:05:03.007Z")) });
    expect(query).toBe("lastModified=2024-07-09T08%3A05%3A03.007%2B0000");
    expect(query).not.toContain("+");
  });

  it("leaves out undefined parameters and encodes the rest", () => {
    expect(buildQuery({ pageToken: undefined, a: "x y&z", n: 3, b: true })).toBe("a=x%20y%26z&n=3&b=true");
    expect(buildQuery({ pageToken: undefined })).toBe("");
  });
});

describe("paginate", () => {
  const pages: Record<string, Page<number>> = {
    first: { items: [1, 2], nextPageToken: "t2" },
    t2: { items: [3, 4], nextPageToken: "t3" },
    t3: { items: [5] },
  };

  it("follows next-page tokens until a page has none", async () => {
    const asked: (string | undefined)[] = [];
    const all = await collect(
      paginate(async (token) => {
        asked.push(token);
        return pages[token ?? "first"]!;
      }, "GET /x"),
    );
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, "t2", "t3"]);
  });

  it("fetches the next page only when the consumer asks for it", async () => {
    let fetched = 0;
    for await (const page of paginate(async (token) => {
      fetched += 1;
      return pages[token ?? "first"]!;
    }, "GET /x")) {
      expect(page).toEqual([1, 2]);
      break;
    }
    expect(fetched).toBe(1);
  });

  it("stops with a contract error when the service repeats a page token", async () => {
    const looping = paginate(async () => ({ items: [0], nextPageToken: "same" }), "GET /config/v2/menus");
    await expect(collect(looping)).rejects.toThrow(PlatformContractError);
    await expect(
      collect(paginate(async () => ({ items: [0], nextPageToken: "same" }), "GET /config/v2/menus")),
    ).rejects.toThrow("GET /config/v2/menus: page token repeated");
  });
});

describe("collectListing: a 409 while paging starts the listing again", () => {
  const republished = () =>
    PlatformError.generate(
      409,
      { status: 409, code: 40900, message: "re-submit without the pageToken" },
      undefined,
      "GET /config/v2/menuItems",
    );
  /** Three pages; `conflicts` follow-up pages answer 409 before the service settles on `publication`. */
  function service(conflicts: number) {
    const asked: (string | undefined)[] = [];
    let publication = 1;
    let left = conflicts;
    const fetchPage = async (token: string | undefined): Promise<Page<string>> => {
      asked.push(token);
      if (token !== undefined && left > 0) {
        left -= 1;
        publication += 1;
        throw republished();
      }
      const p = `v${publication}`;
      if (token === undefined) return { items: [`${p}-a`, `${p}-b`], nextPageToken: `${p}:2` };
      if (token.endsWith(":2")) return { items: [`${p}-c`], nextPageToken: `${p}:3` };
      return { items: [`${p}-d`] };
    };
    return { fetchPage, asked };
  }

  it("after a 409 on the second page, returns the new publication's listing once, without the first pass's items", async () => {
    const { fetchPage, asked } = service(1);
    await expect(collectListing(fetchPage, "GET /config/v2/menuItems")).resolves.toEqual([
      "v2-a",
      "v2-b",
      "v2-c",
      "v2-d",
    ]);
    // The restart asks the first page again, without a token.
    expect(asked).toEqual([undefined, "v1:2", undefined, "v2:2", "v2:3"]);
  });

  it("restarts at most twice, then throws the third 409", async () => {
    const { fetchPage, asked } = service(2);
    await expect(collectListing(fetchPage, "GET /x")).resolves.toEqual(["v3-a", "v3-b", "v3-c", "v3-d"]);
    expect(asked.filter((t) => t === undefined)).toHaveLength(3);

    const endless = service(3);
    const failed = await collectListing(endless.fetchPage, "GET /x").catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PlatformError);
    expect((failed as PlatformError).status).toBe(409);
    expect(endless.asked.filter((t) => t === undefined)).toHaveLength(3);
  });

  it("does not restart on any other failure", async () => {
    let calls = 0;
    const fetchPage = async (token: string | undefined): Promise<Page<number>> => {
      calls += 1;
      if (token) throw PlatformError.generate(503, undefined, undefined, "GET /x");
      return { items: [1], nextPageToken: "t" };
    };
    await expect(collectListing(fetchPage, "GET /x")).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(2);
  });
});
