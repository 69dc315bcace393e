import { describe, expect, it } from "vitest";
import { PlatformContractError } from "@/lib/platform/errors";
import { buildQuery, collect, formatLastModified, paginate, type Page } from "@/lib/platform/paginate";

describe("formatLastModified", () => {
  it("writes milliseconds and a numeric UTC offset", () => {
    expect(formatLastModified(new Date("2024-07-09T08:05:03.007Z"))).toBe("2024-07-09T08:05:03.007+0000");
  });

  it("converts an instant given in another offset to UTC", () => {
    expect(formatLastModified(new Date("2024-01-01T00:30:00.000-05:00"))).toBe("2024-01-01T05:30:00.000+0000");
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
    await expect(collect(paginate(async () => ({ items: [0], nextPageToken: "same" }), "GET /config/v2/menus"))).rejects.toThrow(
      "GET /config/v2/menus: page token repeated",
    );
  });
});
