import { describe, expect, it } from "vitest";

import { isRefusedCallback, postSignInPath, signInPath } from "./post-sign-in";

const ORIGIN = "http://localhost:3100";

describe("postSignInPath", () => {
  it("keeps a path of this origin, with its query and fragment", () => {
    expect(postSignInPath("/restaurants/abc/kitchen?range=last7&level=1#tickets", ORIGIN)).toBe(
      "/restaurants/abc/kitchen?range=last7&level=1#tickets",
    );
    expect(postSignInPath("/", ORIGIN)).toBe("/");
    // next-auth hands the callback an absolute URL of our own origin.
    expect(postSignInPath(`${ORIGIN}/restaurants/abc/info`, ORIGIN)).toBe("/restaurants/abc/info");
  });

  it("normalises dot segments, and an encoded slash stays an encoded path character", () => {
    expect(postSignInPath("/restaurants/../overview", ORIGIN)).toBe("/overview");
    expect(postSignInPath("/%2F%2Fevil.example", ORIGIN)).toBe("/%2F%2Fevil.example");
    // A percent-encoded TAB that arrives still encoded is a literal path character, not a TAB.
    expect(postSignInPath("/%09/evil.example", ORIGIN)).toBe("/%09/evil.example");
  });

  it.each([
    ["a TAB the browser would drop", "/\t/evil.example"],
    ["a line feed", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["a backslash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["a leading space", " /restaurants"],
    ["a trailing space", "/restaurants "],
    ["protocol-relative", "//evil.example"],
    ["protocol-relative after a dot segment", "/.//evil.example"],
    ["another origin", "https://evil.example/"],
    ["a host that ends like ours", "http://localhost:3100.evil.example/"],
    ["our host on another port", "http://localhost:3101/"],
    ["our host over https", "https://localhost:3100/"],
    ["credentials in the URL", "http://user:pw@localhost:3100/"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a URL the parser refuses", "http://[::1"],
    ["a relative path", "restaurants"],
    ["a parent path", "../evil"],
    ["nothing", ""],
  ])("refuses %s", (_why, raw) => {
    expect(postSignInPath(raw, ORIGIN)).toBe("/");
  });

  it("refuses null and undefined, and an origin it cannot parse", () => {
    expect(postSignInPath(null, ORIGIN)).toBe("/");
    expect(postSignInPath(undefined, ORIGIN)).toBe("/");
    expect(postSignInPath("/x", "not an origin")).toBe("/");
  });
});

describe("signInPath", () => {
  it("carries a safe way back, and none for a refused one", () => {
    expect(signInPath("/restaurants/abc/info")).toBe("/sign-in?callbackUrl=%2Frestaurants%2Fabc%2Finfo");
    expect(signInPath("/\t/evil.example")).toBe("/sign-in");
    expect(signInPath("/")).toBe("/sign-in");
  });
});

describe("isRefusedCallback", () => {
  const origin = "http://localhost:3000";
  it("refuses what postSignInPath would not keep, but not an absent value or home itself", () => {
    for (const raw of [
      "\\\\evil.example",
      "http://[::1",
      " /restaurants",
      "/\n/evil.example",
      "/\r/x",
      "/\t/evil.example",
      "https://evil.example",
      "//evil.example",
      "javascript:alert(1)",
      "kitchen",
    ]) {
      expect(isRefusedCallback(raw, origin), JSON.stringify(raw)).toBe(true);
    }
    for (const raw of [
      undefined,
      null,
      "",
      "/",
      "/restaurants?x=1",
      "http://localhost:3000/restaurants",
      "http://localhost:3000",
    ]) {
      expect(isRefusedCallback(raw, origin), JSON.stringify(raw)).toBe(false);
    }
  });
});
